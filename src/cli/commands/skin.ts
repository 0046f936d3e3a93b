/**
 * `anvil-skel skin …`: a skinned mesh's MeshBones against the skeleton, and the renderer's
 * `g_Bones` palette.
 *   skin bind <skeleton> <meshbones>                              MeshBones against the inverse global binds
 *   skin capture <skeleton> <meshbones> --palette P --constants F…  locals recovered from captured palettes
 *   skin palette <skeleton> <meshbones> --palette P -o F            the register block of a pose
 * The work is in actions/skin.ts, loaded only when a subcommand runs.
 */
import { Option, type Command } from 'commander';
import { SKIN_POSES, SKINNING_DEFAULTS } from '../../analysis/skinning-options.js';
import { UsageError } from '../errors.js';
import { collectRepeated } from '../names-option.js';
import { addForceOption, addSkeletonInputOptions, OUTPUT_RULE_HELP, SKELETON_ARGUMENT } from '../options.js';
import type { SkinBindOptions, SkinCaptureOptions, SkinPaletteOptions } from '../actions/skin.js';

const actions = () => import('../actions/skin.js');

const INPUTS =
  '\nInputs:\n' +
  '  <meshbones>  JSON [ { "bone": "0x<name hash>", "matrix": [16 numbers, row-major, row-vector form] } ], in mesh-bone order\n' +
  '  --palette    JSON array of MeshBone indices (one draw range), at most count / 3 (32)\n' +
  '  --constants  one binary file per captured frame: f32 little-endian, register r at byte 16 * r\n';
const EXIT =
  '\nExit status: 0 the report was made, 1 an input was refused (the file, or archive entry, and item are named), 2 usage error.\n';

const parseBase = wholeNumber('--base', 'register number', 0, 65535);
const parseCount = wholeNumber('--count', 'register count', 3, 65536);

function registers(command: Command): Command {
  return command
    .option('--base <register>', 'first register of g_Bones, as a register number (39 is c39)', parseBase, SKINNING_DEFAULTS.base)
    .option('--count <registers>', 'registers of g_Bones, three a palette entry', parseCount, SKINNING_DEFAULTS.count);
}

