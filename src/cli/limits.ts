/** Limits every command keeps (a module of its own, so declaring an option loads nothing else). */

/** The default `--max-size`: larger resource files are refused unread. */
export { DEFAULT_MAX_SIZE } from '../node/limits.js';
