/**
 * Files are written whole or not at all: each into a temporary file beside its target (opened
 * exclusively, synced), then renamed over the target once every file is staged. A command never
 * writes over one of its inputs, whether named directly or through a link.
 */
import { mkdir, open, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { UsageError } from './errors.js';

export interface OutputFile {
  path: string;
  data: Uint8Array | string;
}

function reason(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (code === 'ENOENT') return 'no such directory';
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  if (code === 'EISDIR') return 'is a directory';
  return error instanceof Error ? error.message : String(error);
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
      if (options.createFolders) await mkdir(dirname(path), { recursive: true });
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

/** Refuses an output that is one of the inputs: a command never overwrites what it reads. */
export async function refuseToOverwriteInputs(outputs: readonly string[], inputs: readonly string[], command: string): Promise<void> {
  for (const output of outputs) {
    for (const input of inputs) {
      if (await sameFile(input, output)) throw new UsageError(`${command}: '${output}' is the input file ${input}; choose another output`);
    }
  }
}
