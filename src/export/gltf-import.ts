/**
 * The way back from a glTF editor: an exported armature, edited (bones moved or turned), applied
 * onto the Skeleton it came from. Nodes join bones by their `extras.nameHash` (else by the name
 * the export gave them), each matched node's local translation and rotation become the bone's
 * stored local, every global of a moved bone or of a bone below it is recomputed from the locals,
 * and every other byte of the original is kept. Platform-neutral: bytes in, bytes out.
 */
import { layoutByName } from '../formats/registry.js';
import { Logger, WebIO, type Document, type GLTF, type Node } from '@gltf-transform/core';
import { writeResource, type Resource } from '../formats/resource.js';
import { EncodeError } from '../io/errors.js';
import { hex } from '../io/format.js';
import { AXIS_CONVENTIONS, unconvertPosition, unconvertRotation, type AxisConvention } from '../math/axes.js';
import { quatConjugate, quatLength, quatMultiply, quatNormalize } from '../math/quaternion.js';
import { composeTransforms, type Transform } from '../math/transform.js';
import type { Quat, Vec3, Vec4 } from '../math/vector.js';
import { skeletonFromResource } from '../model/read.js';
import { idHexWidth, type Skeleton, type SkeletonBone } from '../model/skeleton.js';
import { uniqueBoneNames } from './node-names.js';
import { GLTF_EXPORT_DEFAULTS } from './options.js';
import { ArmatureImportError, SCALE_TOLERANCE, UNCHANGED_TOLERANCE } from './gltf-import-errors.js';
import { checkHierarchy, describeBone, describeNode, matchNodes } from './gltf-import-match.js';

export { ArmatureImportError, UNCHANGED_TOLERANCE, type ArmatureRefusalReason } from './gltf-import-errors.js';

/**
 * The glTF to apply: the bytes of a `.glb`, the bytes of a `.gltf` whose buffers are embedded, or
 * a `.gltf`'s bytes with its external resources by the URI the JSON names them with.
 */
export type GltfInput = Uint8Array | { json: Uint8Array; resources?: Record<string, Uint8Array> };

/** How {@link applyArmature} reads the glTF. */
export interface ApplyArmatureOptions {
  /**
   * The axes the glTF's numbers are in. Absent: the axes the export recorded in its scene's
   * `extras`, else `y-up` (the export's default). Given and different from the recorded axes: refused.
   */
  axes?: AxisConvention;
  /**
   * The names the export gave the bones (the same resolver as the export's `boneName`), used to
   * match a node that lost its `extras`. A node named `bone_0xXXXXXXXX` or by a name whose CRC-32
   * is a bone's hash matches without it.
   */
  boneName?: (bone: SkeletonBone) => string | null;
}

/** One bone whose stored local the glTF changed, in engine axes. */
export interface BoneChange {
  /** The bone's list position. */
  index: number;
  /** CRC-32 of the bone's name, `0x` + 8 hex digits. */
  nameHash: string;
  /** The bone's name where the resolver knows it, else null. */
  name: string | null;
  /** The stored local position before (x, y, z). */
  positionBefore: Vec3;
  /** The stored local position written (x, y, z). */
  positionAfter: Vec3;
  /** after − before. */
  translation: Vec3;
  /** The stored local rotation before (x, y, z, w). */
  rotationBefore: Quat;
  /** The stored local rotation written. */
  rotationAfter: Quat;
  /** The turn from before to after, after · before⁻¹ (unit). */
  rotation: Quat;
  /** That turn's angle in degrees, 0 to 180. */
  rotationDegrees: number;
}

/** What {@link applyArmature} returns: the new resource, its bytes and what changed. */
export interface ArmatureImport {
  /** The original Skeleton resource with the new stored transforms (a copy; the input is not changed). */
  resource: Extract<Resource, { kind: 'Skeleton' }>;
  /** The new resource's bytes, as {@link writeResource} writes them. */
  bytes: Uint8Array;
  /** The axes the glTF was read in. */
  axes: AxisConvention;
  /** Bones matched (every bone of the skeleton). */
  bones: number;
  /** How many nodes matched by `extras.nameHash`, and how many by name. */
  matchedBy: { extras: number; name: number };
  /** Every bone whose stored local changed, in bone order. */
  changes: BoneChange[];
  /** Bones whose stored global was recomputed because an ancestor moved, their own local unchanged. */
  globalsRecomputed: number[];
}

