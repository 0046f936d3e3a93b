/**
 * `anvil-skel assemble <component...>`: a character's whole rig from its SkeletonComponent, the
 * main skeleton with its addon rigs joined by bone name hash. The work is in actions/assemble.ts,
 * loaded only when the command runs.
 */
import type { Command } from 'commander';
import { addNamesOption, collectRepeated } from '../names-option.js';
import { addEveryDataFileOption, addForceOption, addResourceOptions, OUTPUT_RULE_HELP } from '../options.js';
import type { AssembleCommandOptions } from '../actions/assemble.js';

export function registerAssembleCommand(program: Command): void {
  const command = program
    .command('assemble')
    .description("assemble a character's rig from its SkeletonComponent: the main skeleton plus its addon rigs, joined by bone name hash")
    .argument('<component...>', 'SkeletonComponent files, .forge archives (their SkeletonComponent records), or directories holding them')
    .option(
      '--search <path>',
      "where to find the Skeletons the components name: files, .forge archives or directories, indexed by the object id in each Skeleton's header; repeatable (default: each component's own folder, and an archive holding components)",
      collectRepeated,
    )
    .option(
      '-o, --output <file>',
      'write the assembled rig: .glb or .gltf (one component) through the glTF exporter, or .json (the JSON report)',
    )
    .option('--json', 'print the JSON report on stdout')
    .option('--allow-missing', 'exit 0 even when an addon Skeleton is not found (a missing main skeleton still fails)');
  addResourceOptions(command);
  addEveryDataFileOption(command);
  addNamesOption(command);
  addForceOption(command);
  command.addHelpText(
    'after',
    [
      '',
      'The main skeleton, then each addon in the component order: a bone whose name hash is in the rig joins it,',
      'any other is appended under the rig bone of its parent’s name hash. Disagreements are reported as conflicts',
      '(the rule is the project’s reading, stated on the library’s assemble(); the format’s full rules are unknown).',
      '',
      'Exit status: 0 when every Skeleton was found, 1 when one is missing (addons: unless --allow-missing) or a',
      'file is refused, 2 on usage errors (or an output refused). Conflicts are reported and do not change the exit status.',
      '',
      OUTPUT_RULE_HELP,
      '-o FILE.glb or .gltf replaces a GLB (magic glTF) or a .gltf (JSON with an asset object); -o FILE.json replaces',
      'a file that parses as JSON.',
      '',
      'In a .forge archive (told by its magic), components are the SkeletonComponent records of the data files the',
      'index types SkeletonComponent, and Skeletons those of the data files typed Skeleton (every data file with',
      '--every-data-file); each is named `archive: entry N "name": resource I "name"`. A refused archive table or',
      'data file is a failure naming archive, entry and offset, and the rest is read.',
      '',
      'Examples:',
      '  anvil-skel assemble samples/anvilnext/MAD_CHR_Rider.SkeletonComponent',
      '  anvil-skel assemble rider.SkeletonComponent --search extracted/ -o rider.glb --names names.txt',
      '  anvil-skel assemble extracted/ --json > assemblies.json',
      '  anvil-skel assemble DataPC.forge -o rider.glb',
      '  anvil-skel assemble rider.SkeletonComponent --search DataPC.forge --search extracted/',
    ].join('\n'),
  );
  command.action(async (components: string[], options: AssembleCommandOptions) => {
    const { runAssemble } = await import('../actions/assemble.js');
    await runAssemble(components, options);
  });
}
