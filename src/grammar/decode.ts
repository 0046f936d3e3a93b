import { ByteReader } from '../io/reader.js';
import { ByteWriter } from '../io/writer.js';
import type { Codec, ReadContext, Span } from './codec.js';

export interface DecodeOptions {
  /** Record every field's span (path, start, end) for hex annotation. Off by default. */
  spans?: boolean;
}

export interface Decoded<T> {
  value: T;
  /** Present only when asked for. */
  spans?: Span[];
}

/** Decodes the whole input with `codec`; refuses any byte left after the last field. */
export function decodeAll<T>(codec: Codec<T>, bytes: Uint8Array, options: DecodeOptions = {}): Decoded<T> {
  const reader = new ByteReader(bytes);
  const context: ReadContext = { spans: options.spans ? [] : null, scope: null };
  const value = codec.read(reader, context);
  reader.expectEnd();
  return context.spans ? { value, spans: context.spans } : { value };
}

export function encodeAll<T>(codec: Codec<T>, value: T, sizeHint = 1024): Uint8Array {
  const writer = new ByteWriter(sizeHint);
  codec.write(writer, value);
  return writer.finish();
}
