/** What `sample` does (declared in commands/sample.ts). */
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { sampleCorpus, sampleNames } from '../../samples/corpus.js';
import { INVENTORY_DEFAULT_SEED, INVENTORY_TARGETS, inventoryCorpus } from '../../samples/inventory.js';
import type { SampleCommandOptions } from '../commands/sample.js';
import { UsageError } from '../errors.js';
import { count, groupThousands } from '../../io/format.js';
import { writeFileAtomic } from '../write-file.js';

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

/** Writes the inventory-scale corpus; returns the number of resources written. */
async function writeInventory(outdir: string, seed: number): Promise<number> {
  let written = 0;
  const pending: Promise<void>[] = [];
  for (const file of inventoryCorpus({ seed })) {
    pending.push(writeFileAtomic(join(outdir, file.path), file.bytes, { sync: false }));
    written++;
    // A few writes in flight at a time: faster than one by one, without holding the corpus.
    if (pending.length >= 32) await Promise.all(pending.splice(0));
  }
  await Promise.all(pending);
  await writeFileAtomic(join(outdir, 'README.md'), inventoryReadme(seed));
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
  const existing = statSync(outdir, { throwIfNoEntry: false });
  if (existing !== undefined && !existing.isDirectory())
    throw new UsageError(`sample: ${outdir} is a file, not a directory; name a directory to write the corpus into`);
  if (options.scale === 'inventory') {
    const written = await writeInventory(outdir, parseSeed(options.seed));
    process.stdout.write(`wrote ${count(written, 'inventory-scale resource')} to ${outdir}\n`);
    return;
  }
  if (options.seed !== undefined) throw new UsageError('--seed applies to --scale inventory only');
  const files = sampleCorpus();
  const lines = files.map((f) => `- \`${f.path}\` (${f.bytes.length} bytes): ${f.description}`);
  for (const file of files) await writeFileAtomic(join(outdir, file.path), file.bytes);
  await writeFileAtomic(join(outdir, 'names.txt'), `# Every bone name of the sample rigs, for --names\n${sampleNames().join('\n')}\n`);
  await writeFileAtomic(join(outdir, 'README.md'), `${SAMPLES_README}${lines.join('\n')}\n`);
  process.stdout.write(`wrote ${count(files.length, 'sample resource')} to ${outdir}\n`);
}
