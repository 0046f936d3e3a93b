/** The Node file source of archives, for the commands: the node entry's (src/node/archive-file-source.ts). */
export { openArchiveFile, type ArchiveFileSource } from '../node/archive-file-source.js';
