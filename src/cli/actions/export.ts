/** What `export` does (declared in commands/export.ts). */
import { basename, extname } from 'node:path';
import { GLTF_POSES, type GltfExportOptions, type GltfPose } from '../../export/options.js';
import { ParseError } from '../../io/errors.js';
import { AXIS_CONVENTIONS, type AxisConvention } from '../../math/axes.js';
import type { Skeleton } from '../../model/skeleton.js';
import { EXIT_FAILED, EXIT_OK, UsageError } from '../errors.js';
import { loadSkeletonInput } from '../forge-resource.js';
import { loadNameDictionary, nameListFiles } from '../name-lists.js';
import { resourceReadOptions } from '../read-options.js';
import { GLTF_OUTPUT, gltfBufferOutput } from '../../export/output-kind.js';
import { type OutputFile, type PlannedOutput, refuseUnsafeOutputs, writeFilesAtomic } from '../../node/output-file.js';
import type { ArchiveAddressValues, ForceOptionValues, ResourceOptionValues } from '../options.js';

/** What commander hands the action. */
export interface ExportCommandOptions extends ResourceOptionValues, ArchiveAddressValues, ForceOptionValues {
  output?: string;
  pose: string;
  axes: string;
  mesh: boolean;
  separate?: boolean;
  names: string[];
}

/** The glTF writer and its library load only when a command exports, so every other command starts sooner. */
const gltfWriter = () => import('../../export/gltf.js');

interface Plan {
  input: string;
  output: string;
  format: 'glb' | 'gltf';
  /** With --separate: the .bin path (as the user would write it) and its file name. */
  bin: { path: string; name: string } | null;
  pose: GltfPose;
  axes: AxisConvention;
  mesh: boolean;
}

export async function runExport(file: string, options: ExportCommandOptions): Promise<void> {
  const plan = planExport(file, options);
  const read = resourceReadOptions(options);
  const outputs: PlannedOutput[] = [{ path: plan.output, option: '-o', kind: GLTF_OUTPUT }];
  if (plan.bin) outputs.push({ path: plan.bin.path, option: 'the --separate buffer', kind: gltfBufferOutput(plan.output, plan.bin.name) });
  const force = options.force === true;
  await refuseUnsafeOutputs(outputs, [plan.input, ...nameListFiles(options.names)], 'export', undefined, { force });
  const dictionary = await loadNameDictionary(options.names ?? []);
  let skeleton: Skeleton;
  try {
    // Inside an archive a refusal arrives as an InputFileError naming archive, entry and resource.
    skeleton = (await loadSkeletonInput(plan.input, options, read, 'export')).skeleton;
  } catch (error) {
    if (!(error instanceof ParseError)) throw error;
    process.stderr.write(`${file}: ${error.message}\n`);
    process.exitCode = EXIT_FAILED;
    return;
  }
  const exportOptions: GltfExportOptions = {
    pose: plan.pose,
    axes: plan.axes,
    mesh: plan.mesh,
    boneName: (bone) => dictionary.resolve(bone.nameHash),
  };

  let files: (OutputFile & { data: Uint8Array })[];
  const main = { option: '-o', path: plan.output, kind: GLTF_OUTPUT };
  if (plan.format === 'glb') {
    files = [{ ...main, data: await (await gltfWriter()).exportGlb(skeleton, exportOptions) }];
  } else if (plan.bin !== null) {
    const { json, bin } = await (await gltfWriter()).exportGltfSeparate(skeleton, exportOptions, plan.bin.name);
    // The .bin first: the .gltf never lands before the buffer it names.
    files = [
      { ...outputs[1]!, data: bin },
      { ...main, data: new TextEncoder().encode(json) },
    ];
  } else {
    files = [{ ...main, data: new TextEncoder().encode(await (await gltfWriter()).exportGltfEmbedded(skeleton, exportOptions)) }];
  }
  await writeFilesAtomic(files, { command: 'export', force });

  const written = files[files.length - 1]!;
  const extra = files.length > 1 ? ` (+ ${files[0]!.path}, ${formatBytes(files[0]!.data.byteLength)})` : '';
  process.stdout.write(`wrote ${written.path}: ${skeleton.bones.length} bones, ${formatBytes(written.data.byteLength)}${extra}\n`);
  process.exitCode = EXIT_OK;
}

function planExport(file: string, options: ExportCommandOptions): Plan {
  if (options.output === undefined || options.output === '') {
    throw new UsageError('export: missing -o <out.glb|out.gltf>');
  }
  const pose = options.pose as GltfPose;
  if (!GLTF_POSES.includes(pose)) {
    throw new UsageError(`export: --pose must be ${GLTF_POSES.join(' or ')}, not '${options.pose}'`);
  }
  const axes = options.axes as AxisConvention;
  if (!AXIS_CONVENTIONS.includes(axes)) {
    throw new UsageError(`export: --axes must be ${AXIS_CONVENTIONS.join(' or ')}, not '${options.axes}'`);
  }
  const extension = extname(options.output).toLowerCase();
  if (extension !== '.glb' && extension !== '.gltf') {
    throw new UsageError(`export: the output must end in .glb or .gltf, not '${options.output}'`);
  }
  const format = extension === '.glb' ? 'glb' : 'gltf';
  if (options.separate === true && format === 'glb') {
    throw new UsageError('export: --separate applies to .gltf output (a .glb holds its buffer)');
  }
  let bin: Plan['bin'] = null;
  if (options.separate === true) {
    const path = options.output.slice(0, options.output.length - extension.length) + '.bin';
    bin = { path, name: basename(path) };
  }
  return { input: file, output: options.output, format, bin, pose, axes, mesh: options.mesh };
}

function formatBytes(count: number): string {
  return `${count.toLocaleString('en-US')} bytes`;
}
