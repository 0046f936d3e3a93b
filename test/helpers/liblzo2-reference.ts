/**
 * The reference LZO library itself (Debian's liblzo2.so.2, called through ctypes from the system
 * Python), for the algorithms python3-lzo does not expose (LZO1C, LZO2A) and for timing the C
 * `*_decompress_safe` functions alone, without any binding's allocation or copying.
 */
import { spawnSync } from 'node:child_process';
import { frameItems, unframeItems } from './framing.js';

/** Compressors of liblzo2 the tests and benches call, by their C name without `_compress`. */
export type Liblzo2Compressor = 'lzo1x_1' | 'lzo1x_999' | 'lzo1c_1' | 'lzo1c_5' | 'lzo1c_9' | 'lzo1c_999' | 'lzo2a_999';
/** Decompressors of liblzo2, by algorithm: `<name>_decompress_safe` is called. */
export type Liblzo2Algorithm = 'lzo1x' | 'lzo1c' | 'lzo2a';

const probe = `import ctypes; ctypes.CDLL('liblzo2.so.2').lzo2a_decompress_safe`;

/** The system Python that can load liblzo2 through ctypes, or undefined. */
export const liblzo2Python: string | undefined = ['/usr/bin/python3', 'python3'].find(
  (python) => spawnSync(python, ['-c', probe], { stdio: 'ignore' }).status === 0,
);

/** Why liblzo2 comparisons are skipped, for their titles. */
export const liblzo2SkipReason = 'liblzo2.so.2 not loadable from python3 (apt-get install liblzo2-2)';

// In CI the reference must be there: a skipped comparison would pass silently.
if (liblzo2Python === undefined && process.env.CI) throw new Error(`CI: ${liblzo2SkipReason}`);

// Loads the library, checks its ABI the way lzo_init() does, and reads length-prefixed items.
const prelude = `
import sys, struct, ctypes, time
lib = ctypes.CDLL('liblzo2.so.2')
P = ctypes.c_void_p
# lzo_init(): version, then sizeof short, int, long, lzo_uint32_t, lzo_uint, dict_t, char *, void *, lzo_callback_t.
ps = ctypes.sizeof(P)
assert lib.__lzo_init_v2(ctypes.c_uint(lib.lzo_version()), 2, 4, ctypes.sizeof(ctypes.c_long), 4, ps, ps, ps, ps, 6 * ps) == 0
def items(data):
    at = 0
    while at < len(data):
        (n,) = struct.unpack_from('<I', data, at)
        yield data[at + 4 : at + 4 + n]
        at += 4 + n
def frame(parts):
    return b''.join(struct.pack('<I', len(p)) + p for p in parts)
data = sys.stdin.buffer.read()
`;

function run(body: string, input: Buffer, args: readonly string[] = []): Buffer {
  if (liblzo2Python === undefined) throw new Error(liblzo2SkipReason);
  const result = spawnSync(liblzo2Python, ['-c', prelude + body, ...args], { input, maxBuffer: 1 << 30 });
  if (result.status !== 0) throw new Error(`liblzo2 reference failed: ${result.stderr.toString()}`);
  return result.stdout;
}

/** Each input compressed by liblzo2's `<compressor>_compress` (the raw bitstream, no header). */
export function liblzo2Compress(inputs: readonly Uint8Array[], compressor: Liblzo2Compressor): Uint8Array[] {
  const out = run(
    `
f = getattr(lib, sys.argv[1] + '_compress')
work = ctypes.create_string_buffer(1 << 20)  # above every compressor's *_MEM_COMPRESS
res = []
for item in items(data):
    dst = ctypes.create_string_buffer(len(item) + len(item) // 8 + 256)
    n = ctypes.c_size_t(len(dst))
    assert f(item, ctypes.c_size_t(len(item)), dst, ctypes.byref(n), work) == 0
    res.append(dst.raw[: n.value])
sys.stdout.buffer.write(frame(res))
`,
    frameItems(inputs),
    [compressor],
  );
  const streams = unframeItems(out);
  if (streams.length !== inputs.length) throw new Error('reference output framing is off');
  return streams;
}

/**
 * liblzo2's `<algorithm>_decompress_safe` on each stream into a buffer of its declared size:
 * the bytes when it returns LZO_E_OK with exactly that many, else the error code it returned.
 */
export function liblzo2Decompress(
  streams: readonly { stream: Uint8Array; size: number }[],
  algorithm: Liblzo2Algorithm,
): (Uint8Array | { error: number })[] {
  const framed = streams.map(({ stream, size }) => {
    const sized = new Uint8Array(4 + stream.length);
    new DataView(sized.buffer).setUint32(0, size, true);
    sized.set(stream, 4);
    return sized;
  });
  const out = run(
    `
f = getattr(lib, sys.argv[1] + '_decompress_safe')
res = []
for item in items(data):
    (size,) = struct.unpack_from('<I', item)
    dst = ctypes.create_string_buffer(max(1, size))
    n = ctypes.c_size_t(size)
    code = f(item[4:], ctypes.c_size_t(len(item) - 4), dst, ctypes.byref(n), None)
    res.append(b'\\x01' + dst.raw[:size] if code == 0 and n.value == size else b'\\x00' + struct.pack('<i', code if code != 0 else -999))
sys.stdout.buffer.write(frame(res))
`,
    frameItems(framed),
    [algorithm],
  );
  return unframeItems(out).map((r) =>
    r[0] === 1 ? r.subarray(1) : { error: new DataView(r.buffer, r.byteOffset + 1, 4).getInt32(0, true) },
  );
}

/**
 * CPU seconds per call of liblzo2's `<algorithm>_decompress_safe` on `stream` into a preallocated
 * buffer of `size` bytes: the median of `iterations` timed calls, only the call timed. CPU time,
 * not wall time, so time spent descheduled on a shared machine is not counted.
 */
export function liblzo2DecompressSeconds(stream: Uint8Array, size: number, iterations: number, algorithm: Liblzo2Algorithm): number {
  const out = run(
    `
f = getattr(lib, sys.argv[1] + '_decompress_safe')
f.argtypes = [ctypes.c_char_p, ctypes.c_size_t, P, ctypes.POINTER(ctypes.c_size_t), P]
size = int(sys.argv[2])
dst = ctypes.create_string_buffer(size)
n = ctypes.c_size_t(size)
times = []
for _ in range(int(sys.argv[3]) + 1):
    n.value = size
    t = time.process_time()
    code = f(data, len(data), dst, ctypes.byref(n), None)
    times.append(time.process_time() - t)
    assert code == 0 and n.value == size, (code, n.value)
times = sorted(times[1:])  # the first call warms the buffer's pages
print(times[len(times) // 2])
`,
    Buffer.from(stream.buffer, stream.byteOffset, stream.length),
    [algorithm, String(size), String(iterations)],
  );
  return Number(out.toString().trim());
}
