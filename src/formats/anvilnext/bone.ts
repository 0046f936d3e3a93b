import {
  constU32,
  constU8,
  counted,
  f32,
  field,
  i32,
  pointer,
  registersId,
  scopedReference,
  struct,
  u32,
  u64,
  u8,
  unknownLayout,
  vec4,
  type Codec,
  type Infer,
} from '../../grammar/index.js';
import { formatValue } from '../../io/format.js';
import { CLASS } from '../classes.js';
import { referencePointer } from './common.js';
import { boneModifierClassText, wildlandsBoneModifier } from './modifiers.js';
import { SEED_VARIANT, type AnvilnextVariant } from './variant.js';

const boneReference = (mode: 'earlier' | 'any') => scopedReference(pointer({ id: u64 }), mode, 'bone');

const PEER = 'public reading (WildlandsToolkit)';

/**
 * A BoneModifier of a sibling title whose modifiers are not read: its header (tag, u64 id, u32
 * class) is read, then it is refused naming its class, because its fields, and so its length, are
 * not known in that title. Guessing a length would misread every byte after it.
 */
export const boneModifierByClass: Codec<never> = {
  typeName: 'BoneModifier (tag, u64 id, u32 class; fields unknown: refused)',
  fixedSize: null,
  minSize: 13,
  read(r) {
    const at = r.pos;
    r.u8();
    r.u64();
    const classAt = r.pos;
    const cls = r.u32();
    r.pos = at;
    return r.fail(
      'no BoneModifier (their fields are not known, so neither is their length)',
      `a BoneModifier of class ${boneModifierClassText(cls)} at offset ${formatValue(classAt)}`,
      at,
    );
  },
  write: (w) => w.refuse('no BoneModifier (their fields are not known)', 'one'),
};

/** The Bone's BoneModifier array as the variant reads it. */
function modifiersField(variant: AnvilnextVariant) {
  const l = variant.label;
  switch (variant.modifiers) {
    case 'empty':
      return field(
        counted(unknownLayout('BoneModifier'), { mustBeEmpty: true, elementName: 'BoneModifier' }),
        l('Observed'),
        'BoneModifier array, empty in all checked bones; a non-empty one is refused',
      );
    case 'by-class':
      return field(
        counted(boneModifierByClass, { elementName: 'BoneModifier' }),
        l('Observed'),
        'BoneModifier array; a modifier is refused naming its class, since its fields are not known',
      );
    case 'wildlands':
      return field(
        counted(wildlandsBoneModifier(l), { elementName: 'BoneModifier' }),
        l('Observed'),
        `${PEER}: count (an i32 there), then the BoneModifiers, each read by its class; a class not described is refused`,
      );
  }
}

/** The Bone structure of a layout of the `anvilnext` family. */
export function anvilnextBoneStruct(variant: AnvilnextVariant) {
  const l = variant.label;
  const peer = variant.boneNames === 'peer';
  return struct(
    'Bone',
    {
      tag: field(constU8(0, 'inline object'), l('Proven'), 'tagged Bone object'),
      id: field(u64, l('Inferred'), 'object id (our reading)'),
      classHash: field(constU32(CLASS.Bone, 'Bone'), l('Proven'), 'Bone'),
      nameHash: field(u32, l('Observed'), "CRC-32 of the bone's name, the key Animation mappings use"),
      parent: field(boneReference('earlier'), l('Observed'), '03 for the root only; otherwise 02 and the id of an earlier bone'),
      mirror: field(boneReference('any'), l('Inferred'), 'second bone pointer: self on a chain, the opposite-side bone on paired bones'),
      ...(variant.displayData
        ? {
            displayData: field(referencePointer, l('Observed'), 'BoneDisplayData, null (03) in all checked bones', {
              check: 'null-display-reflex',
              pointer: 'null',
            }),
          }
        : {}),
      globalPosition: field(vec4, l('Observed'), 'x, y, z, 0; excludes the own transform'),
      globalRotation: field(vec4, l('Observed'), 'unit quaternion x, y, z, w'),
      localPosition: field(vec4, l('Observed'), 'x, y, z, 0, relative to the parent'),
      localRotation: field(vec4, l('Observed'), 'unit quaternion x, y, z, w'),
      // Each renamed field is two spreads, one per name, so the decoded type has both as optional keys.
      ...(peer ? { solvingPriority: field(u8, l('Observed'), `${PEER}: solving priority`) } : {}),
      ...(peer
        ? {}
        : { unknownByte: field(u8, l('Observed'), 'a byte (a public reader of the sibling titles calls it the solving priority)') }),
      ...(variant.secondByte ? { secondByte: field(u8, 'Unknown', 'a second byte before the enum; meaning unknown, kept') } : {}),
      ...(peer ? { mirroringType: field(i32, l('Observed'), `${PEER}: mirroring type (an i32)`) } : {}),
      ...(peer
        ? {}
        : { enumValue: field(u32, l('Observed'), 'an enum (a public reader of the sibling titles reads an i32 mirroring type)') }),
      modifiers: modifiersField(variant),
      ...(peer
        ? { dependencies: field(counted(u32, { elementName: 'u32' }), l('Observed'), `${PEER}: count, then the dependencies (u32 each)`) }
        : {}),
      ...(peer
        ? {}
        : {
            words: field(
              counted(u32, { elementName: 'u32' }),
              l('Observed'),
              'counted u32 array (a public reader calls them dependencies)',
            ),
          }),
      ...(peer
        ? {
            wrinkleCategory: field(
              i32,
              l('Observed'),
              `${PEER}: wrinkle category (an i32); the main title's bones all hold 7 here, which the bone-constants check still expects, though what category 7 means is not known`,
              { check: 'bone-constants', equals: 7 },
            ),
          }
        : {}),
      ...(peer
        ? {}
        : {
            constantWord: field(u32, l('Observed'), '7 in all checked bones (a public reader calls it the wrinkle category)', {
              check: 'bone-constants',
              equals: 7,
            }),
          }),
      ...(peer
        ? {
            wrinkleFactor: field(
              f32,
              l('Observed'),
              `${PEER}: wrinkle factor; the main title's bones all hold 1.0, which the bone-constants check still expects`,
              { check: 'bone-constants', equals: 1 },
            ),
          }
        : {}),
      ...(peer
        ? {}
        : {
            constantFloat: field(f32, l('Observed'), '1.0 in all checked bones (a public reader calls it the wrinkle factor)', {
              check: 'bone-constants',
              equals: 1,
            }),
          }),
      packedWord: field(
        u32,
        l('Observed'),
        peer
          ? `low 16 bits: array position; high 16 bits: descendant count (${PEER}: u16 index, then u16 descendant count)`
          : 'low 16 bits: array position; high 16 bits: descendant count',
      ),
    },
    "One element of the Skeleton's bone array.",
  );
}

/** The seed's Bone. */
export const anvilnextBone = anvilnextBoneStruct(SEED_VARIANT);

/** One decoded `anvilnext` Bone record, every stored field but the constants (`displayData` only in the seed's layout, `secondByte` only in Breakpoint's). */
export type AnvilnextBone = Infer<ReturnType<typeof anvilnextBoneStruct>>;

/** Bones join the resource's id scope as they are read, so parents can be checked at once. */
export function anvilnextBoneElement(bone: ReturnType<typeof anvilnextBoneStruct>) {
  return registersId(bone, (b) => b.id, 'bone');
}

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
