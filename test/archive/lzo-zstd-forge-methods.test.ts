/**
 * Every decoded compression method read back through the archive reader: archives of versions 25
 * and 27 whose blocks the reference libraries compressed (liblzo2 for methods 0, 1, 2 and 5, the
 * zstd CLI for 6), each resource body compared with what was written.
 */
import { describe, expect, it } from 'vitest';
import { openForge, readDataFile } from '../../src/archive/forge.js';
import { writeForge, type ForgeWriterEntry } from '../../src/archive/forge-writer.js';
import { bytesSource } from '../../src/archive/source.js';
import { liblzo2Compress, liblzo2Python, liblzo2SkipReason, type Liblzo2Compressor } from '../helpers/liblzo2-reference.js';
import { zstdCli, zstdCompress, zstdSkipReason } from '../helpers/zstd-reference.js';

const SKELETON = 0x24aecb7c;

function entries(): ForgeWriterEntry[] {
  let seed = 99;
  const random = (): number => ((seed = (seed * 1103515245 + 12345) >>> 0) >>> 16) & 0xff;
  // Bodies larger than a block, mixing noise and repeats so every block compresses, but not to nothing.
  const body = (n: number): Uint8Array => {
    const out = new Uint8Array(n);
    for (let i = 0; i < n; i++) out[i] = i % 64 < 24 ? random() : (out[i - 24] ?? 0x20);
    return out;
  };
  return [
    {
      id: 0x1234n,
      name: 'hero.data',
      resourceType: SKELETON,
      resources: [
        { classHash: SKELETON, id: 0x55n, name: 'Hero_Skeleton', body: body(9000) },
        { classHash: 0x11223344, id: 0x56n, name: 'Other', body: body(300) },
      ],
    },
    {
      id: 0x99n,
      name: 'crowd.data',
      resourceType: 0x11223344,
      resources: [{ classHash: 0x11223344, id: 0x57n, name: 'Crowd', body: body(5000) }],
    },
  ];
}

const lzo = (compressor: Liblzo2Compressor) => (block: Uint8Array) => liblzo2Compress([block], compressor)[0];

const cases = [
  { method: 0, label: 'LZO1X-1', compress: lzo('lzo1x_1'), available: liblzo2Python !== undefined, reason: liblzo2SkipReason },
  { method: 1, label: 'LZO1X-999', compress: lzo('lzo1x_999'), available: liblzo2Python !== undefined, reason: liblzo2SkipReason },
  { method: 2, label: 'LZO2A-999', compress: lzo('lzo2a_999'), available: liblzo2Python !== undefined, reason: liblzo2SkipReason },
  { method: 5, label: 'LZO1C-999', compress: lzo('lzo1c_999'), available: liblzo2Python !== undefined, reason: liblzo2SkipReason },
  {
    method: 6,
    label: 'Zstandard level 3',
    compress: (block: Uint8Array) => zstdCompress([block], ['-3'])[0],
    available: zstdCli !== undefined,
    reason: zstdSkipReason,
  },
];

describe('archive blocks of each decoded method are read back', () => {
  for (const { method, label, compress, available, reason } of cases) {
    for (const version of [25, 27] as const) {
      it.skipIf(!available)(`method ${method} (${label}), version ${version} (skipped when ${reason})`, async () => {
        const written = entries();
        const bytes = writeForge({ version, entries: written, method, blockSize: 4096, compress });
        const forge = await openForge(bytesSource(bytes));
        expect(forge.refusals).toEqual([]);
        expect(forge.entries.map((e) => e.name)).toEqual(['hero.data', 'crowd.data']);
        for (const [k, entry] of forge.entries.entries()) {
          const file = await readDataFile(forge, entry);
          expect(file.resourcesSet.method).toBe(method);
          // The blocks were compressed (sizes differ), so the method's decoder did the reading.
          expect(file.resourcesSet.blocks.some((b) => b.compressedSize < b.uncompressedSize)).toBe(true);
          expect(file.resources.map((r) => [r.classHash, r.name])).toEqual(written[k]!.resources.map((r) => [r.classHash, r.name]));
          file.resources.forEach((r, i) => expect(Buffer.compare(r.body, written[k]!.resources[i]!.body)).toBe(0));
        }
      });
    }
  }
});

describe('the expansion bound a declared size is held to does not refuse what the references write', () => {
  // The most compressible block there is: 1 MiB of zeros in one block (version 27: i32 sizes).
  // LZO's length extensions give at most 255 bytes per input byte and a Zstandard RLE block 128 KiB
  // for 4 bytes, so these must stay under 255× and 32768×, and read back.
  for (const { method, label, compress, available, reason } of cases) {
    it.skipIf(!available)(`method ${method} (${label}) (skipped when ${reason})`, async () => {
      const zeros = new Uint8Array(1 << 20);
      const bytes = writeForge({
        version: 27,
        entries: [
          { id: 1n, name: 'zeros.data', resourceType: SKELETON, resources: [{ classHash: SKELETON, id: 2n, name: 'Zeros', body: zeros }] },
        ],
        method,
        blockSize: 1 << 21,
        compress,
      });
      const forge = await openForge(bytesSource(bytes));
      const file = await readDataFile(forge, forge.entries[0]!);
      const [block] = file.resourcesSet.blocks;
      expect(block!.compressedSize).toBeLessThan(block!.uncompressedSize / 100);
      expect(Buffer.compare(file.resources[0]!.body, zeros)).toBe(0);
    });
  }
});
