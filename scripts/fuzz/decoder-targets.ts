/**
 * The archive's block decoders under fuzz, as the resource readers are. An input is a u32
 * declared size (little-endian) and then the compressed stream; the contract: decode to exactly
 * the declared size, or refuse with a ParseError in the usual shape whose offset lies inside the
 * input; never another exception, never an output of another size. The expansion bound is checked
 * before allocating, as in the archive reader, so a mutated size cannot make a bomb.
 *
 * Seeds: the sample resources (and a few runs of text and zeros) compressed by the reference
 * libraries when they are there (liblzo2 through ctypes, the zstd CLI), and streams assembled by
 * hand (the ones the decoder tests reason about) always.
 */
import { decompressBlock } from '../../src/archive/decompress.js';
import { ParseError } from '../../src/io/errors.js';
import { sampleCorpus } from '../../src/samples/corpus.js';
import { liblzo2Compress, liblzo2Python, type Liblzo2Compressor } from '../../test/helpers/liblzo2-reference.js';
import { zstdCli, zstdCompress } from '../../test/helpers/zstd-reference.js';
import { checkParseError, Violation, type FuzzTarget } from './targets.js';

/** A decoder target: method byte, name (also the regression file prefix), reference compressors, hand-made streams. */
interface DecoderSpec {
  method: number;
  name: string;
  lzo?: Liblzo2Compressor[];
  zstdLevels?: string[];
  hand: { size: number; stream: number[] }[];
}

const SPECS: DecoderSpec[] = [
  {
    method: 0,
    name: 'lzo1x',
    lzo: ['lzo1x_1', 'lzo1x_999'],
    hand: [
      { size: 10, stream: [0x12, 0x61, 0x27, 0x00, 0x00, 0x11, 0x00, 0x00] },
      { size: 8, stream: [0x14, 0x61, 0x62, 0x63, 0x88, 0x00, 0x11, 0x00, 0x00] },
    ],
  },
  {
    method: 2,
    name: 'lzo2a',
    lzo: ['lzo2a_999'],
    hand: [
      { size: 5, stream: [0xd4, 0x61, 0x62, 0x01, 0x20, 0x00] },
      { size: 15, stream: [0x1e, 0x61, 0x01, 0x00, 0x05, 0x20, 0x00] },
    ],
  },
  {
    method: 5,
    name: 'lzo1c',
    lzo: ['lzo1c_1', 'lzo1c_999'],
    hand: [
      { size: 7, stream: [0x03, 0x61, 0x62, 0x63, 0x02, 0x00, 0x78, 0x21, 0x00, 0x00] },
      { size: 8, stream: [0x02, 0x61, 0x62, 0x22, 0x41, 0x00, 0x7a, 0x21, 0x00, 0x00] },
    ],
  },
  {
    // Method 5 is Zstandard when the block starts with its frame magic (Steep), LZO1C otherwise: a
    // mutation of the magic sends the stream to the LZO1C decoder, which must refuse it as cleanly.
    method: 5,
    name: 'zstd',
    zstdLevels: ['-1', '-19'],
    hand: [
      { size: 3, stream: [0x28, 0xb5, 0x2f, 0xfd, 0x20, 0x03, 0x19, 0x00, 0x00, 0x61, 0x62, 0x63] },
      { size: 5, stream: [0x28, 0xb5, 0x2f, 0xfd, 0x20, 0x05, 0x2b, 0x00, 0x00, 0x78] },
    ],
  },
];

/** The names of the decoder targets, for the regression replay's list of readers. */
export const DECODER_NAMES = SPECS.map((s) => s.name);

function framed(size: number, stream: Uint8Array): Uint8Array {
  const out = new Uint8Array(4 + stream.length);
  new DataView(out.buffer).setUint32(0, size, true);
  out.set(stream, 4);
  return out;
}

function decoderTarget(spec: DecoderSpec): FuzzTarget {
  return {
    name: spec.name,
    description: `decompressBlock method ${spec.method} (u32 declared size, then the stream)`,
    check(input) {
      if (input.length < 4) return { outcome: 'skipped' };
      const size = new DataView(input.buffer, input.byteOffset, 4).getUint32(0, true);
      try {
        const out = decompressBlock(spec.method, input.subarray(4), size, { baseOffset: 4, path: [spec.name] });
        if (out.length !== size) throw new Violation('oracle', `decoded ${out.length} bytes, ${size} declared`);
        return { outcome: 'decoded', value: out };
      } catch (error) {
        if (error instanceof Violation) throw error;
        if (!(error instanceof ParseError)) {
          throw new Violation(
            'exception',
            `${spec.name} threw ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`,
            error,
          );
        }
        checkParseError(error, input.length);
        return { outcome: 'refused' };
      }
    },
  };
}

/** Every decoder target. */
export function decoderTargets(): FuzzTarget[] {
  return SPECS.map(decoderTarget);
}

/** Per decoder target: its seed inputs (declared size + stream). */
export function decoderLanes(): { target: FuzzTarget; seeds: Uint8Array[] }[] {
  const text = new TextEncoder().encode('Bone_Spine Bone_Neck Bone_Head Hand_L Hand_R '.repeat(40));
  const plain = [...sampleCorpus().map((f) => f.bytes.subarray(0, 4096)), text, new Uint8Array(2000)];
  return SPECS.map((spec) => {
    const seeds = spec.hand.map((h) => framed(h.size, Uint8Array.from(h.stream)));
    if (spec.lzo && liblzo2Python !== undefined) {
      for (const compressor of spec.lzo) liblzo2Compress(plain, compressor).forEach((s, i) => seeds.push(framed(plain[i]!.length, s)));
    }
    if (spec.zstdLevels && zstdCli !== undefined) {
      for (const level of spec.zstdLevels) zstdCompress(plain, [level]).forEach((s, i) => seeds.push(framed(plain[i]!.length, s)));
    }
    return { target: decoderTarget(spec), seeds };
  });
}
