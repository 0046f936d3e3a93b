import { describeValue, formatPath } from '../io/format.js';
import type { AnyCodec, Codec, Confidence, FieldExpectation, Infer } from './codec.js';
export type { FieldExpectation } from './codec.js';
import { isConstCodec, noteUnmet, PrimitiveKind } from './codec.js';
import type { ByteReader } from '../io/reader.js';

/** One field of a structure: its codec and what the seed says of it. */
export interface FieldSpec<C extends AnyCodec = AnyCodec> {
  /** The field's codec. */
  codec: C;
  /** How sure the seed is of the field. */
  confidence: Confidence;
  /** A note for the format tables. */
  note: string;
  /** The value every checked file holds here, when the sources report one: the checks, model defaults and test values derive from it. */
  expect?: FieldExpectation;
}

/**
 * One field of a {@link struct}: its codec, how sure the seed is of it, a note for the tables, and
 * the value the sources report for it when they do. Never throws.
 */
export function field<C extends AnyCodec>(codec: C, confidence: Confidence, note = '', expect?: FieldExpectation): FieldSpec<C> {
  return expect === undefined ? { codec, confidence, note } : { codec, confidence, note, expect };
}

/** The value a field's expectation names first (the one to write when a model is silent), or undefined. */
export function expectedValue(expect: FieldExpectation | undefined): number | { kind: 'null' } | undefined {
  if (expect === undefined) return undefined;
  if ('equals' in expect) return expect.equals;
  if ('oneOf' in expect) return expect.oneOf[0];
  return { kind: 'null' };
}

/** Whether a decoded value meets a field's expectation. */
export function meetsExpectation(expect: FieldExpectation, value: unknown): boolean {
  if ('equals' in expect) return value === expect.equals;
  if ('oneOf' in expect) return typeof value === 'number' && expect.oneOf.includes(value);
  return typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'null';
}

/** A declared field with its name, as the tables list it. */
export interface StructField extends FieldSpec {
  /** The field's name, a property of the decoded object unless it is a constant. */
  name: string;
}

type ConstKeys<S> = {
  [K in keyof S]-?: NonNullable<S[K]> extends FieldSpec<infer C> ? (C extends { constant: unknown } ? K : never) : never;
}[keyof S];

/**
 * The decoded object: every field but the constants, which the format fixes. A field a builder
 * spreads in only for some layouts (an optional key of the spec) is an optional property.
 */
export type DecodedStruct<S extends Record<string, FieldSpec | undefined>> = {
  [K in keyof S as K extends ConstKeys<S> ? never : K]: NonNullable<S[K]> extends FieldSpec<infer C> ? Infer<C> : never;
};

/** A structure's codec: a {@link Codec} that also lists its named fields for the format tables. */
export interface StructCodec<T> extends Codec<T> {
  /** The structure's name, its table's heading. */
  readonly structName: string;
  /** The declared fields, in order. */
  readonly fields: readonly StructField[];
  /** One line describing the structure, shown above its table. */
  readonly summary: string;
}

/**
 * A codec of a sequence of named fields. Constants are checked on read and written from the
 * declaration; every other field is a property of the decoded object, in declaration order. Reading
 * refuses with the {@link ParseError} of the field that refuses.
 */
export function struct<S extends Record<string, FieldSpec | undefined>>(
  structName: string,
  spec: S,
  summary = '',
): StructCodec<DecodedStruct<S>> {
  const fields: StructField[] = Object.entries(spec).flatMap(([name, f]) => (f === undefined ? [] : [{ name, ...f }]));
  const keep = fields.map((f) => !isConstCodec(f.codec));
  let fixed: number | null = 0;
  let min = 0;
  for (const f of fields) {
    fixed = fixed !== null && f.codec.fixedSize !== null ? fixed + f.codec.fixedSize : null;
    min += f.codec.minSize;
  }
  const children = fields.map((f) => f.codec);
  // Primitive fields, constants included, are read directly; a constant that differs is read
  // again through its codec, which raises the refusal with the expected value.
  const plan: FieldPlan[] = fields.map((f) => ({
    name: f.name,
    codec: f.codec,
    kind: f.codec.primitive ?? 0,
    // Only a number is compared directly: a byte constant (a magic) compared with 0 would be
    // turned into a string by the engine at every read.
    constant: isConstCodec(f.codec) && typeof f.codec.constant === 'number' ? f.codec.constant : -1,
    keep: !isConstCodec(f.codec),
    expect: f.expect ?? null,
  }));
  const count = plan.length;
  return {
    typeName: structName,
    structName,
    summary,
    fields,
    fixedSize: fixed,
    minSize: min,
    children,
    layout: { kind: 'struct', fields: plan },
    read(r, ctx) {
      const out: Record<string, unknown> = {};
      const path = r.path;
      const track = ctx.trackPaths;
      for (let i = 0; i < count; i++) {
        const f = plan[i]!;
        if (track) path.push(f.name);
        const start = r.pos;
        const value = f.kind === 0 ? f.codec.read(r, ctx) : readPrimitive(r, f.kind);
        if (f.constant >= 0 && value !== f.constant) {
          r.pos = start;
          f.codec.read(r, ctx);
        }
        if (f.keep) out[f.name] = value;
        if (f.expect !== null && !meetsExpectation(f.expect, value)) noteUnmet(ctx, f.expect.check);
        if (track) {
          if (ctx.spans && path.length <= ctx.spanDepth)
            ctx.spans.push({ path: formatPath(path), segments: path.slice(), start, end: r.pos });
          path.pop();
        }
      }
      return out as DecodedStruct<S>;
    },
    write(w, value, ctx) {
      if (typeof value !== 'object' || value === null) w.refuse(`a ${structName} object`, describeValue(value));
      const record = value as Record<string, unknown>;
      const path = w.path;
      const track = ctx.trackPaths;
      for (let i = 0; i < fields.length; i++) {
        const f = fields[i]!;
        if (track) path.push(f.name);
        f.codec.write(w, keep[i] ? record[f.name] : undefined, ctx);
        if (track) path.pop();
      }
    },
  };
}

/** What reading one field takes, prepared once per structure (one shape, so loads stay monomorphic). */
interface FieldPlan {
  name: string;
  codec: AnyCodec;
  kind: PrimitiveKind | 0;
  /** The constant's value, or −1 for a field that is not a numeric constant (constants are unsigned). */
  constant: number;
  keep: boolean;
  /** The value the sources report, compared as it is read; null for a field without one. */
  expect: FieldExpectation | null;
}

function readPrimitive(r: ByteReader, kind: PrimitiveKind): unknown {
  switch (kind) {
    case PrimitiveKind.U8:
      return r.u8();
    case PrimitiveKind.U16:
      return r.u16();
    case PrimitiveKind.U32:
      return r.u32();
    case PrimitiveKind.U64:
      return r.u64();
    case PrimitiveKind.F32:
      return r.f32();
    case PrimitiveKind.Vec4:
      return r.vec4();
  }
}
