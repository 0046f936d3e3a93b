/**
 * Byte mutations as plain data, so the campaign (seeded generator) and the property tests
 * (fast-check arbitraries, which shrink) describe them the same way and share one applier.
 *
 * Positions and lengths are raw numbers taken modulo the current input length when applied, so
 * any generated number is a valid mutation of any input.
 */
import { readResource } from '../../src/formats/resource.js';
import type { Rng } from './random.js';

export type Mutation =
  /** Flip one bit. */
  | { op: 'flip'; at: number; bit: number }
  /** Set one byte (0x00, 0xFF, 0x02 and 0x03 are the interesting ones: pointer tags and extremes). */
  | { op: 'set'; at: number; value: number }
  /** Insert bytes before `at`. */
  | { op: 'insert'; at: number; bytes: readonly number[] }
  /** Delete `length` bytes from `at`. */
  | { op: 'delete'; at: number; length: number }
  /** Overwrite a little-endian u32 at any position. */
  | { op: 'u32'; at: number; value: number }
  /** Overwrite one of the input's known u32 counts / byte lengths (index modulo their number). */
  | { op: 'count'; which: number; value: number }
  /** The head of this input up to `cut`, then the tail of another input from `from`. */
  | { op: 'splice'; other: number; cut: number; from: number }
  /** Copy `length` bytes from `from` over `to` (repeats structure inside the input). */
  | { op: 'copy'; from: number; to: number; length: number }
  /** Keep only the first `length` bytes. */
  | { op: 'truncate'; length: number };

/** What a mutation may draw on besides the input itself. */
export interface MutationContext {
  /** Offsets of the u32 counts and byte lengths in the input (see countOffsets). */
  counts: readonly number[];
  /** Other inputs to splice with. */
  others: readonly Uint8Array[];
}

/** Values a count is set to: all ones, sign bit, just past plausible, and off by one around zero. */
export const COUNT_VALUES: readonly number[] = [0xffffffff, 0x80000000, 0x7fffffff, 0x10000, 0x1000, 0x100, 0, 1, 2];
export const BYTE_VALUES: readonly number[] = [0x00, 0xff, 0x02, 0x03, 0x01, 0x04, 0x7f, 0x80];
/** Words that are odd as f32: NaNs with a sign or payload (x86's default 0xFFC00000), a signalling NaN, ±∞, −0, a subnormal. */
export const FLOAT_WORDS: readonly number[] = [
  0xffc00000, 0x7fc00001, 0xffff1eb8, 0x7f800001, 0x7f800000, 0xff800000, 0x80000000, 0x00000001,
];

function u32At(bytes: Uint8Array, at: number, value: number): void {
  if (at + 4 > bytes.length) return;
  new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).setUint32(at, value >>> 0, true);
}

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** One mutation applied to a copy of `input`. */
export function applyMutation(input: Uint8Array, m: Mutation, context: MutationContext): Uint8Array {
  const n = input.length;
  const mod = (v: number, k: number): number => (k <= 0 ? 0 : ((v % k) + k) % k);
  switch (m.op) {
    case 'flip': {
      if (n === 0) return input.slice();
      const out = input.slice();
      out[mod(m.at, n)] ^= 1 << (m.bit & 7);
      return out;
    }
    case 'set': {
      if (n === 0) return input.slice();
      const out = input.slice();
      out[mod(m.at, n)] = m.value & 0xff;
      return out;
    }
    case 'insert': {
      const at = mod(m.at, n + 1);
      return concat(
        input.subarray(0, at),
        Uint8Array.from(m.bytes, (b) => b & 0xff),
        input.subarray(at),
      );
    }
    case 'delete': {
      if (n === 0) return input.slice();
      const at = mod(m.at, n);
      return concat(input.subarray(0, at), input.subarray(Math.min(n, at + Math.max(1, m.length))));
    }
    case 'u32': {
      const out = input.slice();
      if (n >= 4) u32At(out, mod(m.at, n - 3), m.value);
      return out;
    }
    case 'count': {
      const out = input.slice();
      if (context.counts.length > 0) u32At(out, context.counts[mod(m.which, context.counts.length)]!, m.value);
      return out;
    }
    case 'splice': {
      const other = context.others.length > 0 ? context.others[mod(m.other, context.others.length)]! : input;
      return concat(input.subarray(0, mod(m.cut, n + 1)), other.subarray(mod(m.from, other.length + 1)));
    }
    case 'copy': {
      if (n === 0) return input.slice();
      const out = input.slice();
      const from = mod(m.from, n);
      const to = mod(m.to, n);
      const length = Math.min(Math.max(1, m.length), n - from, n - to);
      out.set(input.subarray(from, from + length), to);
      return out;
    }
    case 'truncate':
      return input.slice(0, mod(m.length, n + 1));
  }
}

