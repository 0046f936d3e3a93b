import {
  constU32,
  constU8,
  counted,
  f32,
  field,
  pointer,
  registersId,
  scopedReference,
  struct,
  u32,
  u64,
  u8,
  unknownLayout,
  vec4,
  type Infer,
} from '../../grammar/index.js';
import { CLASS } from '../classes.js';
import { referencePointer } from './common.js';

const boneReference = (mode: 'earlier' | 'any') => scopedReference(pointer({ id: u64 }), mode, 'bone');

export const anvilnextBone = struct(
  'Bone',
  {
    tag: field(constU8(0, 'inline object'), 'Proven', 'tagged Bone object'),
    id: field(u64, 'Inferred', 'object id (our reading)'),
    classHash: field(constU32(CLASS.Bone, 'Bone'), 'Proven', 'Bone'),
    nameHash: field(u32, 'Observed', "CRC-32 of the bone's name, the key Animation mappings use"),
    parent: field(boneReference('earlier'), 'Observed', '03 for the root only; otherwise 02 and the id of an earlier bone'),
    mirror: field(boneReference('any'), 'Inferred', 'second bone pointer: self on a chain, the opposite-side bone on paired bones'),
    displayData: field(referencePointer, 'Observed', 'BoneDisplayData, null (03) in all checked bones'),
    globalPosition: field(vec4, 'Observed', 'x, y, z, 0; excludes the own transform'),
    globalRotation: field(vec4, 'Observed', 'unit quaternion x, y, z, w'),
    localPosition: field(vec4, 'Observed', 'x, y, z, 0, relative to the parent'),
    localRotation: field(vec4, 'Observed', 'unit quaternion x, y, z, w'),
    unknownByte: field(u8, 'Observed', 'a byte'),
    enumValue: field(u32, 'Observed', 'an enum'),
    modifiers: field(
      counted(unknownLayout('BoneModifier'), { mustBeEmpty: true, elementName: 'BoneModifier' }),
      'Observed',
      'BoneModifier array, empty in all checked bones; a non-empty one is refused',
    ),
    words: field(counted(u32, { elementName: 'u32' }), 'Observed', 'counted u32 array'),
    constantWord: field(u32, 'Observed', '7 in all checked bones'),
    constantFloat: field(f32, 'Observed', '1.0 in all checked bones'),
    packedWord: field(u32, 'Observed', 'low 16 bits: array position; high 16 bits: descendant count'),
  },
  "One element of the Skeleton's bone array.",
);

/** One decoded `anvilnext` Bone record, every stored field but the constants. */
export type AnvilnextBone = Infer<typeof anvilnextBone>;

/** Bones join the resource's id scope as they are read, so parents can be checked at once. */
export const anvilnextBoneElement = registersId(anvilnextBone, (bone) => bone.id, 'bone');

/**
 * The packed bone word: descendant count in the high 16 bits, array position in the low 16. Throws
 * a RangeError for a value that does not fit its 16 bits (masking it would write another number).
 */
export function packBoneWord(index: number, descendants: number): number {
  for (const [what, value] of [
    ['stored index', index],
    ['descendant count', descendants],
  ] as const) {
    if (!Number.isInteger(value) || value < 0 || value > 0xffff)
      throw new RangeError(`the ${what} ${value} does not fit the packed bone word's 16 bits`);
  }
  return ((descendants << 16) | index) >>> 0;
}

/** The array position kept in a packed bone word's low 16 bits. */
export function boneWordIndex(word: number): number {
  return word & 0xffff;
}

/** The descendant count kept in a packed bone word's high 16 bits. */
export function boneWordDescendants(word: number): number {
  return word >>> 16;
}
