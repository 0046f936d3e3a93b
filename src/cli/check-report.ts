// The lines live in the library (src/export/check-lines.ts); this keeps the commands' imports.
export { checkFailureLines, offenderLine } from '../export/check-lines.js';
