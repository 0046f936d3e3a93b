/**
 * The reference LZO library (liblzo2 through Debian's python3-lzo), run in a Python subprocess so
 * tests and benchmarks compare our decoder against it on the same bytes.
 */
import { spawnSync } from 'node:child_process';
import { frameItems, unframeItems } from './framing.js';

const candidates = ['/usr/bin/python3', 'python3'];

/** The first Python that can import the `lzo` module, or undefined when python3-lzo is missing. */
export const lzoPython: string | undefined = candidates.find(
  (python) => spawnSync(python, ['-c', 'import lzo'], { stdio: 'ignore' }).status === 0,
);

/** Why reference tests are skipped, for their titles. */
export const lzoSkipReason = 'python3-lzo unavailable (apt-get install python3-lzo)';

// In CI the reference must be there: a skipped comparison would pass silently.
if (lzoPython === undefined && process.env.CI) throw new Error(`CI: ${lzoSkipReason}`);

const script = (body: string): string => `
import sys, struct, lzo
data = sys.stdin.buffer.read()
at = 0
out = []
while at < len(data):
    (n,) = struct.unpack_from('<I', data, at)
    item = data[at + 4 : at + 4 + n]
    at += 4 + n
    ${body}
    out.append(struct.pack('<I', len(r)) + r)
sys.stdout.buffer.write(b''.join(out))
`;

function run(code: string, input: Buffer, n: number): Uint8Array[] {
  if (lzoPython === undefined) throw new Error(lzoSkipReason);
  const result = spawnSync(lzoPython, ['-c', code], { input, maxBuffer: 1 << 30 });
  if (result.status !== 0) throw new Error(`python3-lzo failed: ${result.stderr.toString()}`);
  return unframeItems(result.stdout, n);
}

/**
 * Each input compressed by liblzo2 without python-lzo's 5-byte header: level 1 is LZO1X-1,
 * level 9 LZO1X-999 (both the LZO1X bitstream).
 */
export function lzoCompress(inputs: readonly Uint8Array[], level: 1 | 9 = 1): Uint8Array[] {
  return run(script(`r = lzo.compress(item, ${level}, False)`), frameItems(inputs), inputs.length);
}

/** Each stream decompressed by liblzo2 into a buffer of its declared size. */
export function lzoDecompress(streams: readonly { stream: Uint8Array; size: number }[]): Uint8Array[] {
  const framed = streams.map(({ stream, size }) => {
    const sized = new Uint8Array(4 + stream.length);
    new DataView(sized.buffer).setUint32(0, size, true);
    sized.set(stream, 4);
    return sized;
  });
  return run(script(`r = lzo.decompress(item[4:], False, struct.unpack_from('<I', item)[0])`), frameItems(framed), streams.length);
}
