/**
 * The neutral view of a Skeleton record of the `anvilnext` family, and a record from a view, for
 * every variant of the family. Values the view does not carry come from the declarations'
 * expectations (the constant 7 and 1.0, null pointers) or are the empty portions.
 */
import type { PointerValue } from '../../grammar/pointer.js';
import { expectedValue, type StructCodec } from '../../grammar/struct.js';
import type { Vec4 } from '../../math/vector.js';
import { BONE_MODIFIER_CLASS } from '../classes.js';
import type { LayoutName, LayoutBone, LayoutBoneModifier, LayoutSkeleton, SkeletonRecord, StoredBoneTransforms } from '../layout.js';
import { boneWordDescendants, boneWordIndex, packBoneWord } from './bone.js';
import { NULL_RESOURCE } from './common.js';
import { BONE_MODIFIER_COMMON_FIELDS } from './modifiers.js';
import type { AnvilnextVariant } from './variant.js';

/** The fields every Bone of the family stores. */
interface FamilyBone {
  id: bigint;
  nameHash: number;
  parent: PointerValue<bigint, unknown>;
  mirror: PointerValue<bigint, unknown>;
  globalPosition: Vec4;
  globalRotation: Vec4;
  localPosition: Vec4;
  localRotation: Vec4;
  packedWord: number;
  /** Every layout of the family stores the array; only those that read modifiers can hold any. */
  modifiers?: Record<string, unknown>[];
}

interface FamilySkeleton {
  id: bigint;
  skeletonType?: number;
  bones: FamilyBone[];
  ownPosition: Vec4;
  ownRotation: Vec4;
}

const v4 = (v: readonly number[]): Vec4 => [v[0]!, v[1]!, v[2]!, v[3]!];

const COMMON_FIELDS: ReadonlySet<string> = new Set(BONE_MODIFIER_COMMON_FIELDS);

/** A decoded BoneModifier as the view carries it: class and id, then the common part's other fields and the class's. */
function modifierView(modifier: Record<string, unknown>): LayoutBoneModifier {
  const classHash = modifier.classHash as number;
  const common: Record<string, unknown> = {};
  const fields: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(modifier)) {
    if (name === 'id' || name === 'classHash') continue;
    (COMMON_FIELDS.has(name) ? common : fields)[name] = value;
  }
  return { className: BONE_MODIFIER_CLASS[classHash] ?? null, classHash, id: modifier.id as bigint, common, fields };
}

/** The declared value of each field with an expectation, by name. */
function declaredDefaults(codec: StructCodec<unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of codec.fields) {
    const value = expectedValue(f.expect);
    if (value !== undefined) out[f.name] = value;
  }
  return out;
}

/** Whether each bone's id is larger than the one before: then no two are the same, and a search finds each. */
function idsIncrease(records: readonly FamilyBone[]): boolean {
  for (let i = 1; i < records.length; i++) if (!(records[i]!.id > records[i - 1]!.id)) return false;
  return true;
}

/** The last bone holding each id: what a pointer to a repeated id names. */
function lastIndexById(records: readonly FamilyBone[]): Map<bigint, number> {
  const indexById = new Map<bigint, number>();
  for (let i = 0; i < records.length; i++) indexById.set(records[i]!.id, i);
  return indexById;
}

/**
 * The bone with this id among bones whose ids increase, trying `guess` first (for a mirror: the
 * earlier bone that named this one, else as far ahead as the last mirror found), then a binary
 * search: no hashing of 64-bit ids, which a map of them costs on every bone of a census.
 */
function searchIncreasing(records: readonly FamilyBone[], id: bigint, guess: number): number | undefined {
  if (guess >= 0 && guess < records.length && records[guess]!.id === id) return guess;
  let low = 0;
  let high = records.length - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const at = records[middle]!.id;
    if (at === id) return middle;
    if (at < id) low = middle + 1;
    else high = middle - 1;
  }
  return undefined;
}

/**
 * The view's working arrays, kept between views (a view runs to its end before another starts):
 * the parents found so far, for the walk up (−1 a root, where the walk stops), and per bone 1 + the
 * earlier bone that named it as its mirror (0 none), zeroed for each view.
 */
let scratch = new Int32Array(2 * 256);

/** The working array for a view of `count` bones: parents at [0, count), mirror hints (zeroed) at [count, 2 count). */
function scratchFor(count: number): Int32Array {
  if (scratch.length < 2 * count) scratch = new Int32Array(2 * count);
  scratch.fill(0, count, 2 * count);
  return scratch;
}

/**
 * The parent of bone `index` among bones whose ids increase: in the depth-first order the files
 * store, it is the bone before or one of that bone's ancestors, so the walk up from the bone before
 * (over the parents already found) meets it after a comparison or two; a search otherwise.
 */
function parentIncreasing(records: readonly FamilyBone[], parents: Int32Array, id: bigint, index: number): number | undefined {
  for (let at = index - 1; at >= 0;) {
    if (records[at]!.id === id) return at;
    const up = parents[at]!;
    // A parent stored after its child breaks the order the walk relies on (and could make it loop).
    if (up >= at) break;
    at = up;
  }
  return searchIncreasing(records, id, -1);
}

