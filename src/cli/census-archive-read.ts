/** Why a skeletal record of an archive is refused when no layout reads it: the library's message (src/analysis/census/archive.ts), for the commands that still import it from here. */
export { unreadRecordMessage } from '../analysis/census/archive.js';
