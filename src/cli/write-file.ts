/**
 * Files are written whole or not at all: each into a temporary file beside its target (opened
 * exclusively, synced), then renamed over the target once every file is staged. A command never
 * writes over one of its inputs, whether named directly or through a link.
 */
import { statSync } from 'node:fs';
import { mkdir, open, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { UsageError } from './errors.js';
import { fsReason, isInside, realDestination, type InputWalk } from './files.js';
import { resourceClassOf } from './input-file.js';

export interface OutputFile {
  path: string;
  data: Uint8Array | string;
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
  /** Create missing folders. */
  createFolders?: boolean;
  /** Flush each file to disk before the rename (default true; a bulk corpus writer turns it off). */
  sync?: boolean;
}

/** Writes every file, or none of them. */
export async function writeFilesAtomic(files: readonly OutputFile[], options: WriteOptions = {}): Promise<void> {
  const staged: { temp: string; path: string }[] = [];
  try {
    for (const { path, data } of files) {
      if (options.createFolders) {
        await mkdir(dirname(path), { recursive: true }).catch((error: unknown) => {
          throw new UsageError(`cannot create the folder of ${path}: ${reason(error)}`);
        });
      }
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

/** One file, whole or not at all; missing folders are created. */
export async function writeFileAtomic(path: string, data: Uint8Array | string, options: WriteOptions = {}): Promise<void> {
  await writeFilesAtomic([{ path, data }], { createFolders: true, ...options });
}

/** True when both paths name the same file: the same path, or the same device and inode. */
export async function sameFile(a: string, b: string): Promise<boolean> {
  if (resolve(a) === resolve(b)) return true;
  const [sa, sb] = await Promise.all([stat(a).catch(() => null), stat(b).catch(() => null)]);
  return sa !== null && sb !== null && sa.dev === sb.dev && sa.ino === sb.ino;
}

/** An output a command is about to write, and the option that named it (for messages). */
export interface PlannedOutput {
  path: string;
  option: string;
  /**
   * The output is itself a resource (`import -o out.Skeleton`), so an existing Skeleton there is
   * an earlier output to replace, not a mistyped report path. Inputs are still never replaced.
   */
  isResource?: boolean;
}

/**
 * Refuses, before anything is read or written, every output that could lose data: two outputs
 * naming one file; an output that is one of the inputs (named directly or through a link), or lies
 * inside a directory the walk reads; an existing directory; an existing file that is itself a
 * Skeleton or SkeletonComponent (a mistyped option value, never a report to replace).
 */
export async function refuseUnsafeOutputs(
  outputs: readonly PlannedOutput[],
  inputs: readonly string[],
  command: string,
  walk?: InputWalk,
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
    const info = statSync(destination, { throwIfNoEntry: false });
    if (walk !== undefined) {
      if (info !== undefined && walk.fileKeys.has(`${info.dev}:${info.ino}`))
        throw new UsageError(`${command}: ${output.option} '${output.path}' is one of the input files; choose another output`);
      for (const dir of walk.directories) {
        if (isInside(destination, dir))
          throw new UsageError(
            `${command}: ${output.option} '${output.path}' lies inside the input directory ${dir}, which is being read; write it outside the inputs`,
          );
      }
    }
    if (info?.isDirectory()) throw new UsageError(`${command}: ${output.option} '${output.path}' is a directory; name a file`);
    if (info?.isFile() && output.isResource !== true && resourceClassOf(destination) !== null) {
      throw new UsageError(`${command}: ${output.option} '${output.path}' is a Skeleton resource, not a report; it is never overwritten`);
    }
  }
}