/** The view of a decoded record (shares its transform tuples). Never throws on a record the layout read. */
export function anvilnextView(dialect: LayoutName, variant: AnvilnextVariant, record: SkeletonRecord): LayoutSkeleton {
  const r = record as unknown as FamilySkeleton;
  const records = r.bones;
  const indexById = idsIncrease(records) ? null : lastIndexById(records);
  const count = records.length;
  const work = scratchFor(count);
  const bones: LayoutBone[] = [];
  // How far ahead the last mirror found by a search was: left and right limbs are stored as chains
  // in the same order, so the next left bone's mirror is most often as far ahead.
  let mirrorAhead = 1;
  for (let index = 0; index < records.length; index++) {
    const b = records[index]!;
    let parent = -1;
    if (b.parent.kind === 'ref')
      parent = (indexById === null ? parentIncreasing(records, work, b.parent.id, index) : indexById.get(b.parent.id)) ?? -1;
    work[index] = parent;
    let mirror: number | null = null;
    if (b.mirror.kind === 'ref') {
      const id = b.mirror.id;
      if (indexById !== null) mirror = indexById.get(id) ?? null;
      // Among increasing ids no two bones share one: a bone that names its own id is its own mirror.
      else if (id === b.id) mirror = index;
      else {
        // A bone found as the mirror of an earlier one is tried first: mirrors come in pairs.
        const named = work[count + index]! - 1;
        mirror = searchIncreasing(records, id, named >= 0 ? named : index + mirrorAhead) ?? null;
        if (mirror !== null && mirror > index) {
          work[count + mirror] = index + 1;
          mirrorAhead = mirror - index;
        }
      }
    }
    const bone: LayoutBone = {
      index,
      id: b.id,
      nameHash: b.nameHash,
      parent,
      mirror,
      global: { position: b.globalPosition, rotation: b.globalRotation },
      local: { position: b.localPosition, rotation: b.localRotation },
      descendants: boneWordDescendants(b.packedWord),
      storedIndex: boneWordIndex(b.packedWord),
    };
    // Only a bone that has modifiers gets the key, and no spread: the census views every bone of every file.
    if (b.modifiers !== undefined && b.modifiers.length > 0) bone.modifiers = b.modifiers.map(modifierView);
    bones.push(bone);
  }
  return {
    dialect,
    id: r.id,
    skeletonType: variant.header === 'seed' ? (r.skeletonType ?? null) : null,
    ownTransform: { position: r.ownPosition, rotation: r.ownRotation },
    bones,
  };
}

/** Each bone's stored transforms: the record's own tuples. */
export function anvilnextBoneTransforms(record: SkeletonRecord): StoredBoneTransforms[] {
  return (record as unknown as FamilySkeleton).bones;
}

/**
 * A record of the variant for a view: the declared values where the view is silent, the empty
 * portions, `overrides` on top. Throws a RangeError for a stored index or descendant count past 16
 * bits; a view the layout cannot hold (a parent that is not a bone) makes writing refuse.
 */
export function anvilnextRecord(
  variant: AnvilnextVariant,
  declarations: { bone: StructCodec<unknown>; skeleton: StructCodec<unknown> },
  skeleton: LayoutSkeleton,
  overrides: Readonly<Record<string, unknown>> = {},
): SkeletonRecord {
  const ids = skeleton.bones.map((b) => b.id);
  const ref = (index: number | null): PointerValue<bigint, never> =>
    index === null || index < 0 ? { kind: 'null' } : { kind: 'ref', id: ids[index]! };
  const own = skeleton.ownTransform ?? skeleton.bones[0]?.local ?? { position: [0, 0, 0, 0], rotation: [0, 0, 0, 1] };
  const boneDefaults = declaredDefaults(declarations.bone);
  const skeletonDefaults = declaredDefaults(declarations.skeleton);
  const bones = skeleton.bones.map((b, index) => ({
    id: b.id,
    nameHash: b.nameHash,
    parent: ref(b.parent),
    mirror: ref(b.mirror ?? index),
    ...(variant.displayData ? { displayData: { kind: 'null' } } : {}),
    globalPosition: v4(b.global.position),
    globalRotation: v4(b.global.rotation),
    localPosition: v4(b.local.position),
    localRotation: v4(b.local.rotation),
    ...(variant.boneNames === 'peer'
      ? { solvingPriority: 0, mirroringType: 0, dependencies: [] }
      : { unknownByte: 0, enumValue: 0, words: [] }),
    ...(variant.secondByte ? { secondByte: 0 } : {}),
    // A model carries the modifiers it was read with for display only: they name bones by id, which a
    // model's bones need not keep, so a record built from a model has none (as it has no dependencies).
    modifiers: [],
    ...boneDefaults,
    packedWord: packBoneWord(b.storedIndex, b.descendants),
  }));
  const header =
    variant.header === 'unity'
      ? { id: skeleton.id, headerWord: 0 }
      : { id: skeleton.id, managed: 1, skeletonType: skeleton.skeletonType ?? skeletonDefaults.skeletonType ?? 0 };
  const tail =
    variant.tail === 'seed'
      ? { reflexConstraints: null, trailingWords: [] }
      : variant.tail === 'breakpoint'
        ? { reflex3Constraints: { kind: 'null' }, trailingWords: [] }
        : {};
  return {
    ...header,
    bones,
    root: bones.length > 0 ? { kind: 'ref', id: ids[0]! } : { kind: 'null' },
    ownPosition: v4(own.position),
    ownRotation: v4(own.rotation),
    bodyPartMapping: { ...NULL_RESOURCE },
    poseGroups: [],
    ikData: { kind: 'null' },
    lookAt: { ...NULL_RESOURCE },
    reflexSystem: { kind: 'null' },
    float0: 0,
    float1: 0,
    ...tail,
    ...overrides,
  };
}
