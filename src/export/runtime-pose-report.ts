/**
 * The runtime pose of a Skeleton as `pose show` reports it: each bone's runtime local transform
 * (the own transform in place of the root's) and its world transform, as JSON data and as text.
 * Browser-safe.
 */
import { runtimeLocalTransforms, runtimeWorldTransforms } from '../analysis/runtime-pose.js';
import type { Transform } from '../math/transform.js';
import type { Skeleton } from '../model/skeleton.js';
import { formatHash } from '../names/crc32.js';
import type { PoseFindResult } from '../analysis/pose-find.js';
import { count, formatOffset, groupThousands, hex } from '../io/format.js';

/** A transform as plain arrays. */
export interface TransformJson {
  /** x, y, z, w. */
  position: number[];
  /** The quaternion x, y, z, w. */
  rotation: number[];
}

/** The runtime pose as JSON: the layout, the own transform (null when none), and per bone its parent, name, runtime local and world. */
export interface RuntimePoseJson {
  /** The Skeleton's layout. */
  dialect: string;
  /** The own transform that replaces the root local, or null. */
  ownTransform: TransformJson | null;
  /** Each bone in order. */
  bones: { bone: number; parent: number; nameHash: string; name: string | null; local: TransformJson; world: TransformJson }[];
}

function plain(t: Transform): TransformJson {
  return { position: [...t.position], rotation: [...t.rotation] };
}

/** The runtime pose of `skeleton` as data, bone names resolved by `nameOf` (null when unknown). Never throws. */
export function runtimePoseJson(skeleton: Skeleton, nameOf: (hash: number) => string | null): RuntimePoseJson {
  const locals = runtimeLocalTransforms(skeleton);
  const worlds = runtimeWorldTransforms(skeleton);
  const bones = skeleton.bones.map((bone, index) => ({
    bone: index,
    parent: bone.parent,
    nameHash: formatHash(bone.nameHash),
    name: nameOf(bone.nameHash),
    local: plain(locals[index]!),
    world: plain(worlds[index]!),
  }));
  return { dialect: skeleton.dialect, ownTransform: skeleton.ownTransform === null ? null : plain(skeleton.ownTransform), bones };
}

const IDENTITY: Transform = { position: [0, 0, 0, 0], rotation: [0, 0, 0, 1] };

function formatTransform(t: Transform): string {
  const f = (values: readonly number[]): string => values.map((v) => (v < 0 || Object.is(v, -0) ? '' : ' ') + v.toFixed(4)).join(',');
  return `p(${f(t.position.slice(0, 3))}) q(${f(t.rotation)})`;
}

/** The runtime pose as `pose show` prints it: a header, then one line per bone with its runtime local and world. Never throws. */
export function runtimePoseText(skeleton: Skeleton, nameOf: (hash: number) => string | null): string {
  const locals = runtimeLocalTransforms(skeleton);
  const worlds = runtimeWorldTransforms(skeleton);
  const own = skeleton.ownTransform;
  const lines = [
    `${skeleton.dialect} skeleton, ${skeleton.bones.length} bones; ` +
      (own === null
        ? 'no own transform: the runtime root local is the stored one'
        : `own transform ${formatTransform(own)} replaces the root local`),
    `${'bone'.padStart(5)} ${'parent'.padStart(6)}  ${'name'.padEnd(20)}  ${'runtime local'.padEnd(formatTransform(IDENTITY).length + 2)}world`,
  ];
  skeleton.bones.forEach((bone, index) => {
    const parent = bone.parent === -1 ? '-' : String(bone.parent);
    const name = nameOf(bone.nameHash) ?? formatHash(bone.nameHash);
    lines.push(
      `${String(index).padStart(5)} ${parent.padStart(6)}  ${name.padEnd(20)}  ${formatTransform(locals[index]!)}  ${formatTransform(worlds[index]!)}`,
    );
  });
  return `${lines.join('\n')}\n`;
}

/** A bone as pose reports name it: `bone 3 (Spine)`, the hash when no name is known, `bone 3` past the last bone. */
export function poseBoneLabel(skeleton: Skeleton, index: number, nameOf: (hash: number) => string | null): string {
  const bone = skeleton.bones[index];
  return bone === undefined ? `bone ${index}` : `bone ${index} (${nameOf(bone.nameHash) ?? formatHash(bone.nameHash)})`;
}

/** The line `pose find` prints for the array found: where, how many bones matched, what the root record equals, the largest error. */
export function poseFindText(result: PoseFindResult, skeleton: Skeleton, nameOf: (hash: number) => string | null): string {
  const { offset, root, bones, matched, maxError } = result;
  const also = result.rootKinds.length > 1 ? ` (also equals ${result.rootKinds.slice(1).join(', ')})` : '';
  const error = maxError === 0 ? '0' : maxError.toPrecision(3);
  const found = `${count(bones, 'bone')}, ${groupThousands(matched)} matched`;
  return `pose array at offset ${formatOffset(offset)}: ${found}, root ${root} (${poseBoneLabel(skeleton, 0, nameOf)})${also}, max error ${error}\n`;
}

/** What `pose find` says of the other matches when the dump holds more than one (the first is reported); null when it holds one. */
export function poseFindOthersText(result: PoseFindResult): string | null {
  if (result.matches <= 1) return null;
  const others = result.alsoAt.map((at) => hex(at, 1)).join(', ');
  return `${result.matches} matches in all; the first is reported; also at ${others}${result.matches - 1 > result.alsoAt.length ? ', …' : ''}`;
}

/** The progress line of a dump scan: the share scanned and the gigabytes. */
export function poseScanProgressText(dump: string, scanned: number, total: number): string {
  const share = total > 0 ? ` ${((100 * scanned) / total).toFixed(1)}%` : '';
  return `scanning ${dump}:${share} (${(scanned / 1e9).toFixed(2)} of ${(total / 1e9).toFixed(2)} GB)`;
}
