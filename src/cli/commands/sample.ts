import { join } from 'node:path';
import type { Command } from 'commander';
import { sampleCorpus, sampleNames } from '../../samples/corpus.js';
import { writeFileAtomic } from '../write-file.js';

export const SAMPLES_README = `# Sample corpus (synthetic)

Every file here is **synthetic**: written by anvil-skeleton's own writer from the rig
descriptions in \`src/samples/rigs.ts\`, shaped after the format knowledge the project is built
from. No game data is included. Regenerate with \`node dist/cli.js sample samples\`; a test
fails when these files are stale. \`names.txt\` lists every bone name of the rigs, for \`--names\`.

`;

export function registerSampleCommand(program: Command): void {
  program
    .command('sample')
    .description('write the bundled synthetic sample corpus (rider, bike, five addons, two components, a skater)')
    .argument('<outdir>', 'folder to write into (created if missing)')
    .addHelpText('after', '\nExample:\n  anvil-skel sample /tmp/corpus && anvil-skel validate --roundtrip /tmp/corpus')
    .action(async (outdir: string) => {
      const files = sampleCorpus();
      const lines = files.map((f) => `- \`${f.path}\` (${f.bytes.length} bytes): ${f.description}`);
      for (const file of files) await writeFileAtomic(join(outdir, file.path), file.bytes);
      await writeFileAtomic(join(outdir, 'names.txt'), `# Every bone name of the sample rigs, for --names\n${sampleNames().join('\n')}\n`);
      await writeFileAtomic(join(outdir, 'README.md'), `${SAMPLES_README}${lines.join('\n')}\n`);
      process.stdout.write(`wrote ${files.length} sample resources to ${outdir}\n`);
    });
}
