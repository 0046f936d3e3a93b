/**
 * fast-check arbitraries for the fuzz tests: well-formed skeleton models of both layouts, records
 * of both layouts with every optional portion, SkeletonComponents, and byte mutations.
 */
import fc from 'fast-check';
import type {
  AnvilnextBone,
  AnvilnextPoseBone,
  AnvilnextReading,
  AnvilnextSkeleton,
  ResourceReference,
  SkeletonComponent,
} from '../../src/formats/anvilnext/index.js';
import type { Dialect } from '../../src/formats/dialect.js';
import type { ScimitarBone, ScimitarSkeleton } from '../../src/formats/scimitar/index.js';
import type { PointerValue } from '../../src/grammar/pointer.js';
import type { Transform } from '../../src/math/transform.js';
import type { Quat, Vec4 } from '../../src/math/vector.js';
import { buildSkeleton, type BoneDescription } from '../../src/model/build.js';
import type { Skeleton } from '../../src/model/skeleton.js';
import { BYTE_VALUES, COUNT_VALUES, FLOAT_WORDS, type Mutation } from '../../scripts/fuzz/mutations.js';
import { anvilnextBone as anvilnextBoneDeclaration } from '../../src/formats/anvilnext/bone.js';
import { anvilnextSkeletonDeclaration } from '../../src/formats/anvilnext/skeleton.js';
import type { StructCodec } from '../../src/grammar/struct.js';
import { layoutByName } from '../../src/formats/registry.js';

/** The family a layout derives from (its id width, mirror semantics, own transform). */
const familyOf = (dialect: Dialect): 'anvilnext' | 'scimitar' => layoutByName(dialect).family;

/**
 * The values the declarations give a field (`field(…, { equals | oneOf })`): what the arbitraries
 * draw most often, so a test never keeps its own copy of a fact the declarations hold.
 */
export function declaredValues(codec: StructCodec<unknown>, name: string): number[] {
  const expect = codec.fields.find((f) => f.name === name)?.expect;
  if (expect === undefined || 'pointer' in expect) throw new Error(`${codec.structName}.${name} declares no value`);
  return 'equals' in expect ? [expect.equals] : [...expect.oneOf];
}

const declaredOrAny = (codec: StructCodec<unknown>, name: string, any: fc.Arbitrary<number>): fc.Arbitrary<number> =>
  fc.oneof(fc.constantFrom(...declaredValues(codec, name)), any);

// ---------------------------------------------------------------------------------------------
// Numbers

export const u8 = fc.integer({ min: 0, max: 0xff });
export const u32 = fc.integer({ min: 0, max: 0xffffffff });
export const u64 = fc.bigInt({ min: 0n, max: 0xffffffffffffffffn });
export const u32Id = u32;

const scratch = new DataView(new ArrayBuffer(4));

/** The number an f32 bit pattern reads as. */
export function f32FromBits(bits: number): number {
  scratch.setUint32(0, bits >>> 0);
  return scratch.getFloat32(0);
}

/** A signalling NaN cannot survive a JavaScript number (the reader refuses it); every other pattern can. */
export function isSignallingNaN(bits: number): boolean {
  return (bits & 0x7f800000) === 0x7f800000 && (bits & 0x007fffff) !== 0 && (bits & 0x00400000) === 0;
}

/** Any storable f32: ordinary values most of the time, else any bit pattern (±0, subnormals, ±∞, quiet NaNs). */
export const anyF32: fc.Arbitrary<number> = fc.oneof(
  { arbitrary: fc.float({ noNaN: true, min: -1e6, max: 1e6 }), weight: 4 },
  { arbitrary: u32.filter((bits) => !isSignallingNaN(bits)).map(f32FromBits), weight: 1 },
);

export const anyVec4: fc.Arbitrary<Vec4> = fc.tuple(anyF32, anyF32, anyF32, anyF32);

/** A finite f32 in [−limit, limit]. */
export const boundedF32 = (limit: number): fc.Arbitrary<number> =>
  fc.float({ noNaN: true, noDefaultInfinity: true, min: Math.fround(-limit), max: Math.fround(limit) });

/** A position (x, y, z, 0) of f32 values. */
export const position: fc.Arbitrary<Vec4> = fc.tuple(boundedF32(100), boundedF32(100), boundedF32(100)).map(([x, y, z]) => [x, y, z, 0]);

