/**
 * `anvil-skel export <file> -o <out.glb|out.gltf>`: a Skeleton resource as a glTF 2.0 armature.
 * Output is written whole or not at all (a temp file in the same directory, then a rename). The
 * work is in actions/export.ts, loaded only when the command runs.
 */
import { Option, type Command } from 'commander';
import { GLTF_EXPORT_DEFAULTS, GLTF_POSES } from '../../export/options.js';
import { AXIS_CONVENTIONS } from '../../math/axes.js';
import { addNamesOption } from '../names-option.js';
import { addArchiveAddressOptions, addForceOption, addResourceOptions, OUTPUT_RULE_HELP } from '../options.js';
import type { ExportCommandOptions } from '../actions/export.js';

export function registerExportCommand(program: Command): void {
  const command = addArchiveAddressOptions(
    program
      .command('export')
      .description('export a skeleton to glTF 2.0 as an armature (.glb, or .gltf with the buffer embedded)')
      .argument('<file>', 'Skeleton resource file, or a .forge archive with --entry'),
  )
    .option('-o, --output <file>', 'output file, .glb or .gltf (required)')
    .option(
      '--pose <pose>',
      `${GLTF_POSES.join(' | ')}: runtime puts the own transform in place of the root local`,
      GLTF_EXPORT_DEFAULTS.pose,
    )
    .option('--axes <axes>', `${AXIS_CONVENTIONS.join(' | ')}: y-up maps engine (x, y, z) to glTF (x, z, -y)`, GLTF_EXPORT_DEFAULTS.axes)
    .addOption(new Option('--no-mesh', 'bones and skin only, without the mesh that draws them').default(GLTF_EXPORT_DEFAULTS.mesh))
    .option('--separate', 'with .gltf: write the buffer to a .bin beside it instead of embedding it');
  addResourceOptions(command);
  addNamesOption(command);
  addForceOption(command);
  command.addHelpText(
    'after',
    `\n${OUTPUT_RULE_HELP}\n-o replaces a GLB (magic glTF) or a .gltf (JSON with an asset object); the --separate .bin replaces only\nthe buffer that the .gltf already at -o names.\n` +
      '\nExamples:\n  anvil-skel export rider.Skeleton -o rider.glb\n  anvil-skel export rider.Skeleton -o rider.gltf --separate --pose runtime --axes z-up\n  anvil-skel export DataPC.forge --entry CHR_Rider.Skeleton --resource 0 -o rider.glb' +
      '\n\nExit status: 0 written, 1 the Skeleton (or its archive, entry or resource) was refused (nothing written), 2 usage error or an output refused (nothing written).',
  );
  command.action(async (file: string, options: ExportCommandOptions) => {
    const { runExport } = await import('../actions/export.js');
    await runExport(file, options);
  });
}
