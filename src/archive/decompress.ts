/**
 * The block decoders and how a profile picks one for a method byte: LZO1X, LZO2A, LZO1C and
 * Zstandard are decoded; Oodle, proprietary, is refused by name, as is any method the profile does
 * not name. Method 5 is LZO1C in the LZO titles and Zstandard in Steep; where the profile leaves it
 * open, a block that starts with the Zstandard frame magic is Zstandard.
 */
import { checkDeclaredSize, refuseAt, type DecoderContext } from './decoder-context.js';
import { decompressLzo1cInto } from './lzo1c.js';
import { decompressLzo1xInto } from './lzo1x.js';
import { decompressLzo2aInto } from './lzo2a.js';
import { decompressZstdInto } from './zstd.js';
import { NAMED_METHODS, type ForgeMethodRule, type ForgeProfile } from './profile/profiles.js';

/** A decoder: its name, how it decodes, and how far one stored byte can expand. */
export interface BlockMethod {
  name: 'LZO1X' | 'LZO2A' | 'LZO1C' | 'Zstandard';
  /** Decodes `input` into `out`, whose length is the block's declared size; throws a ParseError otherwise. */
  decode: (input: Uint8Array, out: Uint8Array, context: DecoderContext) => void;
  /**
   * The most output bytes per stored byte a valid stream can give, so a declared size beyond it is
   * refused before anything is allocated: LZO's length extensions add at most 255 per byte; a
   * Zstandard RLE block gives up to 128 KiB for its 4 bytes.
   */
  maxExpansion: number;
}

export const DECODERS: Readonly<Record<BlockMethod['name'], BlockMethod>> = {
  LZO1X: { name: 'LZO1X', decode: decompressLzo1xInto, maxExpansion: 255 },
  LZO2A: { name: 'LZO2A', decode: decompressLzo2aInto, maxExpansion: 255 },
  LZO1C: { name: 'LZO1C', decode: decompressLzo1cInto, maxExpansion: 255 },
  Zstandard: { name: 'Zstandard', decode: decompressZstdInto, maxExpansion: 32768 },
};

/** Whether a block starts with the Zstandard frame magic 28 B5 2F FD. */
export function startsWithZstandardFrame(block: Uint8Array): boolean {
  return block.length >= 4 && block[0] === 0x28 && block[1] === 0xb5 && block[2] === 0x2f && block[3] === 0xfd;
}

/** The decoder of a rule for one block, the bytes telling LZO1C from Zstandard where the rule leaves it open. */
export function decoderOfRule(rule: ForgeMethodRule, block: Uint8Array): BlockMethod | undefined {
  if (rule.kind === 'decode') return DECODERS[rule.decoder];
  if (rule.kind === 'lzo1c-or-zstandard') return startsWithZstandardFrame(block) ? DECODERS.Zstandard : DECODERS.LZO1C;
  return undefined;
}

/** A method byte in words for a refusal under a profile: `method 8 (Oodle), not decompressed` or `unknown method 9`. */
export function describeUnsupportedMethod(method: number, profile?: ForgeProfile): string {
  const rule = profile?.methods[method];
  const name = rule?.kind === 'refuse' ? rule.name : NAMED_METHODS[method];
  return name === undefined
    ? `method ${method}, which the ${profile?.name ?? 'archive'} profile does not name`
    : `method ${method} (${name}), which is proprietary and not decompressed`;
}

/** What a profile decodes, for refusals: `LZO1X (0, 1), LZO2A (2), LZO1C or Zstandard by its bytes (5) or a stored block`. */
export function supportedMethods(profile: ForgeProfile): string {
  const byName = new Map<string, number[]>();
  for (const [method, rule] of Object.entries(profile.methods)) {
    if (rule.kind === 'refuse') continue;
    const name = rule.kind === 'decode' ? rule.decoder : 'LZO1C or Zstandard by its bytes';
    byName.set(name, [...(byName.get(name) ?? []), Number(method)]);
  }
  return `${[...byName].map(([name, methods]) => `${name} (${methods.join(', ')})`).join(', ')} or a stored block`;
}

/** The decoders by the method bytes the LZO titles give them (0 and 1 LZO1X, 2 LZO2A, 5 LZO1C), and Zstandard by its frame. */
function standaloneDecoder(method: number, input: Uint8Array): BlockMethod | undefined {
  if (method === 0 || method === 1) return DECODERS.LZO1X;
  if (method === 2) return DECODERS.LZO2A;
  if (method === 5) return startsWithZstandardFrame(input) ? DECODERS.Zstandard : DECODERS.LZO1C;
  return undefined;
}

/**
 * Decodes one block on its own, outside an archive, by its method byte as the LZO titles give it
 * (5: LZO1C, or Zstandard when the block starts with its frame magic): the method must be decoded
 * and `outputSize` within its expansion bound of the stream's length, both checked before anything
 * is allocated. Returns exactly `outputSize` bytes; throws a ParseError (offsets from
 * `context.baseOffset`) otherwise.
 */
export function decompressBlock(method: number, input: Uint8Array, outputSize: number, context: DecoderContext = {}): Uint8Array {
  const decoder = standaloneDecoder(method, input);
  if (decoder === undefined)
    refuseAt(context, 'method', 0, 'LZO1X (0, 1), LZO2A (2), LZO1C or Zstandard (5)', describeUnsupportedMethod(method));
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