/** A unit quaternion (x, y, z, w), each lane rounded to f32. */
export const unitQuat: fc.Arbitrary<Quat> = fc
  .tuple(boundedF32(1), boundedF32(1), boundedF32(1), boundedF32(1))
  .filter((q) => Math.hypot(...q) > 0.1)
  .map((q) => {
    const length = Math.hypot(...q);
    return q.map((v) => Math.fround(v / length)) as Quat;
  });

export const transform: fc.Arbitrary<Transform> = fc.record({ position, rotation: unitQuat });

// ---------------------------------------------------------------------------------------------
// Skeleton models

export interface ModelOptions {
  maxBones?: number;
}

/**
 * Parents before children: `picks[i]` chooses bone i+1's parent among the bones before it, so
 * any array of naturals is a valid tree (and shrinks toward a chain on bone 0).
 */
function parentsFrom(picks: readonly number[]): number[] {
  return [-1, ...picks.map((p, i) => p % (i + 1))];
}

/**
 * `anvilnext` mirrors: the bone the second pointer names, any bone (self on a chain). `scimitar`
 * mirrors: disjoint pairs (the mirror data names both bones of a pair), else none.
 */
function mirrorsFrom(dialect: Dialect, n: number, proposals: readonly number[]): (number | null)[] {
  if (familyOf(dialect) === 'anvilnext') {
    // 0 (what shrinking heads for) is the bone itself; k names bone k − 1.
    return Array.from({ length: n }, (_, i) => {
      const k = (proposals[i] ?? 0) % (n + 1);
      return k === 0 ? i : k - 1;
    });
  }
  const mirrors: (number | null)[] = Array.from({ length: n }, () => null);
  for (let i = 0; i < n; i++) {
    const j = (proposals[i] ?? i) % n;
    if (j !== i && mirrors[i] === null && mirrors[j] === null) {
      mirrors[i] = j;
      mirrors[j] = i;
    }
  }
  return mirrors;
}

/**
 * A well-formed skeleton model, built with buildSkeleton: a random tree (parents before children),
 * f32 unit rotations and positions, unique random name hashes, mirrors, and for `anvilnext` a
 * SkeletonType and an own transform. `scimitar` stores index and descendant count in a byte, so its
 * skeletons stay small.
 */
export function skeletonModel(dialect: Dialect, options: ModelOptions = {}): fc.Arbitrary<Skeleton> {
  const family = familyOf(dialect);
  const maxBones = options.maxBones ?? (family === 'scimitar' ? 40 : 48);
  const idMax = family === 'scimitar' ? 0xffffffffn : 0xffffffffffffffffn;
  return fc.integer({ min: 1, max: maxBones }).chain((n) =>
    fc
      .record({
        id: fc.bigInt({ min: 0n, max: idMax }),
        parents: fc.array(fc.nat(), { minLength: n - 1, maxLength: n - 1 }).map(parentsFrom),
        names: fc.uniqueArray(u32, { minLength: n, maxLength: n }),
        locals: fc.array(transform, { minLength: n, maxLength: n }),
        mirrors: fc.array(fc.nat(), { minLength: n, maxLength: n }).map((p) => mirrorsFrom(dialect, n, p)),
        boneIds: fc.option(fc.uniqueArray(fc.bigInt({ min: 0n, max: idMax }), { minLength: n, maxLength: n }), { freq: 2 }),
        skeletonType: declaredOrAny(anvilnextSkeletonDeclaration(), 'skeletonType', u32),
        own: transform,
      })
      .map((r) => {
        const bones: BoneDescription[] = r.parents.map((parent, i) => ({
          nameHash: r.names[i]!,
          parent,
          local: r.locals[i]!,
          mirror: r.mirrors[i]!,
          id: r.boneIds?.[i],
        }));
        return buildSkeleton({
          dialect,
          id: r.id,
          skeletonType: r.skeletonType,
          ownTransform: family === 'anvilnext' ? r.own : null,
          bones,
        });
      }),
  );
}

// ---------------------------------------------------------------------------------------------
// Records

/** A resource reference: mode 03 (null, nine zero bytes), 04 (by id), or any mode kept as read. */
export const resourceReference: fc.Arbitrary<ResourceReference> = fc.oneof(
  fc.constant({ mode: 3, flag: 0, id: 0n }),
  fc.record({ mode: fc.constant(4), flag: fc.constantFrom(0, 1), id: u64 }),
  fc.record({ mode: u8, flag: u8, id: u64 }),
);

const nullPointer = fc.constant({ kind: 'null' as const });