type SkeletonResource = Extract<Resource, { kind: 'Skeleton' }>;

/**
 * Applies an edited glTF armature (an export of `resource`, edited elsewhere) onto the Skeleton.
 * Returns the new resource and bytes with the report; rejects with an {@link ArmatureImportError}
 * naming the node or bone when the glTF cannot be applied without losing what the format stores.
 */
export async function applyArmature(resource: Resource, gltf: GltfInput, options: ApplyArmatureOptions = {}): Promise<ArmatureImport> {
  if (resource.kind !== 'Skeleton') throw new ArmatureImportError('not-a-skeleton', `the resource is a ${resource.kind}, not a Skeleton`);
  if (options.axes !== undefined && !AXIS_CONVENTIONS.includes(options.axes))
    throw new ArmatureImportError('axes', `unknown axes '${String(options.axes)}'; known: ${AXIS_CONVENTIONS.join(', ')}`);
  const doc = await readDocument(gltf);
  const skeleton = skeletonFromResource(resource);
  if (skeleton.bones.length === 0) throw new ArmatureImportError('not-a-skeleton', 'the skeleton has no bones');
  const axes = exportMarkers(doc, skeleton, options);
  const names = uniqueBoneNames(skeleton.bones, options.boneName);
  const match = matchNodes(doc, skeleton, names);
  checkHierarchy(skeleton, match.nodeOf, match.boneOfNode, names);
  const imported = skeleton.bones.map((_bone, i) => importedLocal(match.nodeOf[i]!, i, names, axes));
  return applyLocals(resource, skeleton, imported, names, options, { axes, matchedBy: match.matchedBy });
}

async function readDocument(gltf: GltfInput): Promise<Document> {
  const io = new WebIO().setLogger(new Logger(Logger.Verbosity.SILENT));
  try {
    if (gltf instanceof Uint8Array) {
      if (isGlb(gltf)) return await io.readBinary(gltf);
      return await readJsonDocument(io, gltf, {});
    }
    return await readJsonDocument(io, gltf.json, gltf.resources ?? {});
  } catch (error) {
    if (error instanceof ArmatureImportError) throw error;
    throw new ArmatureImportError('not-gltf', `the glTF does not read: ${error instanceof Error ? error.message : String(error)}`);
  }
}

async function readJsonDocument(io: WebIO, bytes: Uint8Array, resources: Record<string, Uint8Array>): Promise<Document> {
  const json = parseJson(bytes);
  // The reader would fail on a missing buffer without naming it.
  for (const [i, buffer] of (json.buffers ?? []).entries()) {
    if (typeof buffer.uri === 'string' && !buffer.uri.startsWith('data:') && !(buffer.uri in resources))
      throw new ArmatureImportError('not-gltf', `buffers[${i}] is the external file '${buffer.uri}', which was not given with the JSON`);
  }
  return io.readJSON({ json, resources: { ...resources } as Record<string, Uint8Array<ArrayBuffer>> });
}

function isGlb(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && bytes[0] === 0x67 && bytes[1] === 0x6c && bytes[2] === 0x54 && bytes[3] === 0x46; // "glTF"
}

