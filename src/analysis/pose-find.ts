/**
 * Finding a skeleton's runtime pose array in a memory dump, streamed in chunks (never whole).
 *
 * The array may start at any 4-byte-aligned offset of the dump. Chunks may have any length and
 * any alignment; the scanner keeps the last (array length − 4) bytes so an array crossing chunk
 * boundaries is found, and checks every aligned start exactly once. Aligned chunks of at least one
 * array length are scanned in place (only the seam with the previous chunk is copied); others are
 * copied after the kept tail. See pose-match.ts for the pre-filter and the sampling lattice.
 * Pure: no Node modules (the CLI supplies chunks from a file).
 */
import type { Skeleton } from '../model/skeleton.js';
import { createPoseMatcher, type PoseMatcher, type PoseRootKind, type RecordsMatch } from './pose-match.js';

export type { PoseRootKind } from './pose-match.js';
export { POSE_ROOT_KINDS } from './pose-match.js';

/** Where a skeleton's pose array was found in a dump, and which form its root record takes. */
export interface PoseFindResult {
  /** Byte offset of bone 0's record in the dump. */
  offset: number;
  /** What the root record equals: the own transform (`replace`), own ∘ stored root local (`compose`), the stored root local (`stored`), or none (`unknown`). */
  root: PoseRootKind;
  /** Every form the root record equals, in order (`replace`, `compose`, `stored`). */
  rootKinds: PoseRootKind[];
  /** Number of bones (records) in the array. */
  bones: number;
  /** Bones whose record equals the expected local (the root counts unless `unknown`). */
  matched: number;
  /** Largest lane difference of the matched records. */
  maxError: number;
  /** How many matches the dump holds in all (1 when unique). */
  matches: number;
  /** Offsets of the other matches, ascending, capped at `maxAlsoAt`. */
  alsoAt: number[];
}

/** Random access to a dump: `read` returns up to `length` bytes at `offset`, empty at the end. */
export interface RandomAccessSource {
  /** Up to `length` bytes at `offset` (fewer at the end, none past it). */
  read(offset: number, length: number): Promise<Uint8Array> | Uint8Array;
  /** Total size, when known: reading stops there. */
  size?: number;
}

/** Consecutive chunks of the dump (any lengths), or random access to it. */
export type PoseSource = AsyncIterable<Uint8Array> | Iterable<Uint8Array> | RandomAccessSource;

/** Tolerance, limits and progress reporting of {@link findPoseArray} and {@link createPoseScanner}. */
export interface FindPoseOptions {
  /** Per-lane tolerance of position and rotation lanes (default POSE_LANE_TOLERANCE = 1e-4). */
  tolerance?: number;
  /** Cap on `alsoAt` (default 16). */
  maxAlsoAt?: number;
  /** Chunk length for a RandomAccessSource (default 32 MiB). */
  chunkBytes?: number;
  /** Called after each chunk with the bytes scanned so far. */
  onProgress?: (bytesScanned: number) => void;
}

/** A pose-array search fed chunk by chunk: what {@link createPoseScanner} returns. */
export interface PoseScanner {
  /** Scans the next chunk of the dump; the chunk may be reused by the caller afterwards. */
  push(chunk: Uint8Array): void;
  /** The first match (lowest offset) among everything pushed, or null. */
  result(): PoseFindResult | null;
  /** Bytes pushed so far. */
  readonly bytesScanned: number;
}

const DEFAULT_CHUNK_BYTES = 32 * 1024 * 1024;

/**
 * Finds the skeleton's runtime pose array in a memory dump read in chunks (never whole), at any
 * 4-byte-aligned offset. Resolves with the lowest-offset match, or null when the dump holds none or
 * the skeleton has no bones; rejects only when the source's own reads reject.
 */
