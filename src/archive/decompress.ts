/**
 * The archive's compression methods (FORGE.md, our reading) and their decoders: 0 and 1 LZO1X,
 * 2 LZO2A, 5 LZO1C, 6 Zstandard; 3, 4, 7 and 8 are Oodle codecs, proprietary, and refused like any
 * other method, by name.
 */
import { checkDeclaredSize, refuseAt, type DecoderContext } from './decoder-context.js';
import { decompressLzo1cInto } from './lzo1c.js';
import { decompressLzo1xInto } from './lzo1x.js';
import { decompressLzo2aInto } from './lzo2a.js';
import { decompressZstdInto } from './zstd.js';

/** A method the archive reader decodes: its name, its decoder, and how far one stored byte can expand. */
export interface BlockMethod {
  name: string;
  /** Decodes `input` into `out`, whose length is the block's declared size; throws a ParseError otherwise. */
  decode: (input: Uint8Array, out: Uint8Array, context: DecoderContext) => void;
  /**
   * The most output bytes per stored byte a valid stream can give, so a declared size beyond it is
   * refused before anything is allocated: LZO's length extensions add at most 255 per byte; a
   * Zstandard RLE block gives up to 128 KiB for its 4 bytes.
   */
  maxExpansion: number;
}

const lzo1x: BlockMethod = { name: 'LZO1X', decode: decompressLzo1xInto, maxExpansion: 255 };

const DECODED: Record<number, BlockMethod> = {
  0: lzo1x,
  1: lzo1x,
  2: { name: 'LZO2A', decode: decompressLzo2aInto, maxExpansion: 255 },
  5: { name: 'LZO1C', decode: decompressLzo1cInto, maxExpansion: 255 },
  6: { name: 'Zstandard', decode: decompressZstdInto, maxExpansion: 32768 },
};

const REFUSED: Record<number, string> = { 3: 'Oodle', 4: 'Oodle', 7: 'Oodle', 8: 'Oodle' };

/** The decoder of a method byte, or undefined when the method is not decoded (Oodle, unknown). */
export function blockMethod(method: number): BlockMethod | undefined {
  return DECODED[method];
}

/** A method byte in words for a refusal: `method 3 (Oodle), not supported` or `unknown method 9`. */
export function describeUnsupportedMethod(method: number): string {
  const name = REFUSED[method];
  return name === undefined ? `unknown method ${method}` : `method ${method} (${name}), not supported`;
}

/** What the reader accepts, for refusals. */
export const SUPPORTED_METHODS = 'LZO1X (0, 1), LZO2A (2), LZO1C (5), Zstandard (6) or a stored block';

/**
 * Decodes one block of a method on its own (as the archive reader does, outside an archive): the
 * method must be decoded and `outputSize` within its expansion bound of the stream's length,
 * both checked before anything is allocated. Returns exactly `outputSize` bytes; throws a
 * ParseError (offsets from `context.baseOffset`) otherwise.
 */
export function decompressBlock(method: number, input: Uint8Array, outputSize: number, context: DecoderContext = {}): Uint8Array {
  const decoder = blockMethod(method);
  if (decoder === undefined) refuseAt(context, 'method', 0, SUPPORTED_METHODS, describeUnsupportedMethod(method));
  checkDeclaredSize(context, decoder.name, outputSize);
  if (outputSize > input.length * decoder.maxExpansion) {
    refuseAt(
      context,
      decoder.name,
      0,
      `at most ${decoder.maxExpansion} × the ${input.length} compressed bytes`,
      `a declared ${outputSize}`,
    );
  }
  const out = new Uint8Array(outputSize);
  decoder.decode(input, out, context);
  return out;
}