function parseJson(bytes: Uint8Array): GLTF.IGLTF {
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch (error) {
    throw new ArmatureImportError('not-gltf', `neither a .glb nor .gltf JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value) || typeof (value as { asset?: unknown }).asset !== 'object')
    throw new ArmatureImportError('not-gltf', 'the JSON is not a glTF document (no "asset" object)');
  return value as GLTF.IGLTF;
}

/**
 * Reads what the export wrote into the scene's `extras` (pose, axes, skeleton id and layout) and
 * refuses what contradicts the skeleton or the options. Returns the axes to read in.
 */
function exportMarkers(doc: Document, skeleton: Skeleton, options: ApplyArmatureOptions): AxisConvention {
  const root = doc.getRoot();
  const scenes = [root.getDefaultScene(), ...root.listScenes()].filter((scene) => scene !== null);
  const extras = scenes.map((scene) => scene.getExtras() as Record<string, unknown>).find((e) => 'pose' in e || 'axes' in e) ?? {};
  if (extras['pose'] === 'runtime')
    throw new ArmatureImportError(
      'runtime-pose',
      "the glTF is a --pose runtime export: its root node holds the Skeleton's own transform, not the stored root local; export with --pose bind, edit that, and import it",
    );
  let axes = options.axes ?? GLTF_EXPORT_DEFAULTS.axes;
  const recorded = extras['axes'];
  if (typeof recorded === 'string' && (AXIS_CONVENTIONS as readonly string[]).includes(recorded)) {
    if (options.axes !== undefined && options.axes !== recorded)
      throw new ArmatureImportError(
        'axes',
        `the glTF was exported with --axes ${recorded}, not ${options.axes}; import it with --axes ${recorded}`,
      );
    axes = recorded as AxisConvention;
  }
  const wantedId = hex(skeleton.id, idHexWidth(skeleton.dialect));
  if (typeof extras['skeletonId'] === 'string' && extras['skeletonId'].toUpperCase() !== wantedId.toUpperCase())
    throw new ArmatureImportError(
      'other-skeleton',
      `the glTF was exported from skeleton ${extras['skeletonId']}, not from this one (${wantedId}); apply it onto the Skeleton it came from`,
    );
  if (typeof extras['dialect'] === 'string' && extras['dialect'] !== skeleton.dialect)
    throw new ArmatureImportError(
      'other-skeleton',
      `the glTF was exported from a ${extras['dialect']} Skeleton, not from this ${skeleton.dialect} one`,
    );
  return axes;
}

/** The node's local transform in engine axes, rotation made unit; refused when scaled or not a rotation. */
function importedLocal(node: Node, index: number, names: readonly string[], axes: AxisConvention): { position: Vec3; rotation: Quat } {
  const scale = node.getScale();
  if (!scale.every((c) => Math.abs(c - 1) <= SCALE_TOLERANCE))
    throw new ArmatureImportError(
      'scale',
      `${describeNode(node)} (${describeBone(index, names)}) has scale (${scale.join(', ')}); the format stores no bone scale, so it must stay 1`,
    );
  const translation = node.getTranslation();
  const rotation = node.getRotation();
  if (![...translation, ...rotation].every(Number.isFinite))
    throw new ArmatureImportError('transform', `${describeNode(node)} (${describeBone(index, names)}) has a transform that is not finite`);
  const length = quatLength(rotation);
  if (Math.abs(length - 1) > 0.01)
    throw new ArmatureImportError(
      'transform',
      `${describeNode(node)} (${describeBone(index, names)}) has a rotation of length ${length}, not a unit quaternion`,
    );
  return { position: unconvertPosition(translation, axes), rotation: unconvertRotation(quatNormalize(rotation), axes) };
}

const tolerance = (reference: number): number => UNCHANGED_TOLERANCE * Math.max(1, Math.abs(reference));

/** The stored lane when the imported value is within tolerance of the exported one, else the imported value as f32. */
function laneFor(stored: number, exported: number, imported: number, what: () => string): { value: number; changed: boolean } {
  if (Math.abs(imported - exported) <= tolerance(exported)) return { value: stored, changed: false };
  const value = Math.fround(imported) + 0; // + 0: no −0 from the axis swap
  if (!Number.isFinite(value)) throw new ArmatureImportError('transform', `${what()}: ${imported} does not fit an f32`);
  return { value, changed: true };
}

interface StoredTransforms {
  globalPosition: Vec4;
  globalRotation: Vec4;
  localPosition: Vec4;
  localRotation: Vec4;
}

function storedTransforms(resource: SkeletonResource): StoredTransforms[] {
  return layoutByName(resource.dialect).boneTransforms(resource.record);
}

function applyLocals(
  original: SkeletonResource,
  skeleton: Skeleton,
  imported: readonly { position: Vec3; rotation: Quat }[],
  names: readonly string[],
  options: ApplyArmatureOptions,
  meta: { axes: AxisConvention; matchedBy: { extras: number; name: number } },
): ArmatureImport {
  const resource = structuredClone(original);
  const stored = storedTransforms(resource);
  const changes: BoneChange[] = [];
  const globalsRecomputed: number[] = [];
  const moved = new Array<boolean>(stored.length).fill(false);

  skeleton.bones.forEach((bone, i) => {
    const t = stored[i]!;
    const what = (field: string) => () => `${describeBone(i, names)}: ${field}`;
    // What the export wrote: the stored position, and the stored rotation made unit. A rotation and
    // its negation are one turn; an editor may write either, so take the one nearer the export's.
    const exportedRotation = quatNormalize(t.localRotation);
    let rotation = imported[i]!.rotation;
    if (dot(rotation, exportedRotation) < 0) rotation = rotation.map((c) => -c) as Quat;
    const position = [0, 1, 2].map((k) =>
      laneFor(t.localPosition[k]!, t.localPosition[k]!, imported[i]!.position[k]!, what('local position')),
    );
    const turn = [0, 1, 2, 3].map((k) => laneFor(t.localRotation[k]!, exportedRotation[k]!, rotation[k]!, what('local rotation')));
    const changed = position.some((lane) => lane.changed) || turn.some((lane) => lane.changed);
    const parentMoved = bone.parent !== -1 && moved[bone.parent]!;
    moved[i] = changed || parentMoved;
    if (changed) {
      const before = { position: t.localPosition.slice(0, 3) as Vec3, rotation: [...t.localRotation] as Quat };
      t.localPosition = [position[0]!.value, position[1]!.value, position[2]!.value, t.localPosition[3]];
      t.localRotation = turn.map((lane) => lane.value) as Vec4;
      changes.push(boneChange(bone, i, before, t, options));
    } else if (parentMoved) {
      globalsRecomputed.push(i);
    }
    if (!moved[i]) return;
    // Globals from the locals as stored (seed: q_parent · q_local, p_parent + q_parent · p_local;
    // a root's global is its local), so the composition check holds on the written numbers.
    const local: Transform = { position: t.localPosition, rotation: t.localRotation };
    const parent = bone.parent === -1 ? null : stored[bone.parent]!;
    const global = parent === null ? local : composeTransforms({ position: parent.globalPosition, rotation: parent.globalRotation }, local);
    t.globalPosition = [
      ...global.position.slice(0, 3).map((c, k) => f32Lane(c, what(`global position[${k}]`))),
      t.globalPosition[3],
    ] as Vec4;
    t.globalRotation = global.rotation.map((c, k) => f32Lane(c, what(`global rotation[${k}]`))) as Vec4;
  });

  let bytes: Uint8Array;
  try {
    bytes = writeResource(resource);
  } catch (error) {
    if (error instanceof EncodeError) throw new ArmatureImportError('transform', `the new skeleton does not encode: ${error.message}`);
    throw error;
  }
  return { resource, bytes, axes: meta.axes, bones: stored.length, matchedBy: meta.matchedBy, changes, globalsRecomputed };
}

function f32Lane(value: number, what: () => string): number {
  const lane = Math.fround(value) + 0;
  if (!Number.isFinite(lane)) throw new ArmatureImportError('transform', `${what()}: ${value} does not fit an f32`);
  return lane;
}

function dot(a: Readonly<Quat>, b: Readonly<Quat>): number {
  return a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3];
}

function boneChange(
  bone: SkeletonBone,
  index: number,
  before: { position: Vec3; rotation: Quat },
  after: StoredTransforms,
  options: ApplyArmatureOptions,
): BoneChange {
  const positionAfter = after.localPosition.slice(0, 3) as Vec3;
  const rotationAfter = [...after.localRotation] as Quat;
  const turn = quatNormalize(quatMultiply(quatNormalize(rotationAfter), quatConjugate(quatNormalize(before.rotation))));
  const w = Math.min(1, Math.abs(turn[3]));
  return {
    index,
    nameHash: hex(bone.nameHash, 8),
    name: options.boneName?.(bone) || null,
    positionBefore: before.position,
    positionAfter,
    translation: [positionAfter[0] - before.position[0], positionAfter[1] - before.position[1], positionAfter[2] - before.position[2]],
    rotationBefore: before.rotation,
    rotationAfter,
    rotation: turn[3] < 0 ? (turn.map((c) => -c) as Quat) : turn,
    rotationDegrees: (2 * Math.acos(w) * 180) / Math.PI,
  };
}
