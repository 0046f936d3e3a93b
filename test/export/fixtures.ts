/** Skeleton models built directly for the export tests; globals are composed from the locals. */
import { composeTransforms, quatFromAxisAngle, quatMultiply, type Quat, type Transform, type Vec3 } from '../../src/math/index.js';
import type { LayoutName, Skeleton, SkeletonBone } from '../../src/model/skeleton.js';

export interface BoneSpec {
  parent: number;
  position: Vec3;
  rotation?: Quat;
  nameHash?: number;
}

const X: Vec3 = [1, 0, 0];
const Y: Vec3 = [0, 1, 0];
const Z: Vec3 = [0, 0, 1];
const turn = (axis: Vec3, degrees: number): Quat => quatFromAxisAngle(axis, (degrees * Math.PI) / 180);

export function transform(position: Vec3, rotation: Quat = [0, 0, 0, 1]): Transform {
  return { position: [position[0], position[1], position[2], 0], rotation: [...rotation] };
}

export function makeSkeleton(
  specs: readonly BoneSpec[],
  options: { dialect?: LayoutName; ownTransform?: Transform | null; id?: bigint } = {},
): Skeleton {
  const dialect = options.dialect ?? 'anvilnext';
  const bones: SkeletonBone[] = [];
  specs.forEach((spec, index) => {
    const local = transform(spec.position, spec.rotation);
    const global = spec.parent === -1 ? transform(spec.position, spec.rotation) : composeTransforms(bones[spec.parent]!.global, local);
    bones.push({
      index,
      id: dialect === 'anvilnext' ? 0x1234_5678_0000_0000n + BigInt(index) : 0x4000_0000n + BigInt(index),
      nameHash: spec.nameHash ?? (0x9e37_79b9 * (index + 1)) >>> 0,
      parent: spec.parent,
      mirror: null,
      global,
      local,
      descendants: 0,
      storedIndex: index,
    });
  });
  return {
    dialect,
    id: options.id ?? 7n,
    skeletonType: dialect === 'anvilnext' ? 0 : null,
    bones,
    ownTransform: options.ownTransform ?? null,
  };
}

/** A small humanoid chain with turns: pelvis, spine, head, both arms and legs. */
export function humanoid(dialect: LayoutName = 'scimitar'): Skeleton {
  return makeSkeleton(
    [
      { parent: -1, position: [0, 0, 1], rotation: turn(Y, -90) }, // 0 pelvis
      { parent: 0, position: [0.12, 0, 0], rotation: turn(Z, 5) }, // 1 spine
      { parent: 1, position: [0.2, 0, 0], rotation: turn(Z, -8) }, // 2 chest
      { parent: 2, position: [0.25, 0, 0] }, // 3 neck
      { parent: 3, position: [0.1, 0.02, 0], rotation: turn(X, 15) }, // 4 head
      { parent: 2, position: [0.2, 0.05, 0.08], rotation: turn(Y, 90) }, // 5 clavicle L
      { parent: 5, position: [0.15, 0, 0], rotation: turn(Z, 30) }, // 6 upper arm L
      { parent: 6, position: [0.28, 0, 0], rotation: turn(Y, -45) }, // 7 forearm L
      { parent: 7, position: [0.25, 0, 0] }, // 8 hand L
      { parent: 2, position: [0.2, 0.05, -0.08], rotation: turn(Y, -90) }, // 9 clavicle R
      { parent: 9, position: [0.15, 0, 0], rotation: turn(Z, -30) }, // 10 upper arm R
      { parent: 10, position: [0.28, 0, 0], rotation: turn(Y, 45) }, // 11 forearm R
      { parent: 11, position: [0.25, 0, 0] }, // 12 hand R
      { parent: 0, position: [-0.05, 0, 0.1], rotation: turn(Z, 180) }, // 13 thigh L
      { parent: 13, position: [0.45, 0, 0], rotation: turn(Z, -10) }, // 14 calf L
      { parent: 14, position: [0.42, 0, 0], rotation: quatMultiply(turn(Y, 90), turn(X, 20)) }, // 15 foot L
      { parent: 15, position: [0.14, 0, 0] }, // 16 toe L
      { parent: 0, position: [-0.05, 0, -0.1], rotation: turn(Z, 180) }, // 17 thigh R
      { parent: 17, position: [0.45, 0, 0], rotation: turn(Z, -10) }, // 18 calf R
      { parent: 18, position: [0.42, 0, 0], rotation: quatMultiply(turn(Y, 90), turn(X, -20)) }, // 19 foot R
      { parent: 19, position: [0.14, 0, 0] }, // 20 toe R
      { parent: 4, position: [0, 0, 0] }, // 21 a zero-length leaf at the head
    ],
    { dialect },
  );
}