export function registerSkinCommands(program: Command): void {
  const skin = program
    .command('skin')
    .description('skinning: MeshBone inverse binds against the skeleton, the g_Bones palette, bone locals from GPU captures')
    .addHelpText(
      'after',
      `${INPUTS}${EXIT}\nExamples:\n  $ anvil-skel skin bind SWS_Skater.Skeleton skater-meshbones.json\n` +
        '  $ anvil-skel skin capture train.Skeleton train-meshbones.json --palette draw0.json --constants frame1.bin frame2.bin\n' +
        '  $ anvil-skel skin palette SWS_Skater.Skeleton skater-meshbones.json --palette draw0.json -o bind.bin\n' +
        '  $ anvil-skel skin bind DataPC.forge skater-meshbones.json --entry CHR_Skater.Skeleton',
    );

  addSkeletonInputOptions(
    skin
      .command('bind')
      .description(
        "per MeshBone: is its rotation and translation the inverse of its bone's global bind (1e-3); the per-mesh translation scale",
      )
      .argument('<skeleton>', SKELETON_ARGUMENT)
      .argument('<meshbones>', 'MeshBones JSON file')
      .option(
        '--json',
        'print {"meshBones","rotationMatches","translationMatches","scale","residual","scaleBones","tolerance","bones":[{"index","nameHash","bone","rotationError","rotationMatches","translationError","translationMatches","translation","inverseBindTranslation","name"}]}',
      ),
  )
    .addHelpText(
      'after',
      `${INPUTS}${EXIT}\nExamples:\n  $ anvil-skel skin bind SWS_Skater.Skeleton skater-meshbones.json\n  $ anvil-skel skin bind --json SWS_Skater.Skeleton skater-meshbones.json | jq .scale\n  $ anvil-skel skin bind DataPC.forge skater-meshbones.json --entry CHR_Skater.Skeleton --resource 0`,
    )
    .action(async (skeleton: string, meshBones: string, options: SkinBindOptions) =>
      (await actions()).bindCommand(skeleton, meshBones, options),
    );

  registers(
    addSkeletonInputOptions(
      skin
        .command('capture')
        .description(
          "recover each parent-child pair's local transform from captured palettes, IB_p * S_p^-1 * S_c * IB_c^-1, against the stored local position (1e-3)",
        )
        .argument('<skeleton>', SKELETON_ARGUMENT)
        .argument('<meshbones>', 'MeshBones JSON file')
        .requiredOption('--palette <file>', "palette JSON file: the draw range's MeshBone indices")
        .requiredOption(
          '--constants <file...>',
          'constant-buffer dumps, one per frame; takes every file up to the next option, so give the positional arguments first',
          collectRepeated,
        )
        .option(
          '--json',
          'print {"pairs","within","maxError","tolerance","frames":[{"file","pairs","within","maxError","offenders":[{"parent","child","parentEntry","childEntry","error","recovered","stored","parentName","childName"}]}]}',
        ),
    ),
  )
    .addHelpText(
      'after',
      `${INPUTS}${EXIT}\nExamples:\n  $ anvil-skel skin capture train.Skeleton train-meshbones.json --palette draw0.json --constants frame1.bin frame2.bin\n  $ anvil-skel skin capture --json --base 39 train.Skeleton train-meshbones.json --palette draw0.json --constants f*.bin\n` +
        `  $ anvil-skel skin capture DataPC.forge train-meshbones.json --entry 12 --palette draw0.json --constants frame1.bin`,
    )
    .action(async (skeleton: string, meshBones: string, options: SkinCaptureOptions) =>
      (await actions()).captureCommand(skeleton, meshBones, options),
    );

  const palette = registers(
    addSkeletonInputOptions(
      skin
        .command('palette')
        .description(
          'write the g_Bones register block of a pose (S = pose * MeshBone matrix, three registers an entry), as a capture would hold it',
        )
        .argument('<skeleton>', SKELETON_ARGUMENT)
        .argument('<meshbones>', 'MeshBones JSON file')
        .requiredOption('--palette <file>', "palette JSON file: the draw range's MeshBone indices")
        .requiredOption('-o, --output <file>', 'file to write, 16 * (base + count) bytes (replaced atomically; never an input)')
        .addOption(
          new Option('--pose <pose>', 'bind: the stored global binds; runtime: the own transform in place of the root local')
            .choices([...SKIN_POSES])
            .default('bind'),
        ),
    ),
  );
  addForceOption(palette)
    .addHelpText(
      'after',
      `${INPUTS}\n${OUTPUT_RULE_HELP}\n-o replaces only an earlier palette: a file of the same 16 * (base + count) bytes, every lane a finite f32,\n` +
        `the registers below --base zero.\n${EXIT}\nExamples:\n  $ anvil-skel skin palette SWS_Skater.Skeleton skater-meshbones.json --palette draw0.json -o bind.bin\n` +
        `  $ anvil-skel skin palette --pose runtime --base 0 --count 96 rider.Skeleton rider-meshbones.json --palette draw0.json -o runtime.bin\n` +
        `  $ anvil-skel skin palette DataPC.forge skater-meshbones.json --entry CHR_Skater.Skeleton --palette draw0.json -o bind.bin`,
    )
    .action(async (skeleton: string, meshBones: string, options: SkinPaletteOptions) =>
      (await actions()).paletteCommand(skeleton, meshBones, options),
    );
}

/** A commander parser of a whole-number option from `least` to `most`; anything else is a usage error naming the option. */
function wholeNumber(option: string, what: string, least: number, most: number): (value: string) => number {
  return (value) => {
    const n = Number(value);
    if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(n) || n < least || n > most)
      throw new UsageError(`${option} takes a ${what} from ${least} to ${most}, not ${JSON.stringify(value)}`);
    return n;
  };
}
