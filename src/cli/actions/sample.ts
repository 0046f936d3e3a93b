/** What `sample` does (declared in commands/sample.ts). */
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { sampleCorpus, sampleNames } from '../../samples/corpus.js';
import { INVENTORY_DEFAULT_SEED, INVENTORY_TARGETS, inventoryCorpus } from '../../samples/inventory.js';
import { UsageError } from '../errors.js';
import { count, groupThousands } from '../../io/format.js';
import { resourceOutput, TEXT_OUTPUT } from '../../export/output-kind.js';
import { type OutputFile, writeFileAtomic, writeFilesAtomic, type WriteOptions } from '../../node/output-file.js';
import type { ForceOptionValues } from '../options.js';

export interface SampleCommandOptions extends ForceOptionValues {
  scale: 'bundled' | 'inventory';
  seed?: string;
}

export const SAMPLES_README = `# Sample corpus (synthetic)

Every file here is **synthetic**: written by anvil-skeleton's own writer from the rig
descriptions in \`src/samples/rigs.ts\`, shaped after the format knowledge the project is built
from. No game data is included. Regenerate with \`node dist/cli.js sample samples\`; a test
fails when these files are stale. \`names.txt\` lists every bone name of the rigs, for \`--names\`.

`;

const fmt = groupThousands;

export function inventoryReadme(seed: number): string {
  const t = INVENTORY_TARGETS;
  return `# Inventory-scale corpus (synthetic)

Every file here is **synthetic**: random rigs written by anvil-skeleton's own writer
(\`src/samples/inventory.ts\`, seed ${seed}), in the numbers of the seed's census: ${fmt(t.anvilnextSkeletons)}
\`anvilnext\` Skeletons holding ${fmt(t.anvilnextBones)} bones, ${fmt(t.scimitarSkeletons)} \`scimitar\` Skeletons holding
${fmt(t.scimitarBones)} bones and ${fmt(t.components)} SkeletonComponents. No game data is included. The same seed writes
the same bytes: \`anvil-skel sample <outdir> --scale inventory --seed ${seed}\`.
`;
}

/** A resource of the corpus: it replaces only the same resource (class and object id), an earlier sample's. */
const resourceFile = (path: string, bytes: Uint8Array): OutputFile => ({ path, data: bytes, kind: resourceOutput(bytes) });
const textFile = (path: string, text: string): OutputFile => ({ path, data: text, kind: TEXT_OUTPUT });

/** Writes the inventory-scale corpus; returns the number of resources written. */
async function writeInventory(outdir: string, seed: number, write: WriteOptions): Promise<number> {
  let written = 0;
  const pending: Promise<void>[] = [];
  for (const file of inventoryCorpus({ seed })) {
    pending.push(writeFileAtomic(resourceFile(join(outdir, file.path), file.bytes), { ...write, sync: false }));
    written++;
    // A few writes in flight at a time: faster than one by one, without holding the corpus.
    if (pending.length >= 32) await Promise.all(pending.splice(0));
  }
  await Promise.all(pending);
  await writeFileAtomic(textFile(join(outdir, 'README.md'), inventoryReadme(seed)), write);
  return written;
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
  const write: WriteOptions = { command: 'sample', force: options.force === true };
  if (options.scale === 'inventory') {
    const written = await writeInventory(outdir, parseSeed(options.seed), write);
    process.stdout.write(`wrote ${count(written, 'inventory-scale resource')} to ${outdir}\n`);
    return;
  }
  if (options.seed !== undefined) throw new UsageError('--seed applies to --scale inventory only');
  const files = sampleCorpus();
  const lines = files.map((f) => `- \`${f.path}\` (${f.bytes.length} bytes): ${f.description}`);
  // One batch: every file is checked against what is already there before any is written.
  await writeFilesAtomic(
    [
      ...files.map((file) => resourceFile(join(outdir, file.path), file.bytes)),
      textFile(join(outdir, 'names.txt'), `# Every bone name of the sample rigs, for --names\n${sampleNames().join('\n')}\n`),
      textFile(join(outdir, 'README.md'), `${SAMPLES_README}${lines.join('\n')}\n`),
    ],
    write,
  );
  process.stdout.write(`wrote ${count(files.length, 'sample resource')} to ${outdir}\n`);
}
