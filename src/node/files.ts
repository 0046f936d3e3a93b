/**
 * The one walk over the paths a command is given. Every path is accounted for: a file to read,
 * or a problem with its reason (missing, permission denied, symlink loop, dangling link, a FIFO,
 * device or socket). Symbolic links are followed, each real directory is walked once (a link back
 * to a directory being walked is a loop, reported and not followed), and each real file is listed
 * once however many inputs or links reach it.
 *
 * The walk is synchronous: listing is quick, and awaiting each directory and each yielded path
 * cost a census of two thousand files more than a tenth of its time.
 */
import { lstatSync, readdirSync, realpathSync, statSync, type Dirent, type Stats } from 'node:fs';
import { basename, dirname, join, resolve, sep } from 'node:path';

/** None of the paths given to {@link walkInputs} exists (or can be looked at): the call was mistyped. */
export class NoInputError extends Error {
  override name = 'NoInputError';
}

/** A regular file to read. */
export interface InputFile {
  path: string;
  /** Named on the command line (not found inside a directory). */
  explicit: boolean;
}

/**
 * A path that is not read, with the reason. `failed`: it counts as a failure (a named path that
 * cannot be read, an unreadable directory); otherwise it is skipped and counted (a FIFO, a loop or
 * a dangling link found inside a directory).
 */
export interface InputProblem {
  path: string;
  reason: string;
  failed: boolean;
}

/** What {@link walkInputs} found: the files to read, the paths not read, and what the walk covered. */
export interface InputWalk {
  /** Every real file, once, in walk order (each named path in turn, each directory in name order). */
  files: InputFile[];
  /** Every path not read, with its reason. */
  problems: InputProblem[];
  /** Real paths of every directory walked, to keep outputs out of them. */
  directories: Set<string>;
  /** `dev:ino` of every file listed. */
  fileKeys: Set<string>;
}

const byName = (a: Dirent, b: Dirent): number => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

function errnoCode(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException | null)?.code;
}

/** A reason in words for a failed file-system call. */
export function fsReason(error: unknown): string {
  switch (errnoCode(error)) {
    case 'ENOENT':
      return 'no such file or directory';
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'ELOOP':
      return 'symlink loop';
    case 'ENOTDIR':
      return 'a part of the path is not a directory';
    case 'EISDIR':
      return 'is a directory';
    case 'EMFILE':
    case 'ENFILE':
      return 'too many open files';
    case 'EIO':
      return 'input/output error';
    default:
      return error instanceof Error ? error.message : String(error);
  }
}

/** What a file that is neither a regular file nor a directory is, for "skipped: is a FIFO". */
export function specialKind(info: Stats | Dirent): string | null {
  if (info.isFIFO()) return 'a FIFO';
  if (info.isSocket()) return 'a socket';
  if (info.isCharacterDevice()) return 'a character device';
  if (info.isBlockDevice()) return 'a block device';
  return null;
}

const fileKey = (info: Stats): string => `${info.dev}:${info.ino}`;

/** Why a path whose link cannot be followed is not read: a loop, or a link to nothing. */
function brokenLinkReason(path: string, error: unknown): string {
  if (errnoCode(error) === 'ELOOP') return 'symlink loop';
  if (errnoCode(error) === 'ENOENT') return 'dangling symlink (its target does not exist)';
  return fsReason(error);
}

function isSymbolicLink(path: string): boolean {
  try {
    return lstatSync(path, { throwIfNoEntry: false })?.isSymbolicLink() ?? false;
  } catch {
    return false;
  }
}

class Walker {
  readonly files: InputFile[] = [];
  readonly problems: InputProblem[] = [];
  readonly directories = new Set<string>();
  readonly fileKeys = new Set<string>();
  /** Real paths of the directories being walked right now: a link to one of them is a loop. */
  private readonly open: string[] = [];

  addFile(path: string, info: Stats, explicit: boolean): void {
    const key = fileKey(info);
    if (this.fileKeys.has(key)) return;
    this.fileKeys.add(key);
    this.files.push({ path, explicit });
  }

