/**
 * The `inspect --json` contract: plain data, hex strings as `0x` + uppercase digits padded to the
 * field's width (u32: 8, u64: 16). Further fields may be added; these names and meanings hold.
 */
import type { SkeletonComponent } from '../formats/anvilnext/component.js';
import { SKELETON_COMPONENT_HEADER_SIZE, expectedComponentBodySize } from '../formats/anvilnext/component.js';
import type { ResourceReference } from '../formats/anvilnext/common.js';
import { hex } from '../io/format.js';
import type { Vec4 } from '../math/vector.js';
import { idHexWidth, type Skeleton } from '../model/skeleton.js';

/** Resolves a bone name hash to its name, or null when unknown. */
export type BoneNameResolver = (hash: number) => string | null;

/** One bone of {@link SkeletonJson}: ids and hashes as `0x` hex text, transforms as plain numbers. */
export interface BoneJson {
  /** Position in the bone list. */
  index: number;
  /** Object id, `0x` + 16 (anvilnext) or 8 (scimitar) hex digits. */
  id: string;
  /** CRC-32 of the name, `0x` + 8 hex digits. */
  nameHash: string;
  /** The resolved name, or null when unknown. */
  name: string | null;
  /** Index of the parent bone, −1 for the root. */
  parent: number;
  /** The mirror bone's index (see `SkeletonBone.mirror`), or null. */
  mirror: number | null;
  /** Stored global bind position. */
  globalPosition: Vec4;
  /** Stored global bind rotation. */
  globalRotation: Vec4;
  /** Stored local bind position. */
  localPosition: Vec4;
  /** Stored local bind rotation. */
  localRotation: Vec4;
  /** Descendant count as stored. */
  descendants: number;
  /** List position as stored. */
  storedIndex: number;
  /** The bone's BoneModifiers as stored, in a layout that reads them; empty otherwise. */
  modifiers: BoneModifierJson[];
}

/**
 * A stored field's value in JSON: numbers as numbers, ids as `0x` hex text, byte runs as hex text
 * (two digits a byte), a pointer as `{ id, bone }` (`bone`: the index of the bone it names, or null)
 * or null, nested objects and arrays alike.
 */
export type StoredValueJson = number | string | null | StoredValueJson[] | { [field: string]: StoredValueJson };

/** One BoneModifier of {@link BoneJson}. */
export interface BoneModifierJson {
  /** The class's name (`Roll`), or null when unnamed. */
  class: string | null;
  /** The class hash, `0x` + 8 hex digits. */
  classHash: string;
  /** The modifier's id as hex text. */
  id: string;
  /** The common part's other fields by declared name (`owner`, `blendWeight`, `lodLimit`, …). */
  common: Record<string, StoredValueJson>;
  /** The fields of its class, by declared name. */
  fields: Record<string, StoredValueJson>;
}

/** A decoded field value as {@link StoredValueJson}; `boneOf` finds the index of the bone an id names. */
function storedValueJson(value: unknown, width: number, boneOf: (id: bigint) => number | null): StoredValueJson {
  if (typeof value === 'number') return value;
  if (typeof value === 'bigint') return hex(value, width);
  if (typeof value === 'string') return value;
  if (value instanceof Uint8Array) return Array.from(value, (b) => b.toString(16).toUpperCase().padStart(2, '0')).join('');
  if (Array.isArray(value)) return value.map((v) => storedValueJson(v, width, boneOf));
  if (typeof value === 'object' && value !== null) {
    const o = value as Record<string, unknown>;
    if (o.kind === 'null') return null;
    if (o.kind === 'ref' && typeof o.id === 'bigint') return { id: hex(o.id, width), bone: boneOf(o.id) };
    if (o.kind === 'inline') return storedValueJson(o.value, width, boneOf);
    return fieldsJson(o, width, boneOf);
  }
  return null;
}

function fieldsJson(o: Readonly<Record<string, unknown>>, width: number, boneOf: (id: bigint) => number | null) {
  const out: Record<string, StoredValueJson> = {};
  for (const [name, v] of Object.entries(o)) out[name] = storedValueJson(v, width, boneOf);
  return out;
}

/** A Skeleton as the `inspect --json` contract: plain data, no bigint, ready for `JSON.stringify`. */
export interface SkeletonJson {
  /** Always `Skeleton`. */
  kind: 'Skeleton';
  /** The layout. */
  dialect: Skeleton['dialect'];
  /** The resource's byte length. */
  size: number;
  /** The Skeleton's id as hex text. */
  id: string;
  /** SkeletonType (`anvilnext`), null in `scimitar`. */
  skeletonType: number | null;
  /** Number of bones. */
  boneCount: number;
  /** The own transform (`anvilnext`), null in `scimitar`. */
  ownTransform: { position: Vec4; rotation: Vec4 } | null;
  /** How many of the bones' names resolved. */
  names: { resolved: number; total: number };
  /** Every bone, in list order. */
  bones: BoneJson[];
}

