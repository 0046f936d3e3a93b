/**
 * Wildlands Skeletons whose bone 1 carries BoneModifiers, assembled byte by byte (little-endian)
 * for the tests of the modifiers, the CLI and the fuzz seeds. The caller spells out the modifiers'
 * bytes; this file lays out the rest.
 *
 * Every fixture is the same two-bone Wildlands Skeleton; only bone 1's modifiers change.
 *   header: u64 id, u32 class, u8 managed, u32 SkeletonType, u32 bone count      0 .. 21
 *   bone 0 (the root) at 21: tag 1, id 8, class 4, name 4, parent 03 (1), mirror 02 + id (9),
 *     four vec4 (64), solving priority 1, mirroring type 4       → its modifier count at 21 + 96 = 117
 *     count 0 (4), one dependency (4 + 4), wrinkle category 4, factor 4, packed word 4 → ends at 141
 *   bone 1 at 141: as bone 0 but its parent is 02 + id (9)      → its modifier count at 141 + 104 = 245
 *     so its first modifier starts at 249.
 *   A modifier's common part: tag 1, id 8, class 4 (at +9), owner 02 + id (9), blend weight f32,
 *     LOD limit i32, flag u8: 31 bytes, its class's fields at +31.
 */
import { Bytes } from './bytes.js';

export const SKELETON = 0x24aecb7c;
export const BONE = 0x95741049;
export const ROLL = 0x76d082f6;
export const MAX_LOOK_AT = 0x49f4ca3e;
export const ORIENTATION_CONSTRAINT = 0x75116750;
export const BALL_JOINT = 0x4bf66801;
export const SPRING_BOX = 0xf9d25748;
export const PENDULUM = 0x0544175b;
export const ROTATION_PASTE = 0x711759af;
export const TARGET = 0xdf638110;

export const BONE0 = 0x101n;
export const BONE1 = 0x102n;
export const WILDLANDS = { kind: 'Skeleton' as const, dialect: 'anvilnext/wildlands' };

/** A run of `n` bytes counting up from `from`, so each raw field's bytes are recognisable. */
export const run = (n: number, from: number): number[] => Array.from({ length: n }, (_, i) => (from + i) & 0xff);

/** The common part of a modifier: tag 0, its id, its class, owner → bone 1, then blend, LOD limit, flag (31 bytes). */
export function common(b: Bytes, id: bigint, cls: number, blend: number, lod: number, flag: number): Bytes {
  b.u8(0).u64(id).u32(cls);
  b.u8(2).u64(BONE1); // owner: 02 + the bone that carries it
  return b
    .f32(blend)
    .u32(lod >>> 0)
    .u8(flag);
}

/** One bone; `modifiers` writes bone 1's modifiers after their count. */
function bone(b: Bytes, id: bigint, parent: bigint | null, packed: number, modifiers: { count: number; write: (b: Bytes) => void }): void {
  b.u8(0)
    .u64(id)
    .u32(BONE)
    .u32(0x2c52cbb0 + Number(id));
  if (parent === null) b.u8(3);
  else b.u8(2).u64(parent);
  b.u8(2).u64(id); // mirror: itself
  // Global z: 1 for the root, 2 below it; local z 1 each, no rotation: the globals compose.
  b.f32(0, 0, parent === null ? 1 : 2, 0)
    .f32(0, 0, 0, 1)
    .f32(0, 0, 1, 0)
    .f32(0, 0, 0, 1);
  b.u8(0x11); // solving priority
  b.u32(5); // mirroring type
  b.u32(modifiers.count);
  modifiers.write(b);
  b.u32(1).u32(0xabcd); // one dependency
  b.u32(7).f32(1).u32(packed);
}

/** The Wildlands Skeleton with bone 1 carrying `count` modifiers that `write` spells out. */
export function skeletonWith(count: number, write: (b: Bytes) => void): Uint8Array {
  const b = new Bytes().u64(0x100n).u32(SKELETON).u8(1).u32(3).u32(2);
  bone(b, BONE0, null, 0x0001_0000, { count: 0, write: () => {} });
  if (b.length !== 141) throw new Error(`bone 1 starts at ${b.length}, not 141`);
  bone(b, BONE1, BONE0, 0x0000_0001, { count, write });
  b.u8(2).u64(BONE0); // root → bone 0
  b.f32(0, 0, 1, 0).f32(0, 0, 0, 1); // own position, own rotation: bone 0's local
  b.u8(3).u8(0, 0, 0, 0, 0, 0, 0, 0, 0); // BodyPartMapping: null
  b.u32(0); // no pose group
  b.u8(3); // IKData: null
  b.u8(3).u8(0, 0, 0, 0, 0, 0, 0, 0, 0); // LookAt: null
  b.u8(3); // ReflexSystem: null
  b.f32(0.25).f32(0.5);
  return b.u32(0).u32(0).build(); // no Reflex3SkeletonConstraints, no trailing u32
}

/** Where bone 1's first modifier starts (see the layout above). */
export const MODIFIERS_AT = 21 + 120 + 104 + 4;
