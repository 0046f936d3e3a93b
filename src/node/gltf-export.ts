/**
 * `export` as a workflow: the glTF files a Skeleton is written to, planned from the output's
 * name (a .glb, a .gltf with its buffer embedded, or a .gltf beside its .bin) and assembled as
 * the output rule writes them.
 */
import { basename, extname } from 'node:path';
import { GLTF_POSES, type GltfExportOptions, type GltfPose } from '../export/options.js';
import { GLTF_OUTPUT, gltfBufferOutput } from '../export/output-kind.js';
import { AXIS_CONVENTIONS, type AxisConvention } from '../math/axes.js';
import type { Skeleton } from '../model/skeleton.js';
import type { OutputFile, PlannedOutput } from './output-file.js';

/** A choice of the export that cannot be written: an unknown pose or axes, an output name that is no glTF's. */
export class GltfExportChoiceError extends Error {
  override name = 'GltfExportChoiceError';
}

/** What the export is asked for, as the command line names it. */
export interface GltfExportChoices {
  /** `bind` or `runtime`, as GLTF_POSES. */
  pose: string;
  /** An axis convention, as AXIS_CONVENTIONS. */
  axes: string;
  /** Bone meshes drawn as well as the joints. */
  mesh: boolean;
  /** A .gltf's buffer in a .bin beside it. */
  separate?: boolean;
}

/** The files an export writes, and how. */
export interface GltfExportPlan {
  output: string;
  format: 'glb' | 'gltf';
  /** With `separate`: the .bin path (as the output names it) and its file name. */
  bin: { path: string; name: string } | null;
  pose: GltfPose;
  axes: AxisConvention;
  mesh: boolean;
}

/** The plan of an export to `output`. Throws a {@link GltfExportChoiceError} naming the option at fault. */
export function planGltfExport(output: string, choices: GltfExportChoices): GltfExportPlan {
  const pose = choices.pose as GltfPose;
  if (!GLTF_POSES.includes(pose)) throw new GltfExportChoiceError(`--pose must be ${GLTF_POSES.join(' or ')}, not '${choices.pose}'`);
  const axes = choices.axes as AxisConvention;
  if (!AXIS_CONVENTIONS.includes(axes))
    throw new GltfExportChoiceError(`--axes must be ${AXIS_CONVENTIONS.join(' or ')}, not '${choices.axes}'`);
  const extension = extname(output).toLowerCase();
  if (extension !== '.glb' && extension !== '.gltf')
    throw new GltfExportChoiceError(`the output must end in .glb or .gltf, not '${output}'`);
  const format = extension === '.glb' ? 'glb' : 'gltf';
  if (choices.separate === true && format === 'glb')
    throw new GltfExportChoiceError('--separate applies to .gltf output (a .glb holds its buffer)');
  let bin: GltfExportPlan['bin'] = null;
  if (choices.separate === true) {
    const path = output.slice(0, output.length - extension.length) + '.bin';
    bin = { path, name: basename(path) };
  }
  return { output, format, bin, pose, axes, mesh: choices.mesh };
}

/** The outputs a plan writes, as the output rule checks them: the glTF (`-o`), and its .bin. */
export function gltfExportOutputs(plan: GltfExportPlan): PlannedOutput[] {
  const outputs: PlannedOutput[] = [{ path: plan.output, option: '-o', kind: GLTF_OUTPUT }];
  if (plan.bin) outputs.push({ path: plan.bin.path, option: 'the --separate buffer', kind: gltfBufferOutput(plan.output, plan.bin.name) });
  return outputs;
}

/** The glTF writer and its library load only when a Skeleton is exported, so every other command starts sooner. */
const gltfWriter = () => import('../export/gltf.js');

/**
 * The files of the plan for `skeleton`, in the order they are to be written: a .bin before the
 * .gltf naming it, so the .gltf never lands before its buffer; the glTF is last.
 */
export async function gltfExportFiles(
  skeleton: Skeleton,
  plan: GltfExportPlan,
  boneName: NonNullable<GltfExportOptions['boneName']>,
): Promise<(OutputFile & { data: Uint8Array })[]> {
  const options: GltfExportOptions = { pose: plan.pose, axes: plan.axes, mesh: plan.mesh, boneName };
  const [main, buffer] = gltfExportOutputs(plan) as [PlannedOutput, PlannedOutput?];
  const writer = await gltfWriter();
  if (plan.format === 'glb') return [{ ...main, data: await writer.exportGlb(skeleton, options) }];
  if (plan.bin === null) return [{ ...main, data: new TextEncoder().encode(await writer.exportGltfEmbedded(skeleton, options)) }];
  const { json, bin } = await writer.exportGltfSeparate(skeleton, options, plan.bin.name);
  return [
    { ...buffer!, data: bin },
    { ...main, data: new TextEncoder().encode(json) },
  ];
}