export async function findPoseArray(skeleton: Skeleton, source: PoseSource, options: FindPoseOptions = {}): Promise<PoseFindResult | null> {
  const scanner = createPoseScanner(skeleton, options);
  if (skeleton.bones.length === 0) return null;
  if (isRandomAccess(source)) {
    const chunkBytes = options.chunkBytes ?? DEFAULT_CHUNK_BYTES;
    for (let offset = 0; source.size === undefined || offset < source.size;) {
      const length = source.size === undefined ? chunkBytes : Math.min(chunkBytes, source.size - offset);
      const chunk = await source.read(offset, length);
      if (chunk.byteLength === 0) break;
      scanner.push(chunk);
      offset += chunk.byteLength;
      options.onProgress?.(scanner.bytesScanned);
    }
  } else {
    for await (const chunk of source) {
      scanner.push(chunk);
      options.onProgress?.(scanner.bytesScanned);
    }
  }
  return scanner.result();
}

function isRandomAccess(source: PoseSource): source is RandomAccessSource {
  return typeof (source as Partial<RandomAccessSource>).read === 'function';
}

/** Growable aligned working memory with its word views. */
interface Views {
  u8: Uint8Array;
  u32: Uint32Array;
  f32: Float32Array;
}

function views(bytes: number): Views {
  const buffer = new ArrayBuffer(Math.ceil(bytes / 4) * 4);
  return { u8: new Uint8Array(buffer), u32: new Uint32Array(buffer), f32: new Float32Array(buffer) };
}

/** f32 bit pattern of 1.0, the scale lanes' value (a local constant: the hot loop reads it often). */
const ONE = 0x3f800000;

interface Found {
  offset: number;
  match: RecordsMatch;
}

function alignUp4(n: number): number {
  return Math.ceil(n / 4) * 4;
}

/**
 * The streaming core of {@link findPoseArray}, for callers that drive the chunks themselves: push every chunk, then ask for the result. Never throws.
 */
export function createPoseScanner(skeleton: Skeleton, options: FindPoseOptions = {}): PoseScanner {
  const matcher = createPoseMatcher(skeleton, options.tolerance);
  const maxAlsoAt = options.maxAlsoAt ?? 16;
  // The lowest-offset matches (bounded: a dump may hold many copies) and how many there are.
  const found: Found[] = [];
  let matchCount = 0;
  const record = (entry: Found): void => {
    matchCount++;
    found.push(entry);
    if (found.length > 2 * (maxAlsoAt + 1) + 64) {
      found.sort((a, b) => a.offset - b.offset);
      found.length = maxAlsoAt + 1;
    }
  };
  let position = 0;
  if (matcher === null) {
    return {
      push(chunk) {
        position += chunk.byteLength;
      },
      result: () => null,
      get bytesScanned() {
        return position;
      },
    };
  }
  const length = matcher.byteLength;
  // The kept tail: bytes [pendingStart, position) hold the starts not yet checked (pendingStart aligned).
  const pending = views(length + 8);
  let pendingStart = 0;
  let pendingLength = 0;
  const seam = views(2 * length + 8);
  let scratch: Views | null = null;
  const scan = (v: { u32: Uint32Array; f32: Float32Array }, base: number, from: number, to: number): void =>
    scanView(matcher, v.u32, v.f32, base, from, to, record);

  const keepTail = (bytes: Uint8Array, bytesStart: number, end: number): void => {
    const first = Math.max(0, alignUp4(end - length + 1)); // the first start not yet checked
    pending.u8.set(bytes.subarray(first - bytesStart, end - bytesStart), 0);
    pendingStart = first;
    pendingLength = end - first;
  };

  return {
    push(chunk) {
      const size = chunk.byteLength;
      if (size === 0) return;
      const end = position + size;
      if (position % 4 === 0 && chunk.byteOffset % 4 === 0 && size >= length) {
        if (pendingLength > 0) {
          seam.u8.set(pending.u8.subarray(0, pendingLength), 0);
          seam.u8.set(chunk.subarray(0, length - 4), pendingLength);
          scan(seam, pendingStart, pendingStart, position - 4);
        }
        const words = Math.floor(size / 4);
        const direct = {
          u32: new Uint32Array(chunk.buffer, chunk.byteOffset, words),
          f32: new Float32Array(chunk.buffer, chunk.byteOffset, words),
        };
        scan(direct, position, position, position + words * 4 - length);
        keepTail(chunk, position, end);
      } else {
        const total = pendingLength + size;
        if (scratch === null || scratch.u8.byteLength < total) scratch = views(Math.max(total, 2 * (scratch?.u8.byteLength ?? 0)));
        scratch.u8.set(pending.u8.subarray(0, pendingLength), 0);
        scratch.u8.set(chunk, pendingLength);
        scan(scratch, pendingStart, pendingStart, pendingStart + Math.floor(total / 4) * 4 - length);
        keepTail(scratch.u8, pendingStart, end);
      }
      position = end;
    },
    result() {
      if (found.length === 0) return null;
      const sorted = [...found].sort((a, b) => a.offset - b.offset);
      const first = sorted[0]!;
      return {
        offset: first.offset,
        root: first.match.root,
        rootKinds: first.match.rootKinds,
        bones: matcher.bones,
        matched: first.match.matched,
        maxError: first.match.maxError,
        matches: matchCount,
        alsoAt: sorted.slice(1, 1 + maxAlsoAt).map((entry) => entry.offset),
      };
    },
    get bytesScanned() {
      return position;
    },
  };
}

