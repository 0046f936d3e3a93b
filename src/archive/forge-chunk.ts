/** Bounded little-endian reads of archive bytes, and the refusal every archive reader raises. */
import { ParseError } from '../io/errors.js';
import type { PathSegment } from '../io/format.js';
import type { ArchiveSource } from './source.js';

/** Throws the ParseError of an archive field: its archive offset and path. */
export function refuse(offset: number, path: readonly PathSegment[], expected: string, actual: string): never {
  throw new ParseError({ offset, path, expected, actual });
}

/** Little-endian reads from bytes that were read at archive offset `base`. */
export class Chunk {
  readonly view: DataView;
  constructor(
    readonly bytes: Uint8Array,
    readonly base: number,
  ) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }
  i32(at: number): number {
    return this.view.getInt32(at - this.base, true);
  }
  u32(at: number): number {
    return this.view.getUint32(at - this.base, true);
  }
  u64(at: number): bigint {
    return this.view.getBigUint64(at - this.base, true);
  }
  /** An i64 as a number; values beyond 2^53 become MAX_SAFE_INTEGER, which every bound check refuses. */
  i64(at: number): number {
    const value = this.view.getBigInt64(at - this.base, true);
    return value > BigInt(Number.MAX_SAFE_INTEGER) || value < -BigInt(Number.MAX_SAFE_INTEGER) ? Number.MAX_SAFE_INTEGER : Number(value);
  }
}

/** Returns when `length` bytes at `offset` lie inside the archive; refuses at `pointerAt`, the field that points there, otherwise. */
export function checkChunkRange(
  source: Pick<ArchiveSource, 'size'>,
  offset: number,
  length: number,
  path: readonly PathSegment[],
  what: string,
  pointerAt: number,
): void {
  if (offset < 0 || length < 0 || offset + length > source.size) {
    refuse(pointerAt, path, `${what} (${length} bytes) inside the ${source.size}-byte archive`, `offset ${offset}`);
  }
}

/** Reads `length` bytes at `offset`; a range outside the archive is refused at `pointerAt`, the field that points there. */
export async function readChunk(
  source: ArchiveSource,
  offset: number,
  length: number,
  path: readonly PathSegment[],
  what: string,
  pointerAt: number,
): Promise<Chunk> {
  checkChunkRange(source, offset, length, path, what, pointerAt);
  return new Chunk(await source.read(offset, length), offset);
}
