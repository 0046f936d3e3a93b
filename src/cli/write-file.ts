/**
 * The output rule every command that writes follows, in one place. Before anything is written:
 * an output is never one of the inputs (named directly or through a link), never inside a
 * directory the walk reads, never the same file as another output; and a file already at its path
 * is replaced only when it holds what that output writes (output-kinds.ts: JSON for a JSON report,
 * a GLB for a .glb, the same resource for a resource…). Anything else there, an archive taken for
 * a report path above all, is refused (exit 2) and left as it was, unless `--force` is given; even
 * `--force` replaces only a regular file, never an input, a directory, a device, a FIFO or a socket.
 * Missing folders of an output are created; a path whose folder cannot be created is refused.
 *
 * Files are written whole or not at all: each into a temporary file beside its target (opened
 * exclusively, synced), then renamed over the target once every file is staged.
 */
import { accessSync, constants, statSync } from 'node:fs';
import { mkdir, open, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { UsageError } from './errors.js';
import { fsReason, isInside, realDestination, type InputWalk } from './files.js';
import { describeKind, existingOutput, type OutputKind } from './output-kinds.js';

export type { OutputKind } from './output-kinds.js';
export {
  ARCHIVE_OUTPUT,
  rawOutput,
  GLTF_OUTPUT,
  JSON_OUTPUT,
  POSE_ARRAY_OUTPUT,
  TEXT_OUTPUT,
  gltfBufferOutput,
  paletteOutput,
  resourceOutput,
} from './output-kinds.js';

export interface OutputFile {
  path: string;
  data: Uint8Array | string;
  /** What it holds: an existing file at `path` is replaced only when it holds the same kind. */
  kind: OutputKind;
  /** The option that named it, for messages (`-o`, `--json`); the path alone when absent. */
  option?: string;
}

/** An output the rule refuses: a usage error (exit 2), and the file at its path left as it was. */
export class OutputRefusal extends UsageError {
  override name = 'OutputRefusal';
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
      return `${label} exists and is ${existing.what}, not ${describeKind(kind)}: left untouched (--force replaces it)`;
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

async function stage(path: string, data: Uint8Array | string, sync: boolean): Promise<string> {
  const temp = temporaryName(path);
  let handle;
  try {
    handle = await open(temp, 'wx');
    await handle.writeFile(data);
    if (sync) await handle.sync();
  } catch (error) {
    await handle?.close().catch(() => undefined);
    handle = undefined;
    await rm(temp, { force: true });
    throw new Error(`cannot write ${path}: ${reason(error)}`);
  } finally {
    await handle?.close();
  }
  return temp;
}

export interface WriteOptions {
  /** The command, for messages. */
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
  if (refusals.length > 0) throw new OutputRefusal(refusals.join('\n'));
  const staged: { temp: string; path: string }[] = [];
  try {
    for (const { path, data } of files) {
      await mkdir(dirname(path), { recursive: true }).catch((error: unknown) => {
        throw new UsageError(`cannot create the folder of ${path}: ${reason(error)}`);
      });
      staged.push({ temp: await stage(path, data, options.sync !== false), path });
    }
    while (staged.length > 0) {
      const { temp, path } = staged[0]!;
      await rename(temp, path).catch((error: unknown) => {
        throw new Error(`cannot write ${path}: ${reason(error)}`);
      });
      staged.shift();
    }
  } finally {
    await Promise.all(staged.map(({ temp }) => rm(temp, { force: true })));
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
  write: (sink: { write(bytes: Uint8Array): Promise<void> }) => Promise<void>,
  options: WriteOptions,
): Promise<void> {
  const refusal = outputRefusal(output.path, output.kind, output.option, options.command, options.force);
  if (refusal !== null) throw new OutputRefusal(refusal);
  await mkdir(dirname(output.path), { recursive: true }).catch((error: unknown) => {
    throw new UsageError(`cannot create the folder of ${output.path}: ${reason(error)}`);
  });
  const temp = temporaryName(output.path);
  let handle;
  let done = false;
  try {
    handle = await open(temp, 'wx');
    const file = handle;
    await write({
      async write(bytes) {
        let at = 0;
        while (at < bytes.length) at += (await file.write(bytes, at, bytes.length - at)).bytesWritten;
      },
    });
    if (options.sync !== false) await handle.sync();
    await handle.close();
    handle = undefined;
    await rename(temp, output.path).catch((error: unknown) => {
      throw new Error(`cannot write ${output.path}: ${reason(error)}`);
    });
    done = true;
  } finally {
    await handle?.close().catch(() => undefined);
    if (!done) await rm(temp, { force: true });
  }
}

/** One file, whole or not at all, under the same rule. */
export async function writeFileAtomic(file: OutputFile, options: WriteOptions): Promise<void> {
  await writeFilesAtomic([file], options);
}

/** True when both paths name the same file: the same path, or the same device and inode. */
export async function sameFile(a: string, b: string): Promise<boolean> {
  if (resolve(a) === resolve(b)) return true;
  const [sa, sb] = await Promise.all([stat(a).catch(() => null), stat(b).catch(() => null)]);
  return sa !== null && sb !== null && sa.dev === sb.dev && sa.ino === sb.ino;
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
  path: string;
  option: string;
  kind: OutputKind;
}

/**
 * Refuses, before anything is written (and before a long run is spent on a report that could not
 * be written), every output that could lose data: two outputs naming one file; an output that is
 * one of the inputs (named directly or through a link), or lies inside a directory the walk reads;
 * and, under the output rule, whatever is at its path that it may not replace (see outputRefusal).
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
      throw new UsageError(`${command}: ${earlier.option} and ${output.option} both name ${output.path}; give each its own file`);
    seen.set(destination, output);
    for (const input of inputs) {
      if (await sameFile(input, output.path))
        throw new UsageError(`${command}: ${output.option} '${output.path}' is the input file ${input}; choose another output`);
    }
    if (walk !== undefined) {
      const info = statQuietly(destination);
      if (info !== undefined && walk.fileKeys.has(`${info.dev}:${info.ino}`))
        throw new UsageError(`${command}: ${output.option} '${output.path}' is one of the input files; choose another output`);
      for (const dir of walk.directories) {
        if (isInside(destination, dir))
          throw new UsageError(
            `${command}: ${output.option} '${output.path}' lies inside the input directory ${dir}, which is being read; write it outside the inputs`,
          );
      }
    }
    const refusal = outputRefusal(output.path, output.kind, output.option, command, options.force);
    if (refusal !== null) throw new OutputRefusal(refusal);
  }
}
