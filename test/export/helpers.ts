/** Validation, three.js loading and expected poses shared by the export tests. */
import { validateBytes, type ValidationMessage } from 'gltf-validator';
import { Bone, Vector3, type Object3D } from 'three';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { runtimeLocalTransforms } from '../../src/analysis/runtime-pose.js';
import {
  composeTransforms,
  convertPosition,
  convertRotation,
  quatNormalize,
  type AxisConvention,
  type Quat,
  type Transform,
  type Vec3,
} from '../../src/math/index.js';
import type { Skeleton } from '../../src/model/skeleton.js';

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

/** World transforms of a local pose, composed down the hierarchy (parents before children or not). */
export function worldPose(skeleton: Skeleton, locals: readonly Transform[]): Transform[] {
  const world: (Transform | undefined)[] = [];
  const resolve = (i: number): Transform => {
    const cached = world[i];
    if (cached) return cached;
    const parent = skeleton.bones[i]!.parent;
    const t = parent === -1 ? locals[i]! : composeTransforms(resolve(parent), locals[i]!);
    world[i] = t;
    return t;
  };
  return skeleton.bones.map((_bone, i) => resolve(i));
}

/** The bones' world positions a viewer should show, in output axes. */
export function expectedWorldPositions(skeleton: Skeleton, pose: 'bind' | 'runtime', axes: AxisConvention): Vec3[] {
  const unit = (t: Transform): Transform => ({ position: t.position, rotation: quatNormalize(t.rotation) });
  const world =
    pose === 'bind' ? skeleton.bones.map((bone) => bone.global) : worldPose(skeleton, runtimeLocalTransforms(skeleton).map(unit));
  return world.map((t) => convertPosition(t.position, axes));
}

/** A stored rotation as the export should write it: unit length, in output axes. */
export function expectedRotation(rotation: Readonly<Quat>, axes: AxisConvention): Quat {
  return convertRotation(quatNormalize(rotation), axes);
}

export function maxDistance(a: readonly Vec3[], b: readonly Vec3[]): number {
  return a.reduce((worst, p, i) => Math.max(worst, Math.hypot(p[0] - b[i]![0], p[1] - b[i]![1], p[2] - b[i]![2])), 0);
}