/** The own transform of the anvilnext samples: (0, 0, 0.964) turned +90° about z. */
export const OWN_TRANSFORM: Transform = transform([0, 0, 0.964], turn(Z, 90));

/** An anvilnext-like rider whose root local equals the own transform (runtime pose = bind pose). */
export function rider(): Skeleton {
  return makeSkeleton(
    [
      { parent: -1, position: [0, 0, 0.964], rotation: turn(Z, 90) }, // 0 root = own transform
      { parent: 0, position: [0, 0, 0.1] }, // 1 spine
      { parent: 1, position: [0, 0, 0.5] }, // 2 head
      { parent: 0, position: [0, 0.1, -0.05] }, // 3 thigh L (left is +y)
      { parent: 3, position: [0, 0, -0.85] }, // 4 foot L
      { parent: 4, position: [0.15, 0, 0] }, // 5 toe L (toes +x)
      { parent: 0, position: [0, -0.1, -0.05] }, // 6 thigh R
      { parent: 6, position: [0, 0, -0.85] }, // 7 foot R
      { parent: 7, position: [0.15, 0, 0] }, // 8 toe R
    ],
    { dialect: 'anvilnext', ownTransform: OWN_TRANSFORM },
  );
}

export const BIKE_OWN_TRANSFORM: Transform = transform([0, 0, 0.4], turn(Z, 90));

/** A bike whose stored root local is −90° about z while its own transform is +90°. */
export function bike(): Skeleton {
  return makeSkeleton(
    [
      { parent: -1, position: [0, 0, 0.4], rotation: turn(Z, -90) }, // 0 frame
      { parent: 0, position: [0.7, 0, -0.05] }, // 1 front wheel
      { parent: 0, position: [-0.6, 0, -0.05] }, // 2 rear wheel
      { parent: 0, position: [0.55, 0, 0.45], rotation: turn(Y, -20) }, // 3 handlebar
      { parent: 3, position: [0, 0.3, 0] }, // 4 grip L
      { parent: 3, position: [0, -0.3, 0] }, // 5 grip R
    ],
    { dialect: 'anvilnext', ownTransform: BIKE_OWN_TRANSFORM },
  );
}

export function oneBone(): Skeleton {
  return makeSkeleton([{ parent: -1, position: [0, 0, 0] }], { dialect: 'scimitar' });
}

/** Bones at identical positions, including a zero-length root → child and siblings on one spot. */
export function stacked(): Skeleton {
  return makeSkeleton([
    { parent: -1, position: [1, 2, 3] },
    { parent: 0, position: [0, 0, 0] },
    { parent: 1, position: [0, 0, 0], rotation: turn(Z, 45) },
    { parent: 1, position: [0, 0, 0] },
    { parent: 2, position: [0.5, 0, 0] },
    { parent: 2, position: [0.5, 0, 0] },
  ]);
}

/** The humanoid with every stored rotation scaled off unit length. */
export function unnormalized(): Skeleton {
  const skeleton = humanoid('anvilnext');
  skeleton.bones.forEach((bone, i) => {
    const s = 1 + 0.01 * ((i % 5) - 2);
    bone.local.rotation = bone.local.rotation.map((c) => c * s) as Quat;
    bone.global.rotation = bone.global.rotation.map((c) => c * (2 - s)) as Quat;
  });
  return skeleton;
}