/**
 * The skeleton as {@link SkeletonJson}; `size` is the resource's byte length, and `boneName` (default:
 * none known) resolves the names. Never throws.
 */
export function skeletonToJson(skeleton: Skeleton, size: number, boneName: BoneNameResolver = () => null): SkeletonJson {
  const width = idHexWidth(skeleton.dialect);
  let resolved = 0;
  let indexById: Map<bigint, number> | null = null;
  const boneOf = (id: bigint): number | null => {
    indexById ??= new Map(skeleton.bones.map((b) => [b.id, b.index]));
    return indexById.get(id) ?? null;
  };
  const bones = skeleton.bones.map((b): BoneJson => {
    const name = boneName(b.nameHash);
    if (name !== null) resolved++;
    return {
      index: b.index,
      id: hex(b.id, width),
      nameHash: hex(b.nameHash, 8),
      name,
      parent: b.parent,
      mirror: b.mirror,
      globalPosition: [...b.global.position],
      globalRotation: [...b.global.rotation],
      localPosition: [...b.local.position],
      localRotation: [...b.local.rotation],
      descendants: b.descendants,
      storedIndex: b.storedIndex,
      modifiers: (b.modifiers ?? []).map((m) => ({
        class: m.className,
        classHash: hex(m.classHash, 8),
        id: hex(m.id, width),
        common: fieldsJson(m.common, width, boneOf),
        fields: fieldsJson(m.fields, width, boneOf),
      })),
    };
  });
  return {
    kind: 'Skeleton',
    dialect: skeleton.dialect,
    size,
    id: hex(skeleton.id, width),
    skeletonType: skeleton.skeletonType,
    boneCount: skeleton.bones.length,
    ownTransform: skeleton.ownTransform
      ? { position: [...skeleton.ownTransform.position], rotation: [...skeleton.ownTransform.rotation] }
      : null,
    names: { resolved, total: bones.length },
    bones,
  };
}

/** A resource reference of {@link ComponentJson}: mode, flag and id as `0x` + 16 hex digits. */
export interface ResourceReferenceJson {
  /** `3` null, `4` a resource by id. */
  mode: number;
  /** The byte after the mode. */
  flag: number;
  /** Resource id, `0x` + 16 hex digits. */
  id: string;
}

/**
 * A SkeletonComponent as the `inspect --json` contract, with its length rule `56 + 10 × addons + 20 × tracks`.
 */
export interface ComponentJson {
  /** Always `SkeletonComponent`. */
  kind: 'SkeletonComponent';
  /** Always `anvilnext`. */
  dialect: 'anvilnext';
  /** The resource's byte length. */
  size: number;
  /** Bytes after the 12-byte object header. */
  bodySize: number;
  /** The component's id, `0x` + 16 hex digits. */
  id: string;
  /** The main Skeleton's id. */
  mainSkeleton: string;
  /** The addon Skeletons' ids. */
  addons: string[];
  /** Number of track definitions. */
  trackCount: number;
  /** The ExpressionPack reference, null when it is null (mode 3). */
  expressionPack: ResourceReferenceJson | null;
  /** The main and addon references in full. */
  references: { main: ResourceReferenceJson; addons: ResourceReferenceJson[] };
  /** The body length `56 + 10 × addons + 20 × tracks` predicts, and whether it holds. */
  lengthRule: { expected: number; holds: boolean };
}

function referenceJson(ref: ResourceReference): ResourceReferenceJson {
  return { mode: ref.mode, flag: ref.flag, id: hex(ref.id, 16) };
}

/** The SkeletonComponent as {@link ComponentJson}; `size` is the resource's byte length. Never throws. */
export function componentToJson(component: SkeletonComponent, size: number): ComponentJson {
  const bodySize = size - SKELETON_COMPONENT_HEADER_SIZE;
  const expected = expectedComponentBodySize(component.addons.length, component.trackDefinitions.length);
  return {
    kind: 'SkeletonComponent',
    dialect: 'anvilnext',
    size,
    bodySize,
    id: hex(component.id, 16),
    mainSkeleton: hex(component.mainSkeleton.id, 16),
    addons: component.addons.map((a) => hex(a.id, 16)),
    trackCount: component.trackDefinitions.length,
    expressionPack: component.expressionPack.mode === 3 ? null : referenceJson(component.expressionPack),
    references: { main: referenceJson(component.mainSkeleton), addons: component.addons.map(referenceJson) },
    lengthRule: { expected, holds: expected === bodySize },
  };
}

/**
 * JSON text of `value` with a two-space indent and a final newline. Throws a `TypeError` on a bigint or a cycle, as `JSON.stringify` does.
 */
export function toJsonText(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}
