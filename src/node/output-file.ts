/**
 * The output rule every writer follows, for a Node program as for the CLI: before anything is
 * written, an output is never one of the inputs (named directly or through a link), never inside a
 * directory the walk reads, never the same file as another output; and a file already at its path
 * is replaced only when it holds what that output writes ({@link compareWithOutput}: JSON for a
 * JSON report, a GLB for a .glb, the same resource for a resource…). Anything else there, an
 * archive taken for a report path above all, is refused and left as it was, unless `force` is
 * given; even `force` replaces only a regular file, never an input, a directory, a device, a FIFO or
 * a socket. Missing folders of an output are created; a path whose folder cannot be created is refused.
 *
 * Files are written whole or not at all: each into a temporary file beside its target (opened
 * exclusively, synced), then renamed over the target once every file is staged. A report held
 * whole is written with synchronous calls (a few, each cheaper than a trip through the thread
 * pool, and node:fs/promises is not loaded at a start for them); a streamed output is asynchronous.
 */
import {
  accessSync,
  closeSync,
  constants,
  fstatSync,
  fsyncSync,
  mkdirSync,
  openSync,
  promises as fsPromises,
  readSync,
  renameSync,
  rmSync,
  statSync,
  writeSync,
} from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { compareWithOutput, describeOutputKind, OUTPUT_HEAD_BYTES, type OutputKind } from '../export/output-kind.js';
import { fsReason, isInside, realDestination, specialKind, type InputWalk } from './files.js';
import { DEFAULT_MAX_SIZE } from './limits.js';

/** The largest existing file read whole to tell its kind; a larger one is only replaced with `force`. */
const CONTENT_LIMIT = DEFAULT_MAX_SIZE;

/** What is at a path before an output is written there. */
export type ExistingOutput =
  | { kind: 'absent' }
  /** The path cannot be looked at (a loop, permission denied): the reason. */
  | { kind: 'unreachable'; reason: string }
  /** A directory, a device, a FIFO or a socket: never replaced, even with `force`. */
  | { kind: 'not-a-file'; what: string }
  /** A regular file, and whether it holds what the output writes (`what` says what it is when not). */
  | { kind: 'file'; same: boolean; what: string };

