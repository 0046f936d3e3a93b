/**
 * The ordered portions the census tallies, straight from the structure declarations: the
 * Skeleton's body portions per layout, the Bone's fields, the SkeletonComponent's portions. A
 * refusal's field path says which portion (and which Bone field) a file stopped in.
 */
import type { Confidence } from '../../grammar/codec.js';
import type { StructField } from '../../grammar/struct.js';
import { skeletonComponentDeclaration } from '../../formats/anvilnext/component.js';
import type { LayoutName } from '../../formats/dialect.js';
import type { Reading } from '../../formats/layout.js';
import { layoutByName, layoutNames } from '../../formats/registry.js';

/** The resource layouts a census counts: each registered layout's Skeletons, and the component. */
export type CensusLayout = LayoutName | 'component';

/** Every layout a census counts, in registry order, then the component. */
export function censusLayouts(): CensusLayout[] {
  return [...layoutNames(), 'component'];
}

/** The pseudo-portion after the last field: the file must end exactly there. */
export const END_PORTION = '(end)';

/** One row of a census table: a declared field, or the end of the data. */
export interface PortionDescriptor {
  name: string;
  /** The declared type, e.g. `u32 count, then Bone × count`. */
  representation: string;
  note: string;
  /** The confidence the declaration gives the field. */
  declared: Confidence;
}

function describe(fields: readonly StructField[]): PortionDescriptor[] {
  return fields.map((f) => ({ name: f.name, representation: f.codec.typeName, note: f.note, declared: f.confidence }));
}

const END_DESCRIPTOR: PortionDescriptor = {
  name: END_PORTION,
  representation: 'end of the data',
  note: 'the file ends exactly after the last portion',
  declared: 'Proven',
};

/** The ordered portions of a layout's resource under a reading, then the end of the data. */
export function layoutPortions(layout: CensusLayout, reading?: Reading): PortionDescriptor[] {
  const fields = layout === 'component' ? skeletonComponentDeclaration.fields : layoutByName(layout).codec('Skeleton', reading).fields;
  return [...describe(fields), END_DESCRIPTOR];
}

/** The Bone fields of a Skeleton layout, in order; none for the component. */
export function boneFields(layout: CensusLayout): PortionDescriptor[] {
  if (layout === 'component') return [];
  return describe(layoutByName(layout).bone.fields);
}

/** The resource field that holds the bones (its refusals name a Bone field). */
export const BONES_PORTION = 'bones';

export interface RefusalPlace {
  /** The top-level portion the refusal is in; END_PORTION for bytes left after the last one. */
  portion: string;
  /** The Bone field, when the refusal is inside one bone's fields. */
  boneField: string | null;
}

const PATH = /^([A-Za-z_$][\w$]*)(?:\[(\d+)\](?:\.([A-Za-z_$][\w$]*))?)?/;

/**
 * Where a refusal's field path (`bones[3].initialTransforms.classHash`, `root`, `(root)`) falls:
 * `(root)` is the end-of-data check, the first name is the portion, and inside `bones[i]` the next
 * name is the Bone field.
 */
export function refusalPlace(path: string): RefusalPlace {
  if (path === '(root)' || path === '') return { portion: END_PORTION, boneField: null };
  const match = PATH.exec(path);
  if (!match) return { portion: path, boneField: null };
  const portion = match[1]!;
  const boneField = portion === BONES_PORTION && match[3] !== undefined ? match[3] : null;
  return { portion, boneField };
}
