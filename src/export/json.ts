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
  index: number;
  id: string;
  nameHash: string;
  name: string | null;
  parent: number;
  mirror: number | null;
  globalPosition: Vec4;
  globalRotation: Vec4;
  localPosition: Vec4;
  localRotation: Vec4;
  descendants: number;
  storedIndex: number;
}

/** A Skeleton as the `inspect --json` contract: plain data, no bigint, ready for `JSON.stringify`. */
export interface SkeletonJson {
  kind: 'Skeleton';
  dialect: Skeleton['dialect'];
  size: number;
  id: string;
  skeletonType: number | null;
  boneCount: number;
  ownTransform: { position: Vec4; rotation: Vec4 } | null;
  names: { resolved: number; total: number };
  bones: BoneJson[];
}

/**
 * The skeleton as {@link SkeletonJson}; `size` is the resource's byte length, and `boneName` (default:
 * none known) resolves the names. Never throws.
 */
export function skeletonToJson(skeleton: Skeleton, size: number, boneName: BoneNameResolver = () => null): SkeletonJson {
  const width = idHexWidth(skeleton.dialect);
  let resolved = 0;
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
    };
  });
  return {
    kind: 'Skeleton',
    dialect: skeleton.dialect,
    size,
    id: hex(skeleton.id, width),
    skeletonType: skeleton.skeletonType,
    boneCount: skeleton.bones.length,
    ownTransform: skeleton.ownTransform ? { position: [...skeleton.ownTransform.position], rotation: [...skeleton.ownTransform.rotation] } : null,
    names: { resolved, total: bones.length },
    bones,
  };
}

/** A resource reference of {@link ComponentJson}: mode, flag and id as `0x` + 16 hex digits. */
export interface ResourceReferenceJson {
  mode: number;
  flag: number;
  id: string;
}

/**
 * A SkeletonComponent as the `inspect --json` contract, with its length rule `56 + 10 × addons + 20 × tracks`.
 */
export interface ComponentJson {
  kind: 'SkeletonComponent';
  dialect: 'anvilnext';
  size: number;
  bodySize: number;
  id: string;
  mainSkeleton: string;
  addons: string[];
  trackCount: number;
  expressionPack: ResourceReferenceJson | null;
  references: { main: ResourceReferenceJson; addons: ResourceReferenceJson[] };
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
