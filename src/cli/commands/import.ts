/**
 * `anvil-skel import <original> <edited.glb|.gltf> -o <out.Skeleton>`: an edited glTF armature (an
 * export of the original, moved in an editor) applied back onto the original Skeleton. The output
 * is written whole or not at all, never over an input. The work is in actions/import.ts, loaded
 * only when the command runs.
 */
import type { Command } from 'commander';
import { AXIS_CONVENTIONS } from '../../math/axes.js';
import { addNamesOption } from '../names-option.js';
import { addForceOption, addResourceOptions, OUTPUT_RULE_HELP } from '../options.js';
import type { ImportCommandOptions } from '../actions/import.js';

export function registerImportCommand(program: Command): void {
  const command = program
    .command('import')
    .description(
      'apply an edited glTF armature (an export of the skeleton) onto the original Skeleton and write it; every other byte is kept',
    )
    .argument('<original>', 'the Skeleton resource the glTF was exported from')
    .argument('<edited>', 'the edited armature, .glb or .gltf (external buffers are read beside it)')
    .option('-o, --output <file>', 'the Skeleton to write (required; never an input; replaces only a file holding the same Skeleton)')
    .option(
      '--axes <axes>',
      `${AXIS_CONVENTIONS.join(' | ')}: the axes of the glTF's numbers (default: those the export recorded, else y-up)`,
    )
    .option('--json', 'print the report as JSON: every moved bone with its translation and rotation deltas');
  addResourceOptions(command);
  addNamesOption(command);
  addForceOption(command);
  command.addHelpText(
    'after',
    [
      '',
      "Nodes join bones by extras.nameHash (else by the name the export gave them). Each node's local",
      "translation and rotation become the bone's stored local; the globals of moved bones and of",
      'the bones below them are recomputed; a value within 1e-6 of the export keeps its original bits.',
      'Refused, nothing written: a bone scaled, added, removed or reparented, a glTF without its skin,',
      'a node whose nameHash names no bone, a --pose runtime export.',
      '',
      OUTPUT_RULE_HELP,
      '-o replaces only a resource of the same class and object id as the original (an earlier import of it);',
      'another Skeleton or SkeletonComponent there is refused.',
      '',
      'Examples:',
      '  anvil-skel export rider.Skeleton -o rider.glb',
      '  (edit rider.glb, save it as rider-edited.glb)',
      '  anvil-skel import rider.Skeleton rider-edited.glb -o rider-edited.Skeleton',
      '  anvil-skel import --json --axes z-up bike.Skeleton bike.gltf -o bike-new.Skeleton',
      '',
      'Exit status: 0 written, 1 the glTF or the Skeleton was refused (nothing written), 2 usage error or an output refused.',
    ].join('\n'),
  );
  command.action(async (original: string, edited: string, options: ImportCommandOptions) => {
    const { runImport } = await import('../actions/import.js');
    await runImport(original, edited, options);
  });
}
