/**
 * A union chosen by a key the object stores: a common structure whose key field (a class hash)
 * says which structure follows. One declaration reads, writes, sizes, spans and documents it.
 */
import { describeValue, formatValue } from '../io/format.js';
import type { AnyCodec, Codec, Infer } from './codec.js';
import { isConstCodec } from './codec.js';
import type { StructCodec } from './struct.js';

// Codec<T> is invariant in T, so cases of different structures are held as structures of any value.
/** A structure codec of any value type. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyStructCodec = StructCodec<any>;

/** One alternative of a {@link keyedUnion}: the key value that selects it, its name and its structure. */
export interface UnionCase<C extends AnyStructCodec = AnyStructCodec> {
  /** The value of the key field that selects this case. */
  readonly key: number;
  /** The case's name in messages and tables, e.g. `Roll`. */
  readonly name: string;
  /** The fields that follow the common part for this case. */
  readonly codec: C;
}

/** What a {@link keyedUnion} is made of. */
export interface KeyedUnionOptions<H extends AnyStructCodec> {
  /** The common part, read first; it holds the key field. */
  head: H;
  /** The name of the key field of `head`: a stored (not constant) number at a fixed offset in it. */
  key: string;
  /** The alternatives, each selected by one key value. */
  cases: readonly UnionCase[];
  /** The key as a refusal names it (e.g. `0x12345678 (unnamed)`); default: its value in decimal and hex. */
  describeKey?: (key: number) => string;
  /** One line describing the union, shown above its table. */
  summary?: string;
}

/** A keyed union's codec: a {@link Codec} that also lists its parts for the format tables. */
export interface KeyedUnionCodec<T> extends Codec<T> {
  /** The union's name, its table's heading. */
  readonly unionName: string;
  /** One line describing the union. */
  readonly summary: string;
  /** The common part. */
  readonly head: AnyStructCodec;
  /** The key field's name in the common part. */
  readonly key: string;
  /** The alternatives, in declaration order. */
  readonly cases: readonly UnionCase[];
}

/** Whether a codec is a {@link keyedUnion}. */
export function isKeyedUnion(codec: AnyCodec): codec is KeyedUnionCodec<unknown> {
  return typeof (codec as Partial<KeyedUnionCodec<unknown>>).unionName === 'string';
}

/**
 * A codec of a common structure, then the structure its key field selects. The decoded value is one
 * object: the common fields, then the selected case's (so field paths read `modifiers[0].classHash`,
 * `modifiers[0].rollFactor`). Reading refuses with a {@link ParseError} a key no case has, at the key
 * field's offset and path, before reading anything after the common part; writing refuses
 * (EncodeError) such a key likewise. Throws an `Error` at once when the key is not a stored field at
 * a fixed offset of the common part, when two cases share a key, or when a case repeats a common
 * field's name (the decoded object could not hold both).
 */
export function keyedUnion<H extends AnyStructCodec, T = Record<string, unknown>>(
  unionName: string,
  options: KeyedUnionOptions<H>,
): KeyedUnionCodec<Infer<H> & T> {
  const { head, key, cases } = options;
  let keyOffset: number | null = 0;
  let keyField = null;
  for (const f of head.fields) {
    if (f.name === key) {
      keyField = f;
      break;
    }
    keyOffset = keyOffset !== null && f.codec.fixedSize !== null ? keyOffset + f.codec.fixedSize : null;
  }
  if (keyField === null || isConstCodec(keyField.codec))
    throw new Error(`${unionName}: the key ${key} is not a stored field of ${head.structName}`);
  if (keyOffset === null) throw new Error(`${unionName}: the key ${key} does not sit at a fixed offset of ${head.structName}`);
  const byKey = new Map<number, UnionCase>();
  const headNames = new Set(head.fields.map((f) => f.name));
  for (const c of cases) {
    if (byKey.has(c.key)) throw new Error(`${unionName}: two cases for the key ${formatValue(c.key)}`);
    byKey.set(c.key, c);
    const repeated = c.codec.fields.find((f) => headNames.has(f.name));
    if (repeated !== undefined) throw new Error(`${unionName}: case ${c.name} repeats the common field ${repeated.name}`);
  }
  const describeKey = options.describeKey ?? ((k: number) => formatValue(k));
  const expected = `a ${key} whose fields are known: ${cases.map((c) => `${c.name} (${formatValue(c.key)})`).join(', ')}`;
  const sizes = cases.map((c) => c.codec.fixedSize);
  const allFixed = head.fixedSize !== null && sizes.every((s) => s !== null);
  const distinct = [...new Set(sizes)].sort((a, b) => (a ?? 0) - (b ?? 0));
  const fixedSize = allFixed && distinct.length === 1 ? head.fixedSize! + distinct[0]! : null;
  const minSize = head.minSize + (cases.length === 0 ? 0 : Math.min(...cases.map((c) => c.codec.minSize)));
  const sizeText = allFixed ? distinct.map((s) => String(head.fixedSize! + s!)).join(', ') : `at least ${minSize}`;
  const caseOf = (k: unknown): UnionCase | undefined => (typeof k === 'number' ? byKey.get(k) : undefined);
  const shown = (k: unknown): string => (typeof k === 'number' ? describeKey(k) : describeValue(k));
  return {
    typeName: `${unionName}: ${head.structName}, then by ${key} ${cases.map((c) => c.codec.structName).join(' | ')}`,
    unionName,
    summary: options.summary ?? '',
    head,
    key,
    cases,
    fixedSize,
    minSize,
    sizeText,
    children: [head, ...cases.map((c) => c.codec)],
    layout: { kind: 'keyedUnion', head, key, cases: cases.map((c) => ({ key: c.key, codec: c.codec })) },
    read(r, ctx) {
      const start = r.pos;
      const common = head.read(r, ctx) as Record<string, unknown>;
      const selected = caseOf(common[key]);
      if (selected === undefined) {
        if (ctx.trackPaths) r.path.push(key);
        return r.fail(expected, shown(common[key]), start + keyOffset);
      }
      return Object.assign(common, selected.codec.read(r, ctx)) as Infer<H> & T;
    },
    write(w, value, ctx) {
      if (typeof value !== 'object' || value === null) w.refuse(`a ${unionName} object`, describeValue(value));
      const start = w.pos;
      head.write(w, value, ctx);
      const k = (value as Record<string, unknown>)[key];
      const selected = caseOf(k);
      if (selected === undefined) {
        if (ctx.trackPaths) w.path.push(key);
        return w.refuse(expected, shown(k), start + keyOffset);
      }
      selected.codec.write(w, value, ctx);
    },
  };
}