export function applyMutations(input: Uint8Array, mutations: readonly Mutation[], context: MutationContext): Uint8Array {
  let bytes = input;
  for (const m of mutations) bytes = applyMutation(bytes, m, context);
  return bytes === input ? input.slice() : bytes;
}

/** A random mutation, weighted toward the kinds that reach deep into the grammar. */
export function randomMutation(rng: Rng): Mutation {
  const at = rng.u32();
  const roll = rng.below(100);
  if (roll < 22) return { op: 'flip', at, bit: rng.below(8) };
  if (roll < 42) return { op: 'set', at, value: rng.chance(0.8) ? rng.pick(BYTE_VALUES) : rng.below(256) };
  if (roll < 50)
    return {
      op: 'insert',
      at,
      bytes: [...rng.bytes(1 + rng.below(rng.chance(0.8) ? 4 : 32))].map((b, i) =>
        i === 0 && rng.chance(0.5) ? rng.pick(BYTE_VALUES) : b,
      ),
    };
  if (roll < 58) return { op: 'delete', at, length: 1 + rng.below(rng.chance(0.8) ? 4 : 64) };
  if (roll < 66)
    return { op: 'u32', at, value: rng.chance(0.5) ? rng.pick(COUNT_VALUES) : rng.chance(0.5) ? rng.pick(FLOAT_WORDS) : rng.u32() };
  if (roll < 84) return { op: 'count', which: rng.u32(), value: rng.chance(0.75) ? rng.pick(COUNT_VALUES) : rng.u32() };
  if (roll < 90) return { op: 'splice', other: rng.u32(), cut: rng.u32(), from: rng.u32() };
  if (roll < 96) return { op: 'copy', from: rng.u32(), to: at, length: 1 + rng.below(128) };
  return { op: 'truncate', length: rng.u32() };
}

/** One to four stacked mutations (mostly one: single faults are the easiest to read). */
export function randomMutations(rng: Rng): Mutation[] {
  const roll = rng.below(10);
  const count = roll < 6 ? 1 : roll < 8 ? 2 : roll < 9 ? 3 : 4;
  return Array.from({ length: count }, () => randomMutation(rng));
}

const PATH_TOKEN = /([^.[\]]+)|\[(\d+)\]/g;

function valueAtPath(root: unknown, path: string): unknown {
  let value: unknown = root;
  for (const match of path.matchAll(PATH_TOKEN)) {
    if (value === null || typeof value !== 'object') return undefined;
    const key = match[1] ?? Number(match[2]);
    value = (value as Record<string | number, unknown>)[key];
    // Pointers hold their inline object under `value`; paths name the object's fields directly.
    if (value !== null && typeof value === 'object' && (value as { kind?: unknown }).kind === 'inline')
      value = (value as { value: unknown }).value;
  }
  return value;
}

/**
 * Offsets of every u32 count (counted arrays) and u32 byte length (byte buffers) in a resource
 * that decodes: a field whose stored u32 equals the length of its decoded array or buffer.
 * Empty for inputs that do not decode.
 */
export function countOffsets(bytes: Uint8Array): number[] {
  let decoded;
  try {
    decoded = readResource(bytes, { spans: true });
  } catch {
    return [];
  }
  if (!decoded?.spans) return [];
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const offsets = new Set<number>();
  for (const span of decoded.spans) {
    if (span.end - span.start < 4) continue;
    const value = valueAtPath(decoded.resource.record, span.path);
    const length = Array.isArray(value) ? value.length : value instanceof Uint8Array ? value.length : null;
    if (length !== null && view.getUint32(span.start, true) === length) offsets.add(span.start);
  }
  return [...offsets].sort((a, b) => a - b);
}
