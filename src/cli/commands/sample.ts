/** `sample <outdir>`: the bundled or an inventory-scale synthetic corpus. The work is in actions/sample.ts, loaded only when the command runs. */
import { Option, type Command } from 'commander';
import { INVENTORY_DEFAULT_SEED } from '../../samples/inventory-seed.js';
import { addForceOption, OUTPUT_RULE_HELP } from '../options.js';
import type { SampleCommandOptions } from '../actions/sample.js';

export function registerSampleCommand(program: Command): void {
  const command = program
    .command('sample')
    .description(
      'write the bundled synthetic sample corpus (rider, bike, five addons, two components, a skater), or an inventory-scale one',
    )
    .argument('<outdir>', 'folder to write into (created if missing)')
    .addOption(
      new Option('--scale <scale>', "bundled: the sample corpus; inventory: random rigs in the numbers of the seed's census")
        .choices(['bundled', 'inventory'])
        .default('bundled'),
    )
    .option('--seed <n>', `PRNG seed of the inventory corpus (default ${INVENTORY_DEFAULT_SEED}); the same seed writes the same bytes`);
  addForceOption(command)
    .addHelpText(
      'after',
      `\n${OUTPUT_RULE_HELP}\nEach resource replaces only a resource of the same class and object id (an earlier sample's), names.txt and\nREADME.md only UTF-8 text. The bundled corpus is checked whole before any file is written.\n` +
        '\nExamples:\n  anvil-skel sample /tmp/corpus && anvil-skel validate --roundtrip /tmp/corpus\n  anvil-skel sample /tmp/inventory --scale inventory --seed 7 && anvil-skel census /tmp/inventory',
    )
    .action(async (outdir: string, options: SampleCommandOptions) => {
      const { sampleCommand } = await import('../actions/sample.js');
      await sampleCommand(outdir, options);
    });
}
