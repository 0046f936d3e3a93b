/** What `sample` does (declared in commands/sample.ts). */
import { statSync } from 'node:fs';
import { INVENTORY_DEFAULT_SEED } from '../../samples/inventory.js';
import { writeSampleCorpus } from '../../node/sample-corpus.js';
import { UsageError } from '../errors.js';
import { count } from '../../io/format.js';
import type { ForceOptionValues } from '../options.js';

export interface SampleCommandOptions extends ForceOptionValues {
  scale: 'bundled' | 'inventory';
  seed?: string;
}

function parseSeed(value: string | undefined): number {
  if (value === undefined) return INVENTORY_DEFAULT_SEED;
  const seed = Number(value);
  if (!/^\d+$/.test(value) || seed > 0xffffffff) throw new UsageError(`--seed takes a whole number 0..4294967295, got "${value}"`);
  return seed;
}

/** Runs `sample` with what commander parsed. */
export async function sampleCommand(outdir: string, options: SampleCommandOptions): Promise<void> {
  let existing;
  try {
    existing = statSync(outdir, { throwIfNoEntry: false });
  } catch {
    // A part of the path is a file: the output rule says which when the files are written.
  }
  if (existing !== undefined && !existing.isDirectory())
    throw new UsageError(`sample: ${outdir} is a file, not a directory; name a directory to write the corpus into`);
  const force = options.force === true;
  const inventory = options.scale === 'inventory';
  if (!inventory && options.seed !== undefined) throw new UsageError('--seed applies to --scale inventory only');
  const corpus = inventory ? ({ scale: 'inventory', seed: parseSeed(options.seed) } as const) : ({ scale: 'bundled' } as const);
  const written = await writeSampleCorpus(outdir, { ...corpus, force });
  process.stdout.write(`wrote ${count(written, inventory ? 'inventory-scale resource' : 'sample resource')} to ${outdir}\n`);
}
