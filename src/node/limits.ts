/** Limits the Node workflows keep (a module of its own, so that the CLI's option declarations load nothing else). */

/** The default largest resource file read whole (the CLI's `--max-size`): larger ones are refused unread. */
export const DEFAULT_MAX_SIZE = 256 * 1024 * 1024;
