/** Files are written whole or not at all: into a temporary file beside the target, then renamed. */
import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { UsageError } from './errors.js';

export async function writeFileAtomic(path: string, data: Uint8Array | string): Promise<void> {
  const dir = dirname(path);
  await mkdir(dir, { recursive: true });
  const temp = join(dir, `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    await writeFile(temp, data);
    await rename(temp, path);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

/** Refuses an output path that is one of the inputs: a command never overwrites what it reads. */
export function assertNotInput(output: string, inputs: readonly string[]): void {
  const target = resolve(output);
  for (const input of inputs) {
    if (resolve(input) === target) throw new UsageError(`refusing to overwrite the input file ${input}`);
  }
}
