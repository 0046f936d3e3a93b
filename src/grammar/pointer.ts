import { describeValue, formatValue } from '../io/format.js';
import type { ByteReader } from '../io/reader.js';
import { PrimitiveKind, type AnyCodec, type Codec, type Infer, type ReadContext } from './codec.js';

/** The tag bytes of a pointer: `00` inline object, `02` reference by id, `03` null. */
export const POINTER_TAG = { inline: 0x00, reference: 0x02, null: 0x03 } as const;

/** The one null pointer value (frozen): decoding shares it rather than allocating one per field. */
export const NULL_POINTER: { readonly kind: 'null' } = Object.freeze({ kind: 'null' as const });

/** A decoded pointer: null, a reference to an object by id, or an inline object. */
export type PointerValue<I, T> = { kind: 'null' } | { kind: 'ref'; id: I } | { kind: 'inline'; value: T };

/** Which pointer forms {@link pointer} accepts, and the codecs of the id and the inline object. */
export interface PointerOptions<IC extends AnyCodec, TC extends AnyCodec | undefined> {
  /** Codec of a referenced object's id (u64 or u32 by dialect). */
  id: IC;
  /** Whether `03` (no object) is allowed. */
  allowNull?: boolean;
  /** Whether `02` + id is allowed. */
  allowReference?: boolean;
  /** Codec of the object that follows `00`; absent when an inline object is not allowed. */
  inline?: TC;
  /** The tag bytes, where a title spells them otherwise than `03` null, `02` reference, `00` inline. */
  tags?: Partial<PointerTags>;
}

/** The tag byte of each pointer form. */
export interface PointerTags {
  null: number;
  reference: number;
  inline: number;
}

type InlineOf<TC> = TC extends AnyCodec ? Infer<TC> : never;

/**
 * A codec of a tagged pointer: `03` null, `02` + id a reference, `00` + object inline, each only when
 * allowed. Reading refuses any other tag with a {@link ParseError}; writing throws an `Error` on an
 * inline value when no inline codec was given.
 */
export function pointer<IC extends AnyCodec, TC extends AnyCodec | undefined = undefined>(
  options: PointerOptions<IC, TC>,
): Codec<PointerValue<Infer<IC>, InlineOf<TC>>> {
  const allowNull = options.allowNull ?? true;
  const allowReference = options.allowReference ?? true;
  const inline = options.inline;
  const tags: PointerTags = { ...POINTER_TAG, ...options.tags };
  const tagText = (tag: number): string => tag.toString(16).toUpperCase().padStart(2, '0');
  const accepted: string[] = [];
  if (allowNull) accepted.push(`${tagText(tags.null)} (null)`);
  if (allowReference) accepted.push(`${tagText(tags.reference)} (reference) + ${options.id.typeName} id`);
  if (inline) accepted.push(`${tagText(tags.inline)} (inline) + ${inline.typeName}`);
  // Sizes of the allowed alternatives (null where an inline object varies in size).
  const alternatives: (number | null)[] = [];
  const minimums: number[] = [];
  if (allowNull) {
    alternatives.push(1);
    minimums.push(1);
  }
  if (allowReference) {
    alternatives.push(options.id.fixedSize === null ? null : 1 + options.id.fixedSize);
    minimums.push(1 + options.id.minSize);
  }
  if (inline) {
    alternatives.push(inline.fixedSize === null ? null : 1 + inline.fixedSize);
    minimums.push(1 + inline.minSize);
  }
  const kinds = [allowNull ? 'null' : '', allowReference ? 'ref' : '', inline ? 'inline' : ''].filter(Boolean);
  const kindExpected = `a pointer of kind ${kinds.join(' or ')}`;
  const allFixed = alternatives.every((a) => a !== null);
  const distinct = [...new Set(alternatives)].sort((a, b) => (a ?? 0) - (b ?? 0));
  const fixedSize = allFixed && distinct.length === 1 ? distinct[0]! : null;
  const minSize = Math.min(...minimums);
  const sizeText = allFixed ? distinct.join(' or ') : 'variable';
  const idCodec = options.id;
  // Ids are u32 or u64 in both layouts: read them without a dynamic dispatch.
  const readId: (r: ByteReader, ctx: ReadContext) => Infer<IC> =
    idCodec.primitive === PrimitiveKind.U32
      ? (r) => r.u32() as Infer<IC>
      : idCodec.primitive === PrimitiveKind.U64
        ? (r) => r.u64() as Infer<IC>
        : (r, ctx) => idCodec.read(r, ctx);
  return {
    typeName: `pointer: ${accepted.join(', or ')}`,
    fixedSize,
    minSize,
    sizeText,
    children: inline ? [inline] : [],
    layout: { kind: 'pointer', id: idCodec, allowNull, allowReference, inline, tags },
    read(r, ctx) {
      const at = r.pos;
      const tag = r.u8();
      if (tag === tags.null && allowNull) return NULL_POINTER;
      if (tag === tags.reference && allowReference) return { kind: 'ref', id: readId(r, ctx) };
      if (tag === tags.inline && inline) return { kind: 'inline', value: inline.read(r, ctx) };
      return r.fail(`a pointer tag ${accepted.map((a) => a.slice(0, 2)).join(' or ')}`, `tag ${formatValue(tag)}`, at);
    },
    write(w, value, ctx) {
      // Only the kinds the reader accepts here are written: any other would not read back.
      const kind: unknown = typeof value === 'object' && value !== null ? value.kind : undefined;
      if (kind === 'null' && allowNull) {
        w.u8(tags.null);
      } else if (kind === 'ref' && allowReference) {
        w.u8(tags.reference);
        idCodec.write(w, (value as { id: Infer<IC> }).id, ctx);
      } else if (kind === 'inline' && inline) {
        w.u8(tags.inline);
        inline.write(w, (value as { value: InlineOf<TC> }).value, ctx);
      } else {
        w.refuse(
          kindExpected,
          kind === undefined ? describeValue(value) : `kind ${typeof kind === 'string' ? JSON.stringify(kind) : describeValue(kind)}`,
        );
      }
    },
  };
}