function refTo<I>(ids: readonly I[]): fc.Arbitrary<PointerValue<I, never>> {
  return ids.length === 0 ? nullPointer : fc.constantFrom(...ids).map((id) => ({ kind: 'ref' as const, id }));
}

function nullOrRefTo<I>(ids: readonly I[]): fc.Arbitrary<PointerValue<I, never>> {
  return fc.oneof(nullPointer, refTo(ids));
}

const u32Array = (max: number) => fc.array(u32, { maxLength: max });
const bytes = (min: number, max: number) => fc.uint8Array({ minLength: min, maxLength: max });

function anvilnextBone(index: number, ids: readonly bigint[]): fc.Arbitrary<AnvilnextBone> {
  return fc.record({
    id: fc.constant(ids[index]!),
    nameHash: u32,
    // The root has none; any other bone may name any bone before it (or none).
    parent: index === 0 ? nullPointer : nullOrRefTo(ids.slice(0, index)),
    // The second bone pointer may name any bone of the skeleton, later ones included.
    mirror: nullOrRefTo(ids),
    // BoneDisplayData is a reference to an object elsewhere: not checked against the bones.
    displayData: fc.oneof(
      nullPointer,
      u64.map((id) => ({ kind: 'ref' as const, id })),
    ),
    globalPosition: anyVec4,
    globalRotation: anyVec4,
    localPosition: anyVec4,
    localRotation: anyVec4,
    unknownByte: u8,
    enumValue: u32,
    modifiers: fc.constant([] as never[]),
    words: u32Array(4),
    constantWord: declaredOrAny(anvilnextBoneDeclaration, 'constantWord', u32),
    constantFloat: declaredOrAny(anvilnextBoneDeclaration, 'constantFloat', anyF32),
    packedWord: u32,
  });
}

function anvilnextPoseBone(reading: AnvilnextReading): fc.Arbitrary<AnvilnextPoseBone> {
  return fc.record({ id: reading.poseBoneHeader === 'raw' ? fc.constant(null) : u64, body: bytes(16, 16) });
}

/** Every optional portion of an `anvilnext` Skeleton, for one reading. */
export function anvilnextRecord(reading: AnvilnextReading, options: { maxBones?: number } = {}): fc.Arbitrary<AnvilnextSkeleton> {
  const maxBones = options.maxBones ?? 8;
  return fc.uniqueArray(u64, { maxLength: maxBones }).chain((ids) =>
    fc.record({
      id: u64,
      managed: u8,
      skeletonType: u32,
      bones: fc.tuple(...ids.map((_, i) => anvilnextBone(i, ids))).map((b) => [...b]),
      root: ids.length === 0 ? nullPointer : nullOrRefTo(ids),
      ownPosition: anyVec4,
      ownRotation: anyVec4,
      bodyPartMapping: resourceReference,
      poseGroups: fc.array(
        fc.record({
          id: u64,
          poses: fc.array(fc.record({ id: u64, unknown: u32, bones: fc.array(anvilnextPoseBone(reading), { maxLength: 3 }) }), {
            maxLength: 2,
          }),
        }),
        { maxLength: 2 },
      ),
      ikData: fc.oneof(
        nullPointer,
        u64.map((id) => ({ kind: 'inline' as const, value: { id } })),
      ),
      lookAt: resourceReference,
      reflexSystem: fc.oneof(
        nullPointer,
        u64.map((id) => ({ kind: 'ref' as const, id })),
      ),
      float0: anyF32,
      float1: anyF32,
      // u32-length: length 0 is the absent buffer, so a present one holds a byte; the flagged form can hold none.
      reflexConstraints: fc.option(bytes(reading.reflexConstraints === 'u32-length' ? 1 : 0, 24), { nil: null }),
      trailingWords: u32Array(5),
    }),
  );
}

function scimitarBone(index: number, ids: readonly number[]): fc.Arbitrary<ScimitarBone> {
  const anyBone = nullOrRefTo(ids);
  return fc.record({
    id: fc.constant(ids[index]!),
    nameHash: u32,
    parent: index === 0 ? nullPointer : nullOrRefTo(ids.slice(0, index)),
    initialTransforms: fc.record({
      id: u32Id,
      globalPosition: anyVec4,
      globalRotation: anyVec4,
      localPosition: anyVec4,
      localRotation: anyVec4,
    }),
    constraints: fc.array(
      fc.record({
        id: u32Id,
        bone: anyBone,
        flag0: u8,
        targets: fc.array(fc.record({ id: u32Id, bone: anyBone, weight: anyF32 }), { maxLength: 2 }),
        flag1: u8,
        rotation: anyVec4,
      }),
      { maxLength: 2 },
    ),
    index: u8,
    descendants: u8,
  });
}

