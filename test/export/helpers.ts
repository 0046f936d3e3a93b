/**
 * Validation, three.js loading and expected poses shared by the export tests. Expected poses are
 * worked out with three.js' matrices and the axis rule as documented, never with the exporter's
 * own math (`src/math`), so a mistake there cannot hide in the expectation too.
 */
import { validateBytes, type ValidationMessage } from 'gltf-validator';
import { Bone, Matrix4, Quaternion, Vector3, type Object3D } from 'three';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import type { AxisConvention, Quat, Transform, Vec3 } from '../../src/math/index.js';
import type { Skeleton } from '../../src/model/skeleton.js';

/**
 * The documented axis rule: glTF is y-up, so engine up (z) becomes glTF y and engine y (left)
 * becomes glTF −z: (x, y, z) → (x, z, −y). `z-up` keeps the engine's numbers.
 */
export function toOutputAxes(p: readonly number[], axes: AxisConvention): Vec3 {
  return axes === 'y-up' ? [p[0]!, p[2]!, -p[1]!] : [p[0]!, p[1]!, p[2]!];
}

/** A turn about axis a becomes the same turn about the mapped axis: (a sin ½θ, cos ½θ) → (M a sin ½θ, cos ½θ). */
export function rotationToOutputAxes(q: readonly number[], axes: AxisConvention): Quat {
  const unit = new Quaternion(q[0], q[1], q[2], q[3]).normalize();
  const [x, y, z] = toOutputAxes([unit.x, unit.y, unit.z], axes);
  return [x, y, z, unit.w];
}

/** A transform as a three.js matrix, in output axes, with its rotation made unit. */
export function outputMatrix(t: Transform, axes: AxisConvention): Matrix4 {
  const [x, y, z, w] = rotationToOutputAxes(t.rotation, axes);
  return new Matrix4().compose(new Vector3(...toOutputAxes(t.position, axes)), new Quaternion(x, y, z, w), new Vector3(1, 1, 1));
}

/** The runtime locals as the seed states them: the own transform replaces the root's local. */
export function runtimeLocals(skeleton: Skeleton): Transform[] {
  return skeleton.bones.map((bone, i) => (i === 0 && skeleton.ownTransform !== null ? skeleton.ownTransform : bone.local));
}

export interface ValidationSummary {
  errors: number;
  warnings: number;
  /** Codes of every error and warning, for a readable failure. */
  problems: string[];
  infos: string[];
}

/** Runs Khronos' validator over a .glb or .gltf; `resources` answers external URIs. */
export async function validate(data: Uint8Array | string, resources: Record<string, Uint8Array> = {}): Promise<ValidationSummary> {
  const bytes = typeof data === 'string' ? new TextEncoder().encode(data) : data;
  const report = await validateBytes(bytes, {
    uri: typeof data === 'string' ? 'skeleton.gltf' : 'skeleton.glb',
    maxIssues: 0,
    externalResourceFunction: async (uri) => {
      const found = resources[decodeURIComponent(uri)];
      if (found === undefined) throw new Error(`no resource ${uri}`);
      return found;
    },
  });
  const describe = (m: ValidationMessage): string => `${m.code} ${m.pointer ?? ''}: ${m.message}`;
  return {
    errors: report.issues.numErrors,
    warnings: report.issues.numWarnings,
    problems: report.issues.messages.filter((m) => m.severity <= 1).map(describe),
    infos: report.issues.messages.filter((m) => m.severity >= 2).map(describe),
  };
}

export interface ThreeRig {
  /** The skinned mesh's skeleton bones, or the joint nodes (THREE.Bone) when there is no mesh. */
  bones: Bone[];
  worldPositions: Vec3[];
  hasSkinnedMesh: boolean;
}

/** Loads a .glb with three.js' GLTFLoader, as a viewer would, and reads the bones' world positions. */
export async function loadWithThree(glb: Uint8Array): Promise<ThreeRig> {
  const buffer = glb.buffer.slice(glb.byteOffset, glb.byteOffset + glb.byteLength) as ArrayBuffer;
  const gltf = await new GLTFLoader().parseAsync(buffer, '');
  gltf.scene.updateMatrixWorld(true);
  let skinned: Bone[] | null = null;
  const jointNodes: { node: number; bone: Bone }[] = [];
  gltf.scene.traverse((object: Object3D) => {
    if ('isSkinnedMesh' in object && object.isSkinnedMesh === true) {
      skinned = (object as unknown as { skeleton: { bones: Bone[] } }).skeleton.bones;
    }
    const node = gltf.parser.associations.get(object)?.nodes;
    if (object instanceof Bone && node !== undefined) jointNodes.push({ node, bone: object });
  });
  // Without a mesh, the joints are the THREE.Bone objects, in glTF node order (= bone order).
  const bones: Bone[] = skinned ?? jointNodes.sort((a, b) => a.node - b.node).map((joint) => joint.bone);
  return {
    bones,
    worldPositions: bones.map((bone) => bone.getWorldPosition(new Vector3()).toArray() as Vec3),
    hasSkinnedMesh: skinned !== null,
  };
}

/** The bones' world positions a viewer should show, in output axes (parents come first). */
export function expectedWorldPositions(skeleton: Skeleton, pose: 'bind' | 'runtime', axes: AxisConvention): Vec3[] {
  if (pose === 'bind') return skeleton.bones.map((bone) => toOutputAxes(bone.global.position, axes));
  const locals = runtimeLocals(skeleton);
  const world: Matrix4[] = [];
  skeleton.bones.forEach((bone, i) => {
    const local = outputMatrix(locals[i]!, axes);
    world.push(bone.parent === -1 ? local : world[bone.parent]!.clone().multiply(local));
  });
  return world.map((m) => new Vector3().setFromMatrixPosition(m).toArray() as Vec3);
}

export function maxDistance(a: readonly Vec3[], b: readonly Vec3[]): number {
  return a.reduce((worst, p, i) => Math.max(worst, Math.hypot(p[0] - b[i]![0], p[1] - b[i]![1], p[2] - b[i]![2])), 0);
}
