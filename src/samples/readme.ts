/** The README and names file written beside a sample corpus: what it is, and how to make it again. */
import { groupThousands } from '../io/format.js';
import type { SampleFile } from './corpus.js';
import { INVENTORY_TARGETS } from './inventory.js';

const SAMPLES_README = `# Sample corpus (synthetic)

Every file here is **synthetic**: written by anvil-skeleton's own writer from the rig
descriptions in \`src/samples/rigs.ts\`, shaped after the format knowledge the project is built
from. No game data is included. Regenerate with \`node dist/cli.cjs sample samples\`; a test
fails when these files are stale. \`names.txt\` lists every bone name of the rigs, for \`--names\`.

`;

/** The README of the bundled corpus: what it is, then each file with its size and description. */
export function samplesReadme(files: readonly SampleFile[]): string {
  const lines = files.map((f) => `- \`${f.path}\` (${f.bytes.length} bytes): ${f.description}`);
  return `${SAMPLES_README}${lines.join('\n')}\n`;
}

/** The names file of the bundled corpus: every bone name of its rigs, one a line, for `--names`. */
export function sampleNamesFile(names: readonly string[]): string {
  return `# Every bone name of the sample rigs, for --names\n${names.join('\n')}\n`;
}

/** The README of the inventory-scale corpus of `seed`: its counts, and the command that writes the same bytes. */
export function inventoryReadme(seed: number): string {
  const t = INVENTORY_TARGETS;
  const fmt = groupThousands;
  return `# Inventory-scale corpus (synthetic)

Every file here is **synthetic**: random rigs written by anvil-skeleton's own writer
(\`src/samples/inventory.ts\`, seed ${seed}), in the numbers of the seed's census: ${fmt(t.anvilnextSkeletons)}
\`anvilnext\` Skeletons holding ${fmt(t.anvilnextBones)} bones, ${fmt(t.scimitarSkeletons)} \`scimitar\` Skeletons holding
${fmt(t.scimitarBones)} bones and ${fmt(t.components)} SkeletonComponents. No game data is included. The same seed writes
the same bytes: \`anvil-skel sample <outdir> --scale inventory --seed ${seed}\`.
`;
}
