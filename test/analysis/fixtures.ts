/** Skeleton models built directly for the analysis tests: globals composed from locals. */
import { composeTransforms, quatFromAxisAngle, quatNormalize, type Quat, type Transform } from '../../src/math/index.js';
import type { LayoutName, Skeleton } from '../../src/model/skeleton.js';

export interface BoneSpec {
  parent: number;
  local: Transform;
  name?: string;
  /** Default: the bone itself. */
  mirror?: number | null;
}

export interface SkeletonOptions {
  dialect?: LayoutName;
  ownTransform?: Transform | null;
}

export function transform(position: [number, number, number], rotation: Quat = [0, 0, 0, 1]): Transform {
  return { position: [position[0], position[1], position[2], 0], rotation: [...rotation] };
}

/** Rotation of `degrees` about z. */
export function rotZ(degrees: number): Quat {
  return quatFromAxisAngle([0, 0, 1], (degrees * Math.PI) / 180);
}

/** Bitwise CRC-32 (reflected, 0xEDB88320) of the name's bytes: the fixtures' name hash. */
export function nameHash(name: string): number {
  let crc = 0xffffffff;
  for (const byte of new TextEncoder().encode(name)) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/** Builds the model: globals = parent global ∘ local (root global = local), counts from the tree. */
export function makeSkeleton(specs: readonly BoneSpec[], options: SkeletonOptions = {}): Skeleton {
  const globals: Transform[] = [];
  specs.forEach((spec, index) => {
    if (spec.parent >= index) throw new Error('fixtures: parents must come first');
    globals.push(spec.parent === -1 ? clone(spec.local) : composeTransforms(globals[spec.parent]!, spec.local));
  });
  const subtree = (index: number): number =>
    specs.reduce((sum, spec, child) => (spec.parent === index && child !== index ? sum + 1 + subtree(child) : sum), 0);
  return {
    dialect: options.dialect ?? 'anvilnext',
    id: 0x1234n,
    skeletonType: options.dialect === 'scimitar' ? null : 0,
    ownTransform: options.ownTransform === undefined ? null : options.ownTransform,
    bones: specs.map((spec, index) => ({
      index,
      id: BigInt(1000 + index),
      nameHash: nameHash(spec.name ?? `bone${index}`),
      parent: spec.parent,
      mirror: spec.mirror === undefined ? index : spec.mirror,
      global: globals[index]!,
      local: clone(spec.local),
      descendants: subtree(index),
      storedIndex: index,
    })),
  };
}

/** A resolver for the names the specs give. */
export function namesOf(specs: readonly BoneSpec[]): (hash: number) => string | null {
  const table = new Map(specs.map((spec, index) => [nameHash(spec.name ?? `bone${index}`), spec.name ?? `bone${index}`]));
  return (hash) => table.get(hash) ?? null;
}

/**
 * A small biped: 0 Reference, 1 Hips, 2 Spine, 3 Neck, 4 Head, 5 LeftThigh, 6 RightThigh,
 * 7 L_Hand, 8 R_Hand, 9 Eye_L, 10 Eye_R. Bone 3 has children 4, 9, 10; bones 4..10 are leaves.
 */
export const BIPED: readonly BoneSpec[] = [
  { name: 'Reference', parent: -1, local: transform([0, 0, 0]) },
  { name: 'Hips', parent: 0, local: transform([0, 0, 0.95], rotZ(90)) },
  { name: 'Spine', parent: 1, local: transform([0.1, 0, 0.2], rotZ(-10)) },
  { name: 'Neck', parent: 2, local: transform([0.4, 0.01, 0], [0.1, 0.2, 0.3, 0.9]) },
  { name: 'Head', parent: 3, local: transform([0.1, 0, 0]) },
  { name: 'LeftThigh', parent: 1, local: transform([0, 0.1, -0.05], rotZ(180)), mirror: 6 },
  { name: 'RightThigh', parent: 1, local: transform([0, -0.1, -0.05], rotZ(180)), mirror: 5 },
  { name: 'L_Hand', parent: 2, local: transform([0.3, 0.5, 0], rotZ(45)), mirror: 8 },
  { name: 'R_Hand', parent: 2, local: transform([0.3, -0.5, 0], rotZ(-45)), mirror: 7 },
  { name: 'Eye_L', parent: 3, local: transform([0.15, 0.03, 0.1]), mirror: 10 },
  { name: 'Eye_R', parent: 3, local: transform([0.15, -0.03, 0.1]), mirror: 9 },
].map((spec) => ({ ...spec, local: { position: spec.local.position, rotation: quatNormalize(spec.local.rotation) } }));

export function biped(options: SkeletonOptions = {}): Skeleton {
  return makeSkeleton(BIPED, options);
}

function clone(t: Transform): Transform {
  return { position: [...t.position], rotation: [...t.rotation] };
}

/** xorshift32 generator of u32 values, for reproducible random bytes. */
export function xorshift(seed: number): () => number {
  let x = seed >>> 0 || 0x9e3779b9;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>>= 0);
  };
}

/** `size` random bytes (size a multiple of 4 is fastest) from a seed. */
export function randomBytes(size: number, seed: number): Uint8Array {
  const next = xorshift(seed);
  const words = new Uint32Array(Math.ceil(size / 4));
  for (let i = 0; i < words.length; i++) words[i] = next();
  return new Uint8Array(words.buffer, 0, size);
}

/** Random bytes of `size` with `payload` written at `offset`. */
export function dumpWith(payload: Uint8Array, offset: number, size: number, seed = 7): Uint8Array {
  const dump = randomBytes(size, seed);
  dump.set(payload, offset);
  return dump;
}

/** Splits bytes at the given cut points (ascending) into views (no copies). */
export function splitAt(bytes: Uint8Array, cuts: readonly number[]): Uint8Array[] {
  const chunks: Uint8Array[] = [];
  let from = 0;
  for (const cut of [...cuts, bytes.byteLength]) {
    chunks.push(bytes.subarray(from, cut));
    from = cut;
  }
  return chunks;
}
