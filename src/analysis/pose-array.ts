/**
 * The engine's runtime pose array: one 48-byte record per bone, in bone order — position vec4
 * (x, y, z, 0), rotation vec4 (x, y, z, w), scale vec4 (1, 1, 1, 0) — f32 little-endian, holding
 * the runtime local pose (the own transform in the root's place). Pure: no Node modules.
 */
import type { Transform } from '../math/transform.js';
import type { Quat, Vec4 } from '../math/vector.js';
import type { Skeleton } from '../model/skeleton.js';
import { runtimeLocalTransforms } from './runtime-pose.js';

/** Bytes of one bone's record in the runtime pose array: position, rotation and scale, four f32 each. */
export const POSE_RECORD_BYTES = 48;
/** Byte offsets inside one record. */
export const POSE_POSITION_OFFSET = 0;
export const POSE_ROTATION_OFFSET = 16;
export const POSE_SCALE_OFFSET = 32;
/** The scale lanes the runtime writes: (1, 1, 1, 0). */
export const POSE_SCALE: Readonly<Vec4> = [1, 1, 1, 0];

/** One bone's record of the runtime pose array, as decoded. */
export interface PoseRecord {
  /** x, y, z, 0. */
  position: Vec4;
  /** Quaternion x, y, z, w. */
  rotation: Quat;
  /** 1, 1, 1, 0 as the engine writes it. */
  scale: Vec4;
}

/**
 * The runtime pose array the engine would hold for this skeleton: one 48-byte record per bone of its
 * runtime local pose (the own transform in the root's place). Never throws.
 */
export function encodePoseArray(skeleton: Skeleton): Uint8Array {
  return encodePoseRecords(runtimeLocalTransforms(skeleton));
}

/**
 * Local transforms as pose-array bytes, 48 per transform (fourth position lane written as 0, scale 1, 1, 1, 0). Never throws.
 */
export function encodePoseRecords(locals: readonly Transform[]): Uint8Array {
  const bytes = new Uint8Array(locals.length * POSE_RECORD_BYTES);
  const view = new DataView(bytes.buffer);
  locals.forEach((local, bone) => {
    const base = bone * POSE_RECORD_BYTES;
    const lanes = [local.position[0], local.position[1], local.position[2], 0, ...local.rotation, ...POSE_SCALE];
    lanes.forEach((value, lane) => view.setFloat32(base + lane * 4, value, true));
  });
  return bytes;
}

/**
 * The first `count` pose records of `bytes` (default: as many as fit); throws a `RangeError` when `count` records do not fit.
 */
export function decodePoseArray(bytes: Uint8Array, count = Math.floor(bytes.byteLength / POSE_RECORD_BYTES)): PoseRecord[] {
  if (count * POSE_RECORD_BYTES > bytes.byteLength)
    throw new RangeError(`${count} pose records need ${count * POSE_RECORD_BYTES} bytes; have ${bytes.byteLength}`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const records: PoseRecord[] = [];
  for (let bone = 0; bone < count; bone++) {
    const lane = (i: number): number => view.getFloat32(bone * POSE_RECORD_BYTES + i * 4, true);
    records.push({
      position: [lane(0), lane(1), lane(2), lane(3)],
      rotation: [lane(4), lane(5), lane(6), lane(7)],
      scale: [lane(8), lane(9), lane(10), lane(11)],
    });
  }
  return records;
}
