/**
 * `anvil-skeleton/grammar`: the codecs and combinators the formats are declared with, for
 * declaring structures of your own. A declaration reads, writes and describes its bytes; every
 * refusal is a {@link ParseError} naming the offset and field path.
 *
 * @packageDocumentation
 */
export {
  PrimitiveKind,
  type AnyCodec,
  type Codec,
  type WriteContext,
  type CodecLayout,
  type DecodeStep,
  type IdGetter,
  type Confidence,
  type ConstCodec,
  type Infer,
  type ReadContext,
  type Span,
} from './grammar/codec.js';
export { constU32, constU8, f32, i32, rawBytes, u16, u32, u64, u8, u8OneOf, vec4 } from './grammar/primitives.js';
export { field, struct, type DecodedStruct, type FieldSpec, type StructCodec, type StructField } from './grammar/struct.js';
export { counted, type ArrayOptions } from './grammar/array.js';
export {
  isKeyedUnion,
  keyedUnion,
  type AnyStructCodec,
  type KeyedUnionCodec,
  type KeyedUnionOptions,
  type UnionCase,
} from './grammar/union.js';
export { NULL_POINTER, pointer, POINTER_TAG, type PointerOptions, type PointerValue } from './grammar/pointer.js';
export { registersId, scopedReference, withIdScope } from './grammar/scoped.js';
export { IdScope } from './grammar/scope.js';
export { flaggedLengthPrefixedBytes, lengthPrefixedBytes, mapCodec, unknownLayout } from './grammar/combinators.js';
export { decodeAll, encodeAll, type DecodeOptions, type Decoded } from './grammar/decode.js';
export { ByteReader } from './io/reader.js';
export { ByteWriter } from './io/writer.js';
export { EncodeError, ParseError, Refusal, type ParseErrorDetails } from './io/errors.js';
export type { PathSegment } from './io/format.js';
export type { Vec4 } from './math/vector.js';
