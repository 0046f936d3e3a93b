/**
 * CRC-32 (zlib: reflected polynomial 0xEDB88320, init 0xFFFFFFFF, final xor 0xFFFFFFFF) over the
 * UTF-8 bytes of a name — the engine's bone and class name hash. Besides the plain hash this module
 * exposes the raw register ("state") operations the cracker builds on: the register is stepped
 * forwards over bytes, and, since every step is an invertible affine map, backwards too.
 */

import { hex } from './hex.js';

const POLYNOMIAL = 0xedb88320;

/** Register value before the first byte. */
export const CRC32_INITIAL_STATE = 0xffffffff;
/** Xored onto the register to give the published hash (and back). */
export const CRC32_FINAL_XOR = 0xffffffff;

/** FORWARD_TABLE[i]: the register change caused by the low byte value i leaving the register. */
const FORWARD_TABLE = buildForwardTable();
/**
 * The top bytes of the 256 forward table entries are all distinct, so a register's top byte after
 * a step tells which table entry was xored in; BACKWARD_INDEX maps that top byte to the entry.
 */
const BACKWARD_INDEX = buildBackwardIndex(FORWARD_TABLE);

function buildForwardTable(): Uint32Array {
  const table = new Uint32Array(256);
  for (let i = 0; i < 256; i++) {
    let c = i;
    for (let bit = 0; bit < 8; bit++) c = c & 1 ? (c >>> 1) ^ POLYNOMIAL : c >>> 1;
    table[i] = c >>> 0;
  }
  return table;
}

function buildBackwardIndex(forward: Uint32Array): Uint8Array {
  const index = new Uint8Array(256);
  for (let i = 0; i < 256; i++) index[forward[i] >>> 24] = i;
  return index;
}

const utf8 = new TextEncoder();

/** UTF-8 bytes of a name (lone surrogates become U+FFFD, as every UTF-8 encoder does). */
export function nameBytes(name: string): Uint8Array {
  return utf8.encode(name);
}

/** Steps the register forwards over one byte. */
export function crc32StepByte(state: number, byte: number): number {
  return ((state >>> 8) ^ FORWARD_TABLE[(state ^ byte) & 0xff]) >>> 0;
}

/** Undoes `crc32StepByte(previous, byte)`: returns `previous` given the register after the byte. */
export function crc32UnstepByte(state: number, byte: number): number {
  const entry = BACKWARD_INDEX[state >>> 24];
  return (((state ^ FORWARD_TABLE[entry]) << 8) | (entry ^ (byte & 0xff))) >>> 0;
}

/** Steps the register forwards over `bytes` (a raw register: no init, no final xor applied). */
export function crc32Update(state: number, bytes: Uint8Array): number {
  let s = state >>> 0;
  for (let i = 0; i < bytes.length; i++) s = (s >>> 8) ^ FORWARD_TABLE[(s ^ bytes[i]) & 0xff];
  return s >>> 0;
}

/**
 * Steps the register backwards over known trailing `bytes`: given the register after them,
 * returns the register before them, so `crc32Unupdate(crc32Update(s, b), b) === s`.
 */
export function crc32Unupdate(state: number, bytes: Uint8Array): number {
  let s = state >>> 0;
  for (let i = bytes.length - 1; i >= 0; i--) {
    const entry = BACKWARD_INDEX[s >>> 24];
    s = ((s ^ FORWARD_TABLE[entry]) << 8) | (entry ^ bytes[i]);
  }
  return s >>> 0;
}

/** Turns a final register into the published hash, or a hash into the register it came from. */
export function crc32Finalize(state: number): number {
  return (state ^ CRC32_FINAL_XOR) >>> 0;
}

/**
 * CRC-32 of a name (its UTF-8 bytes, case-sensitive) or of raw bytes, as an unsigned number. Never throws.
 */
export function crc32(input: string | Uint8Array): number {
  if (typeof input !== 'string') return crc32Finalize(crc32Update(CRC32_INITIAL_STATE, input));
  // Bone names are nearly always ASCII, where a char code is its UTF-8 byte: skip the encoder.
  let s = CRC32_INITIAL_STATE;
  for (let i = 0; i < input.length; i++) {
    const code = input.charCodeAt(i);
    if (code >= 0x80) return crc32Finalize(crc32Update(CRC32_INITIAL_STATE, utf8.encode(input)));
    s = (s >>> 8) ^ FORWARD_TABLE[(s ^ code) & 0xff];
  }
  return crc32Finalize(s);
}

/** A hash as `0x` and 8 uppercase hex digits, the way hashes are shown everywhere. Never throws. */
export function formatHash(hash: number): string {
  return hex(hash >>> 0, 8);
}

const PREFIXED_HASH = /^0x([0-9a-f]{1,8})$/i;
const BARE_HASH = /^[0-9a-f]{8}$/i;

/**
 * A hash written as `0x` plus 1–8 hex digits, or exactly 8 bare hex digits (case-insensitive,
 * surrounding whitespace ignored); null for anything else, since a bare short number could be decimal.
 */
export function parseHash(text: string): number | null {
  const trimmed = text.trim();
  const prefixed = PREFIXED_HASH.exec(trimmed);
  if (prefixed) return Number.parseInt(prefixed[1], 16) >>> 0;
  if (BARE_HASH.test(trimmed)) return Number.parseInt(trimmed, 16) >>> 0;
  return null;
}

/**
 * The linear part of stepping the register over `length` bytes, as four byte-indexed tables
 * (`table[k * 256 + v]` is the image of `v << 8k`). Stepping over any `length` bytes is
 * `linear(state) ^ update(0, bytes)`, so with this table a whole token costs four look-ups.
 */
export function crc32ForwardLinearTable(length: number): Uint32Array {
  return byteSlicedTable((column) => crc32Update(column, new Uint8Array(length)));
}

/** The backward counterpart: unstepping over any `length` bytes is `linear(state) ^ unupdate(0, bytes)`. */
export function crc32BackwardLinearTable(length: number): Uint32Array {
  return byteSlicedTable((column) => crc32Unupdate(column, new Uint8Array(length)));
}

/** Tabulates a GF(2)-linear map on 32-bit words byte by byte from its images of the 32 unit vectors. */
function byteSlicedTable(map: (unit: number) => number): Uint32Array {
  const columns = new Uint32Array(32);
  for (let bit = 0; bit < 32; bit++) columns[bit] = map((1 << bit) >>> 0);
  const table = new Uint32Array(1024);
  for (let k = 0; k < 4; k++) {
    for (let v = 1; v < 256; v++) {
      const low = v & -v;
      const bit = 31 - Math.clz32(low);
      table[k * 256 + v] = (table[k * 256 + (v ^ low)] ^ columns[k * 8 + bit]) >>> 0;
    }
  }
  return table;
}
