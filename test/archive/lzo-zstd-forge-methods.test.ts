/**
 * Every decoded compression method read back through the archive reader: archives whose blocks the
 * reference libraries compressed (liblzo2 for methods 0, 1, 2 and 5 as LZO1C, the zstd CLI for
 * method 5 as Zstandard), each resource body compared with what was written, under profiles that
 * read the method so.
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

// The LZO methods under AC1's reading (version 25) and AC Unity's (27); method 5 as Zstandard under
// Unity's (LZO1C unless the block starts with the Zstandard frame magic) and Steep's (Zstandard).
const LZO_PROFILES = [
  { profile: 'ac1', version: 25 },
  { profile: 'unity', version: 27 },
] as const;
const lzoCase = (method: number, label: string, compressor: Liblzo2Compressor) => ({
  method,
  label,
  compress: lzo(compressor),
  available: liblzo2Python !== undefined,
  reason: liblzo2SkipReason,
  profiles: LZO_PROFILES,
});
const cases = [
  lzoCase(0, 'LZO1X-1', 'lzo1x_1'),
  lzoCase(1, 'LZO1X-999', 'lzo1x_999'),
  lzoCase(2, 'LZO2A-999', 'lzo2a_999'),
  lzoCase(5, 'LZO1C-999', 'lzo1c_999'),
  {
    method: 5,
    label: 'Zstandard level 3',
    compress: (block: Uint8Array) => zstdCompress([block], ['-3'])[0],
    available: zstdCli !== undefined,
    reason: zstdSkipReason,
    profiles: [
      { profile: 'unity', version: 27 },
      { profile: 'steep', version: 27 },
    ] as const,
  },
];

describe('archive blocks of each decoded method are read back', () => {
  for (const { method, label, compress, available, reason, profiles } of cases) {
    for (const { profile, version } of profiles) {
      it.skipIf(!available)(`method ${method} (${label}), profile ${profile} (skipped when ${reason})`, async () => {
        const written = entries();
        const bytes = writeForge({ profile, version, entries: written, method, blockSize: 4096, compress });
        const forge = await openForge(bytesSource(bytes), { profile });
        expect(forge.refusals).toEqual([]);
        expect(forge.entries.map((e) => e.name)).toEqual(['hero.data', 'crowd.data']);
        for (const [k, entry] of forge.entries.entries()) {
          const file = await readDataFile(forge, entry);
          expect(file.resourcesSet!.method).toBe(method);
          // The blocks were compressed (sizes differ), so the method's decoder did the reading.
          expect(file.resourcesSet!.blocks.some((b) => b.compressedSize < b.uncompressedSize)).toBe(true);
          expect(file.resources.map((r) => [r.classHash, r.name])).toEqual(written[k]!.resources.map((r) => [r.classHash, r.name]));
          file.resources.forEach((r, i) => expect(Buffer.compare(r.body, written[k]!.resources[i]!.body)).toBe(0));
        }
      });
    }
  }
});

describe('method 5 is what the profile says it is', () => {
  it.skipIf(zstdCli === undefined)(
    `a Zstandard block under AC1's reading (LZO1C) is refused inside the block (skipped when ${zstdSkipReason})`,
    async () => {
      const compress = (block: Uint8Array) => zstdCompress([block], ['-3'])[0];
      const bytes = writeForge({ profile: 'ac1', version: 25, entries: entries(), method: 5, blockSize: 4096, compress });
      const forge = await openForge(bytesSource(bytes), { profile: 'ac1' });
      await expect(readDataFile(forge, forge.entries[0]!)).rejects.toThrow(/entries\[0\]\.(toc|resourcesSet)\.blocks\[0\]/);
    },
  );
});

describe('the expansion bound a declared size is held to does not refuse what the references write', () => {
  // The most compressible block there is: 1 MiB of zeros in one block (Wildlands at set version 2: i32 sizes).
  // LZO's length extensions give at most 255 bytes per input byte and a Zstandard RLE block 128 KiB
  // for 4 bytes, so these must stay under 255× and 32768×, and read back.
  for (const { method, label, compress, available, reason } of cases) {
    it.skipIf(!available)(`method ${method} (${label}) (skipped when ${reason})`, async () => {
      const zeros = new Uint8Array(1 << 20);
      const bytes = writeForge({
        profile: 'wildlands',
        setVersion: 2,
        version: 27,
        entries: [
          { id: 1n, name: 'zeros.data', resourceType: SKELETON, resources: [{ classHash: SKELETON, id: 2n, name: 'Zeros', body: zeros }] },
        ],
        method,
        blockSize: 1 << 21,
        compress,
      });
      const forge = await openForge(bytesSource(bytes), { profile: 'wildlands' });
      const file = await readDataFile(forge, forge.entries[0]!);
      const [block] = file.resourcesSet!.blocks;
      expect(block!.compressedSize).toBeLessThan(block!.uncompressedSize / 100);
      expect(Buffer.compare(file.resources[0]!.body, zeros)).toBe(0);
    });
  }
});