/**
 * Checks every aligned start in [from, to] (absolute byte offsets) whose array lies inside the
 * views, which hold the dump from absolute byte `base` (aligned). Reads one word per lattice point.
 */
function scanView(
  matcher: PoseMatcher,
  u32: Uint32Array,
  f32: Float32Array,
  base: number,
  from: number,
  to: number,
  record: (entry: Found) => void,
): void {
  if (to < from) return;
  const stride = matcher.stride;
  const baseWord = base / 4;
  const firstStart = from / 4 - baseWord;
  const lastStart = to / 4 - baseWord;
  const firstLattice = Math.ceil((from / 4 + matcher.minOffset) / stride) * stride - baseWord;
  const lastLattice = lastStart + matcher.maxOffset;
  // Relative word indices fit in int32 (a view is < 8 GiB): `| 0` keeps the hot loop on small integers.
  const last = lastLattice | 0;
  let word = firstLattice | 0;
  // Four lattice points a step (one predictable branch for four loads): about twice the speed.
  const s2 = 2 * stride;
  const s3 = 3 * stride;
  for (const lastGroup = last - s3; word <= lastGroup; word += 4 * stride) {
    if (u32[word] === ONE || u32[word + stride] === ONE || u32[word + s2] === ONE || u32[word + s3] === ONE) {
      for (let k = word; k <= word + s3; k += stride) {
        if (u32[k] === ONE) verifyAround(matcher, u32, f32, k, firstStart, lastStart, baseWord, record);
      }
    }
  }
  for (; word <= last; word += stride) {
    if (u32[word] === ONE) verifyAround(matcher, u32, f32, word, firstStart, lastStart, baseWord, record);
  }
}

function verifyAround(
  matcher: PoseMatcher,
  u32: Uint32Array,
  f32: Float32Array,
  word: number,
  firstStart: number,
  lastStart: number,
  baseWord: number,
  record: (entry: Found) => void,
): void {
  const offsets = matcher.latticeOffsets;
  for (let i = 0; i < offsets.length; i++) {
    const start = word - offsets[i]!;
    if (start < firstStart || start > lastStart || u32[start + 8] !== ONE || u32[start + 9] !== ONE) continue;
    const match = matcher.verify(u32, f32, start);
    if (match !== null) record({ offset: (start + baseWord) * 4, match });
  }
}