/** A `scimitar` Skeleton with constraints and their targets, pose groups, IK, centre of mass and mirror pairs. */
export function scimitarRecord(options: { maxBones?: number } = {}): fc.Arbitrary<ScimitarSkeleton> {
  const maxBones = options.maxBones ?? 8;
  // The root reference is tag 2 and a bone's id: a scimitar Skeleton has at least one bone.
  return fc.uniqueArray(u32Id, { minLength: 1, maxLength: maxBones }).chain((ids) =>
    fc.record({
      id: u32Id,
      unknown0: fc.oneof(fc.constantFrom(0, 2), u32),
      bones: fc.tuple(...ids.map((_, i) => scimitarBone(i, ids))).map((b) => [...b]),
      root: refTo(ids),
      unknown1: u32,
      poseGroups: fc.array(
        fc.record({
          id: u32Id,
          poses: fc.array(
            fc.record({
              id: u32Id,
              unknown: u32,
              bones: fc.array(fc.record({ id: u32Id, boneName: u32, position: anyVec4, rotation: anyVec4 }), { maxLength: 3 }),
            }),
            { maxLength: 2 },
          ),
        }),
        { maxLength: 2 },
      ),
      ikData: fc.oneof(
        nullPointer,
        fc.record({ id: u32Id, boneNames: u32Array(4) }).map((value) => ({ kind: 'inline' as const, value })),
      ),
      comData: fc.oneof(
        nullPointer,
        fc.record({ id: u32Id, value0: anyVec4, value1: anyVec4 }).map((value) => ({ kind: 'inline' as const, value })),
      ),
      unknown2: u32,
      mirrorData: fc.record({
        id: u32Id,
        pairs: fc.array(fc.record({ id: u32Id, boneNameA: u32, boneNameB: u32, byte0: u8, byte1: u8 }), { maxLength: 3 }),
      }),
    }),
  ) as fc.Arbitrary<ScimitarSkeleton>;
}

/** A SkeletonComponent with addons and track definitions. */
export const skeletonComponent: fc.Arbitrary<SkeletonComponent> = fc.record({
  id: u64,
  base: bytes(4, 4),
  mainSkeleton: resourceReference,
  addons: fc.array(resourceReference, { maxLength: 6 }),
  expressionPack: resourceReference,
  trackDefinitions: fc.array(fc.record({ id: u64, data: bytes(8, 8) }), { maxLength: 4 }),
  windForce: fc.record({ id: u64, data: bytes(12, 12) }),
});

// ---------------------------------------------------------------------------------------------
// Mutations (the same shapes the campaign draws, so a shrunk counterexample reads the same)

const anyPosition = fc.nat();

export const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ op: fc.constant('flip' as const), at: anyPosition, bit: fc.integer({ min: 0, max: 7 }) }),
  fc.record({ op: fc.constant('set' as const), at: anyPosition, value: fc.oneof(fc.constantFrom(...BYTE_VALUES), u8) }),
  fc.record({ op: fc.constant('insert' as const), at: anyPosition, bytes: fc.array(u8, { minLength: 1, maxLength: 8 }) }),
  fc.record({ op: fc.constant('delete' as const), at: anyPosition, length: fc.integer({ min: 1, max: 16 }) }),
  fc.record({
    op: fc.constant('u32' as const),
    at: anyPosition,
    value: fc.oneof(fc.constantFrom(...COUNT_VALUES), fc.constantFrom(...FLOAT_WORDS), u32),
  }),
  {
    arbitrary: fc.record({ op: fc.constant('count' as const), which: fc.nat(), value: fc.oneof(fc.constantFrom(...COUNT_VALUES), u32) }),
    weight: 2,
  },
  fc.record({ op: fc.constant('splice' as const), other: fc.nat(), cut: anyPosition, from: anyPosition }),
  fc.record({ op: fc.constant('copy' as const), from: anyPosition, to: anyPosition, length: fc.integer({ min: 1, max: 128 }) }),
  fc.record({ op: fc.constant('truncate' as const), length: anyPosition }),
);

/** One to four stacked mutations. */
export const mutations: fc.Arbitrary<Mutation[]> = fc.array(mutation, { minLength: 1, maxLength: 4 });
