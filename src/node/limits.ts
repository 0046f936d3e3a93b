/** Limits and settings the Node workflows keep (a module of its own, so that the CLI's option declarations load nothing else). */

/** The default largest resource file read whole (the CLI's `--max-size`): larger ones are refused unread. */
export const DEFAULT_MAX_SIZE = 256 * 1024 * 1024;

const MIB = 1024 * 1024;
const SIZE_UNITS: Record<string, number> = {
  '': 1,
  b: 1,
  k: 1024,
  kb: 1024,
  kib: 1024,
  m: MIB,
  mb: MIB,
  mib: MIB,
  g: 1024 * MIB,
  gb: 1024 * MIB,
  gib: 1024 * MIB,
};

/**
 * A file size as people write it, in bytes: `300000`, `64MiB`, `1.5 GiB` (units are powers of
 * 1024, K/M/G alone or with B or iB). From 1 byte to 2 GiB − 1, the largest file Node reads into one
 * buffer; anything else is a RangeError saying what is taken (`option` names what was given).
 */
export function parseFileSize(text: string, option = 'the size'): number {
  const match = /^\s*(\d+(?:\.\d+)?)\s*([a-z]*)\s*$/i.exec(text);
  const unit = match ? SIZE_UNITS[match[2]!.toLowerCase()] : undefined;
  const bytes = match && unit !== undefined ? Math.floor(Number(match[1]) * unit) : NaN;
  if (!Number.isFinite(bytes) || bytes < 1 || bytes > 2 ** 31 - 1) {
    throw new RangeError(`${option} takes a size from 1 byte to 2 GiB, such as 300000, 64MiB or 1GiB; got "${text}"`);
  }
  return bytes;
}

/** Environment variable listing name files to read after the built-in names, separated like PATH (`:` on Linux, `;` on Windows). */
export const NAMES_ENV_VAR = 'ANVIL_SKEL_NAMES';