  walkDirectory(path: string): void {
    let real: string;
    try {
      real = realpathSync(path);
    } catch (error) {
      this.problems.push({ path, reason: fsReason(error), failed: true });
      return;
    }
    if (this.directories.has(real)) {
      // Reached again through a link or an overlapping input: a loop when it is still being walked.
      if (this.open.includes(real))
        this.problems.push({ path, reason: 'symlink loop: a link back to a directory being walked', failed: false });
      return;
    }
    this.directories.add(real);
    let entries: Dirent[];
    try {
      entries = readdirSync(path, { withFileTypes: true });
    } catch (error) {
      this.problems.push({ path, reason: `cannot list the directory: ${fsReason(error)}`, failed: true });
      return;
    }
    this.open.push(real);
    for (const entry of entries.sort(byName)) this.walkEntry(join(path, entry.name), entry);
    this.open.pop();
  }

  private walkEntry(path: string, entry: Dirent): void {
    if (entry.isDirectory()) return this.walkDirectory(path);
    let info: Stats;
    try {
      // Follows links; also fills in types a file system does not report in the listing.
      info = statSync(path);
    } catch (error) {
      const failed = !entry.isSymbolicLink() && errnoCode(error) !== 'ENOENT';
      this.problems.push({ path, reason: entry.isSymbolicLink() ? brokenLinkReason(path, error) : fsReason(error), failed });
      return;
    }
    if (info.isDirectory()) return this.walkDirectory(path);
    if (info.isFile()) return this.addFile(path, info, false);
    this.problems.push({ path, reason: `is ${specialKind(info) ?? 'not a regular file'}; not read`, failed: false });
  }

  walkNamed(path: string): boolean {
    let info: Stats;
    try {
      info = statSync(path);
    } catch (error) {
      const code = errnoCode(error);
      const isLink = isSymbolicLink(path);
      this.problems.push({ path, reason: isLink ? brokenLinkReason(path, error) : fsReason(error), failed: true });
      return code !== 'ENOENT' || isLink;
    }
    if (info.isDirectory()) this.walkDirectory(path);
    else if (info.isFile()) this.addFile(path, info, true);
    else this.problems.push({ path, reason: `is ${specialKind(info) ?? 'not a regular file'}; not read`, failed: true });
    return true;
  }
}

/**
 * Walks the named paths depth first, each directory in name order, so reports are stable. A
 * missing path among others is a problem in the walk; when no named path exists at all, the call
 * was mistyped: a {@link NoInputError}.
 */
export function walkInputs(paths: readonly string[]): InputWalk {
  const walker = new Walker();
  let found = 0;
  for (const path of paths) if (walker.walkNamed(path)) found++;
  if (found === 0 && paths.length > 0) {
    const problem = walker.problems[0]!;
    throw new NoInputError(
      paths.length === 1 ? `${problem.reason}: ${problem.path}` : `none of the ${paths.length} paths exists: ${paths.join(', ')}`,
    );
  }
  return { files: walker.files, problems: walker.problems, directories: walker.directories, fileKeys: walker.fileKeys };
}

/**
 * Where a path would land on disk: its real path when it exists, else the real path of its nearest
 * existing folder with the missing parts below it (so a folder still to be created under a link
 * into an input is still seen to lie inside that input).
 */
export function realDestination(path: string): string {
  const absolute = resolve(path);
  try {
    return realpathSync(absolute);
  } catch {
    // Not there yet: a folder above it may exist, reached through links.
  }
  const missing: string[] = [basename(absolute)];
  for (let dir = dirname(absolute); ; dir = dirname(dir)) {
    try {
      return join(realpathSync(dir), ...missing);
    } catch {
      if (dirname(dir) === dir) return absolute;
      missing.unshift(basename(dir));
    }
  }
}

/** True when `path` is `dir` or lies below it (both real paths). */
export function isInside(path: string, dir: string): boolean {
  return path === dir || path.startsWith(dir.endsWith(sep) ? dir : dir + sep);
}