function readUpTo(path: string, limit: number): { bytes: Uint8Array; size: number } | { reason: string } {
  let fd: number;
  try {
    // Non-blocking: a FIFO that appeared since the stat cannot hang the check.
    fd = openSync(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  } catch (error) {
    return { reason: fsReason(error) };
  }
  try {
    const info = fstatSync(fd);
    if (!info.isFile()) return { reason: `is ${specialKind(info) ?? 'not a regular file'}` };
    const bytes = new Uint8Array(Math.min(info.size, limit));
    let filled = 0;
    while (filled < bytes.length) {
      const n = readSync(fd, bytes, filled, bytes.length - filled, filled);
      if (n === 0) break;
      filled += n;
    }
    return { bytes: bytes.subarray(0, filled), size: info.size };
  } catch (error) {
    return { reason: fsReason(error) };
  } finally {
    closeSync(fd);
  }
}

/**
 * What is at `path`, and whether it holds what an output of `kind` writes. An empty file holds
 * nothing to lose and counts as the same kind. Links are followed (the rename replaces the link,
 * but what it names is what a user would lose). An archive or resource is told from its first
 * bytes, so a multi-gigabyte archive costs a header read. Never throws.
 */
export function existingOutput(path: string, kind: OutputKind): ExistingOutput {
  let info;
  try {
    info = statSync(path, { throwIfNoEntry: false });
  } catch (error) {
    return { kind: 'unreachable', reason: fsReason(error) };
  }
  if (info === undefined) return { kind: 'absent' };
  if (info.isDirectory()) return { kind: 'not-a-file', what: 'a directory' };
  if (!info.isFile()) return { kind: 'not-a-file', what: specialKind(info) ?? 'something other than a file' };
  if (info.size === 0) return { kind: 'file', same: true, what: 'an empty file' };
  const head = readUpTo(path, OUTPUT_HEAD_BYTES);
  if (!('bytes' in head)) return { kind: 'unreachable', reason: `cannot read what is there: ${head.reason}` };
  const size = info.size;
  const whole = (): Uint8Array | null => {
    if (size > CONTENT_LIMIT) return null;
    const read = readUpTo(path, CONTENT_LIMIT);
    return 'bytes' in read ? read.bytes : null;
  };
  const other = (file: string): Uint8Array | null => {
    const read = readUpTo(file, CONTENT_LIMIT);
    return 'bytes' in read && read.bytes.length >= read.size ? read.bytes : null;
  };
  return { kind: 'file', ...compareWithOutput(kind, { size, head: head.bytes, whole, other }) };
}

/** One file to write under the output rule: where, what bytes, and what kind of thing they are. */
export interface OutputFile {
  /** Where it goes. */
  path: string;
  /** Its bytes (a string is written as UTF-8). */
  data: Uint8Array | string;
  /** What it holds: an existing file at `path` is replaced only when it holds the same kind. */
  kind: OutputKind;
  /** The option that named it, for messages (`-o`, `--json`); the path alone when absent. */
  option?: string;
}

/**
 * An output the rule refuses (a file of another kind at its path, a folder that cannot hold it):
 * nothing is written, and the file at its path is left as it was. The CLI exits 2 on it.
 */
export class OutputRefusedError extends Error {
  override name = 'OutputRefusedError';
}

/**
 * An output that could lose data however the rule would judge it: two outputs naming one file, an
 * output that is an input or lies inside a directory being read, or a folder that cannot be
 * created. Nothing is written; the CLI exits 2 on it.
 */
export class UnsafeOutputError extends Error {
  override name = 'UnsafeOutputError';
}

const named = (command: string, option: string | undefined, path: string): string =>
  option === undefined ? `${command}: '${path}'` : `${command}: ${option} '${path}'`;

/**
 * Why the output cannot go to `path` as things stand, or null when it can: its nearest existing
 * folder must be a folder we may write in (missing ones below it are created), and a file there
 * must be absent, empty, of the output's kind, or (with `force`) any regular file.
 */
export function outputRefusal(path: string, kind: OutputKind, option: string | undefined, command: string, force = false): string | null {
  const label = named(command, option, path);
  const folder = folderProblem(path);
  if (folder !== null) return `${label}: ${folder}`;
  const existing = existingOutput(path, kind);
  switch (existing.kind) {
    case 'absent':
      return null;
    case 'unreachable':
      return `${label}: ${existing.reason}`;
    case 'not-a-file':
      return `${label} is ${existing.what}, not a file: left untouched (even --force replaces only a regular file)`;
    case 'file':
      if (existing.same || force) return null;
      return `${label} exists and is ${existing.what}, not ${describeOutputKind(kind)}: left untouched (--force replaces it)`;
  }
}

/** Why the folder of `path` cannot hold it: its nearest existing ancestor is a file, or we may not write there. */
function folderProblem(path: string): string | null {
  let dir = dirname(resolve(path));
  for (;;) {
    let info;
    try {
      info = statSync(dir, { throwIfNoEntry: false });
    } catch (error) {
      // ENOTDIR: a part of the path is a file; the walk up finds which.
      if ((error as NodeJS.ErrnoException).code !== 'ENOTDIR') return `cannot reach the folder ${dir}: ${fsReason(error)}`;
    }
    if (info === undefined) {
      const up = dirname(dir);
      if (up === dir) return `no folder of it exists`;
      dir = up;
      continue;
    }
    if (!info.isDirectory()) return `${dir} is a file, so the folder of the output cannot be created there`;
    try {
      accessSync(dir, constants.W_OK | constants.X_OK);
    } catch {
      return `cannot create files in ${dir}: permission denied`;
    }
    return null;
  }
}

/** Why a write failed: a missing path is a missing folder here (the file itself is about to be created). */
function reason(error: unknown): string {
  return (error as NodeJS.ErrnoException | null)?.code === 'ENOENT' ? 'no such directory' : fsReason(error);
}

let staged = 0;

/** A temporary name beside the target; opened exclusively, so a clash fails rather than overwrites. */
function temporaryName(path: string): string {
  const unique = `${process.pid.toString(36)}${Date.now().toString(36)}${(staged++).toString(36)}${Math.floor(Math.random() * 2 ** 32).toString(36)}`;
  return join(dirname(path), `.${basename(path)}.${unique}.tmp`);
}

function stage(path: string, data: Uint8Array | string, sync: boolean): string {
  const temp = temporaryName(path);
  let fd: number | undefined;
  try {
    fd = openSync(temp, 'wx');
    const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
    for (let at = 0; at < bytes.length;) at += writeSync(fd, bytes, at, bytes.length - at);
    if (sync) fsyncSync(fd);
    const open = fd;
    fd = undefined;
    closeSync(open);
  } catch (error) {
    const open = fd;
    if (open !== undefined) quietly(() => closeSync(open));
    quietly(() => rmSync(temp, { force: true }));
    throw new Error(`cannot write ${path}: ${reason(error)}`);
  }
  return temp;
}

/** A clean-up step after a failure: its own failure is not the one to tell. */
function quietly(step: () => void): void {
  try {
    step();
  } catch {
    // The error that led here is the one to tell.
  }
}

/** How {@link writeFilesAtomic} and its siblings write. */
export interface WriteOptions {
  /** Who writes, the first word of each message (the CLI's command name). */
  command: string;
  /** Replace an existing regular file that holds something else (`--force`). */
  force?: boolean;
  /** Flush each file to disk before the rename (default true; a bulk corpus writer turns it off). */
  sync?: boolean;
}

/**
 * Writes every file, or none of them: each is checked against the output rule first (a refusal
 * is an OutputRefusal and nothing is written), missing folders are created, then each is staged
 * and renamed into place.
 */
export async function writeFilesAtomic(files: readonly OutputFile[], options: WriteOptions): Promise<void> {
  const refusals = files.flatMap((file) => outputRefusal(file.path, file.kind, file.option, options.command, options.force) ?? []);
  if (refusals.length > 0) throw new OutputRefusedError(refusals.join('\n'));
  const staged: { temp: string; path: string }[] = [];
  try {
    for (const { path, data } of files) {
      try {
        mkdirSync(dirname(path), { recursive: true });
      } catch (error) {
        throw new UnsafeOutputError(`cannot create the folder of ${path}: ${reason(error)}`);
      }
      staged.push({ temp: stage(path, data, options.sync !== false), path });
    }
    while (staged.length > 0) {
      const { temp, path } = staged[0]!;
      try {
        renameSync(temp, path);
      } catch (error) {
        throw new Error(`cannot write ${path}: ${reason(error)}`);
      }
      staged.shift();
    }
  } finally {
    for (const { temp } of staged) quietly(() => rmSync(temp, { force: true }));
  }
}

/**
 * One file written as a stream, whole or not at all, under the same rule: checked first, then
 * written a piece at a time into a temporary file beside it (so memory stays flat however large it
 * is), synced, and renamed into place; on any failure the temporary file is removed and the target
 * left as it was.
 */
export async function writeStreamAtomic(
  output: Omit<OutputFile, 'data'>,
  write: (sink: OutputSink) => Promise<void>,
  options: WriteOptions,
): Promise<void> {
  const refusal = outputRefusal(output.path, output.kind, output.option, options.command, options.force);
  if (refusal !== null) throw new OutputRefusedError(refusal);
  await fsPromises.mkdir(dirname(output.path), { recursive: true }).catch((error: unknown) => {
    throw new UnsafeOutputError(`cannot create the folder of ${output.path}: ${reason(error)}`);
  });
  const temp = temporaryName(output.path);
  let handle;
  let done = false;
  try {
    handle = await fsPromises.open(temp, 'wx');
    const file = handle;
    let end = 0;
    await write({
      async write(bytes) {
        let at = 0;
        while (at < bytes.length) at += (await file.write(bytes, at, bytes.length - at, end + at)).bytesWritten;
        end += bytes.length;
      },
      async writeAt(bytes, position) {
        let at = 0;
        while (at < bytes.length) at += (await file.write(bytes, at, bytes.length - at, position + at)).bytesWritten;
        end = Math.max(end, position + bytes.length);
      },
    });
    if (options.sync !== false) await handle.sync();
    await handle.close();
    handle = undefined;
    await fsPromises.rename(temp, output.path).catch((error: unknown) => {
      throw new Error(`cannot write ${output.path}: ${reason(error)}`);
    });
    done = true;
  } finally {
    await handle?.close().catch(() => undefined);
    if (!done) await fsPromises.rm(temp, { force: true });
  }
}

/** Where a streamed output is written: `write` appends after the furthest byte written, `writeAt` places bytes at an offset. */
export interface OutputSink {
  /** Appends `bytes` after the furthest byte written so far. */
  write(bytes: Uint8Array): Promise<void>;
  /** Places `bytes` at `position` of the file (a gap left between writes reads as zeros). */
  writeAt(bytes: Uint8Array, position: number): Promise<void>;
}

/** One file, whole or not at all, under the same rule. */
export async function writeFileAtomic(file: OutputFile, options: WriteOptions): Promise<void> {
  await writeFilesAtomic([file], options);
}

/** True when both paths name the same file: the same path, or the same device and inode. */
function sameFile(a: string, b: string): boolean {
  if (resolve(a) === resolve(b)) return true;
  const sa = statQuietly(a);
  const sb = statQuietly(b);
  return sa !== undefined && sb !== undefined && sa.dev === sb.dev && sa.ino === sb.ino;
}

function statQuietly(path: string): ReturnType<typeof statSync> {
  try {
    return statSync(path, { throwIfNoEntry: false });
  } catch {
    // A part of the path is a file: outputRefusal says so.
    return undefined;
  }
}

/** An output a command is about to write: its path, the option that named it (for messages) and what it holds. */
export interface PlannedOutput {
  /** Where it goes. */
  path: string;
  /** The option that named it, for messages (`--json`). */
  option: string;
  /** What it holds. */
  kind: OutputKind;
}

/**
 * Refuses, before anything is written (and before a long run is spent on a report that could not
 * be written), every output that could lose data: two outputs naming one file; an output that is
 * one of the inputs (named directly or through a link), or lies inside a directory the walk reads;
 * and, under the output rule, whatever is at its path that it may not replace (see {@link outputRefusal}).
 * `force` relaxes only the last, for a regular file.
 */
export async function refuseUnsafeOutputs(
  outputs: readonly PlannedOutput[],
  inputs: readonly string[],
  command: string,
  walk?: InputWalk,
  options: { force?: boolean } = {},
): Promise<void> {
  const seen = new Map<string, PlannedOutput>();
  for (const output of outputs) {
    const destination = realDestination(output.path);
    const earlier = seen.get(destination);
    if (earlier !== undefined)
      throw new UnsafeOutputError(`${command}: ${earlier.option} and ${output.option} both name ${output.path}; give each its own file`);
    seen.set(destination, output);
    for (const input of inputs) {
      if (sameFile(input, output.path))
        throw new UnsafeOutputError(`${command}: ${output.option} '${output.path}' is the input file ${input}; choose another output`);
    }
    if (walk !== undefined) {
      const info = statQuietly(destination);
      if (info !== undefined && walk.fileKeys.has(`${info.dev}:${info.ino}`))
        throw new UnsafeOutputError(`${command}: ${output.option} '${output.path}' is one of the input files; choose another output`);
      for (const dir of walk.directories) {
        if (isInside(destination, dir))
          throw new UnsafeOutputError(
            `${command}: ${output.option} '${output.path}' lies inside the input directory ${dir}, which is being read; write it outside the inputs`,
          );
      }
    }
    const refusal = outputRefusal(output.path, output.kind, output.option, command, options.force);
    if (refusal !== null) throw new OutputRefusedError(refusal);
  }
}
