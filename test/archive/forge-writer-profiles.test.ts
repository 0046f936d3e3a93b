/**
 * The writer in every profile's framing, read back: `writeForge` with several entries, a chain of
 * index blocks and sets split into blocks, then `openForge` under detection and under the profile
 * reads every entry and resource exactly; and the bytes themselves, walked here by the public
 * readers' tables (not by the reader under test), hold the data header's fields where they belong,
 * each index table at F + 48, data files ending exactly at their index size (the FILEDATA header
 * of versions 25 and 26 outside it), padding only between entries and at the archive's end.
 */
import { describe, expect, it } from 'vitest';
import { openForge, readDataFile, type Forge } from '../../src/archive/forge.js';
import { writeForge, type ForgeWriterEntry, type ForgeWriterOptions } from '../../src/archive/forge-writer.js';
import type { ForgeProfileName } from '../../src/archive/profile/profiles.js';
import { bytesSource } from '../../src/archive/source.js';
import { adler0, idClass, managedIdClass, u32IdClass } from './forge-profile-fixtures.js';

const SKELETON = 0x24aecb7c;

/** How each profile frames a data file, as the public readers read it (ACExplorer, WildlandsToolkit, Blacksmith), written out here. */
const FRAMING: Record<ForgeProfileName, { preamble: 'none' | 'items8' | 'bytes'; count: 2 | 4; pair: (setVersion: number) => 2 | 4 }> = {
  ac1: { preamble: 'none', count: 2, pair: () => 2 },
  ac2: { preamble: 'items8', count: 2, pair: () => 2 },
  ac3: { preamble: 'bytes', count: 2, pair: () => 2 },
  unity: { preamble: 'none', count: 4, pair: () => 2 },
  wildlands: { preamble: 'none', count: 4, pair: (v) => (v >= 2 ? 4 : 2) },
  steep: { preamble: 'none', count: 4, pair: () => 4 },
  'origins-odyssey': { preamble: 'none', count: 4, pair: () => 4 },
};

/** A body that starts as the profile's titles' bodies do (ids and classes), then a pattern. */
function body(profile: ForgeProfileName, id: number, classHash: number, n: number): Uint8Array {
  const head =
    profile === 'ac1'
      ? u32IdClass(id, classHash, 0)
      : profile === 'unity'
        ? managedIdClass(id, classHash, 0)
        : profile === 'ac2' || profile === 'ac3'
          ? []
          : idClass(id, classHash, 0);
  return Uint8Array.from([...head, ...Array.from({ length: n }, (_, k) => (k * 29 + id) & 0xff)]);
}

/** Five entries of one to three resources; no id is a bookkeeping one (0, 16, 145, 193, 4090). */
function entries(profile: ForgeProfileName): ForgeWriterEntry[] {
  return Array.from({ length: 5 }, (_, i) => ({
    id: 0x1000n + BigInt(i),
    name: `${profile}_${i}.data`,
    resourceType: i % 2 ? SKELETON : 0x12345678,
    timestamp: 0x5f000000 + i,
    resources: Array.from({ length: 1 + (i % 3) }, (_, j) => {
      const id = 0x200 + i * 10 + j;
      const classHash = j === 0 ? SKELETON : 0xabcdef01 + j;
      return { classHash, id: BigInt(id), name: `res_${i}_${j}`, body: body(profile, id, classHash, 7 + i * 11 + j * 5) };
    }),
  }));
}

interface Case {
  profile: ForgeProfileName;
  version: number;
  setVersion?: number;
  /** What detection chooses and finds alike on the writer's bytes, and why (see each). */
  detected: ForgeProfileName;
  alike: ForgeProfileName[];
}

const CASES: Case[] = [
  // Before Unity the preamble tells the three apart: ac1 has none (the others read the set magic
  // as a count), ac2 and ac3 both write u32 0 there, but ac3 reads ac2's 10-byte TOC records as 14
  // bytes and the other way round, so only the writer's own profile reads each record's TOC size.
  { profile: 'ac1', version: 25, detected: 'ac1', alike: [] },
  { profile: 'ac1', version: 26, detected: 'ac1', alike: [] },
  { profile: 'ac2', version: 25, detected: 'ac2', alike: [] },
  { profile: 'ac2', version: 26, detected: 'ac2', alike: [] },
  { profile: 'ac3', version: 25, detected: 'ac3', alike: [] },
  { profile: 'ac3', version: 26, detected: 'ac3', alike: [] },
  // unity and wildlands write the same bytes at set version 1 (a u32 count is an i32, k = 0 words is
  // flags 0, nothing follows the TOC in its set): the bodies' start (01, id, class) picks unity.
  { profile: 'unity', version: 27, detected: 'unity', alike: ['wildlands'] },
  { profile: 'wildlands', version: 27, setVersion: 1, detected: 'wildlands', alike: ['unity'] },
  // Set version 2: i32 pairs, as Blacksmith's profiles read at any set version.
  { profile: 'wildlands', version: 27, setVersion: 2, detected: 'wildlands', alike: ['steep', 'origins-odyssey'] },
  // steep and origins-odyssey frame alike and differ only in what method 5 means; stored blocks
  // cannot tell them apart, and steep comes first.
  { profile: 'steep', version: 27, detected: 'steep', alike: ['origins-odyssey'] },
  { profile: 'steep', version: 28, detected: 'steep', alike: ['origins-odyssey'] },
  { profile: 'origins-odyssey', version: 27, detected: 'steep', alike: ['origins-odyssey'] },
  { profile: 'origins-odyssey', version: 28, detected: 'steep', alike: ['origins-odyssey'] },
];

async function expectReadsBack(forge: Forge, written: ForgeWriterEntry[]): Promise<void> {
  expect(forge.refusals).toEqual([]);
  expect(forge.findings).toEqual([]);
  expect(forge.entries.map((e) => [e.id, e.name, e.resourceType, e.timestamp, e.bookkeeping])).toEqual(
    written.map((e) => [e.id, e.name, e.resourceType, e.timestamp, null]),
  );
  for (const [i, entry] of forge.entries.entries()) {
    const file = await readDataFile(forge, entry);
    expect(file.recordsEnd).toBe(file.stream.length);
    expect(file.resources.map((r) => [r.classHash, r.id, r.name, r.size, r.bodyOffset + r.size - r.recordOffset === r.tocSize])).toEqual(
      written[i]!.resources.map((r) => [r.classHash, r.id, r.name, r.body.length, true]),
    );
    file.resources.forEach((r, j) => expect(Buffer.compare(r.body, written[i]!.resources[j]!.body), `entry ${i} resource ${j}`).toBe(0));
    // Split by the block size: no block holds more than 16 bytes, and a set of n bytes has ceil(n / 16) blocks.
    for (const set of [file.toc!, file.resourcesSet!]) {
      expect(set.blocks.length).toBe(Math.ceil(set.streamLength / 16));
      expect(Math.max(...set.blocks.map((b) => b.uncompressedSize))).toBeLessThanOrEqual(16);
    }
  }
}

/** Walks one data file by the profile's framing; returns where its second set ends and the TOC's count. */
function walkDataFile(view: DataView, at: number, c: Case): { end: number; tocCount: number; setVersions: number[] } {
  const framing = FRAMING[c.profile];
  let p = at;
  if (framing.preamble === 'items8') p += 4 + 8 * view.getUint32(p, true);
  if (framing.preamble === 'bytes') p += 4 + view.getUint32(p, true);
  const setVersions: number[] = [];
  let tocCount = -1;
  for (let s = 0; s < 2; s++) {
    expect(view.getBigUint64(p, true), `set ${s} magic at ${p}`).toBe(0x1004fa9957fbaa33n);
    const setVersion = view.getUint16(p + 8, true);
    setVersions.push(setVersion);
    const count = framing.count === 2 ? view.getUint16(p + 15, true) : view.getUint32(p + 15, true);
    const pair = framing.pair(setVersion);
    let q = p + 15 + framing.count;
    const sizes: [number, number][] = [];
    for (let b = 0; b < count; b++, q += 2 * pair) {
      sizes.push(
        pair === 2 ? [view.getUint16(q, true), view.getUint16(q + 2, true)] : [view.getInt32(q, true), view.getInt32(q + 4, true)],
      );
    }
    for (const [i, [uncompressed, compressed]] of sizes.entries()) {
      expect(uncompressed, 'stored blocks').toBe(compressed);
      const stored = new Uint8Array(view.buffer, view.byteOffset + q + 4, compressed);
      expect(view.getUint32(q, true), `set ${s} block ${i} checksum`).toBe(adler0(stored));
      if (s === 0 && i === 0) tocCount = view.getUint16(q + 4, true);
      q += 4 + compressed;
    }
    p = q;
  }
  return { end: p, tocCount, setVersions };
}

describe.each(CASES)('writeForge in the $profile framing at version $version (set version $setVersion)', (c) => {
  const written = entries(c.profile);
  const options: ForgeWriterOptions = {
    profile: c.profile,
    version: c.version,
    entries: written,
    maxEntriesPerBlock: 2,
    blockSize: 16,
    setVersion: c.setVersion,
  };
  const bytes = writeForge(options);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const v27 = c.version >= 27;

  it('reads back every entry and resource exactly, detected and named', async () => {
    const detected = await openForge(bytesSource(bytes));
    expect([detected.profile?.name, detected.profileChoice.alike, detected.profileChoice.how]).toEqual([c.detected, c.alike, 'detected']);
    await expectReadsBack(detected, written);
    const named = await openForge(bytesSource(bytes), { profile: c.profile });
    expect(named.profile?.name).toBe(c.profile);
    await expectReadsBack(named, written);
  });

  it('puts the data header fields, a chain of three index blocks with each index table at F + 48, and the name tables where the tables say', () => {
    const d = Number(view.getBigInt64(0x0d, true));
    expect(view.getInt32(0x09, true)).toBe(c.version);
    // v27: count +0, most per block +28, block count +32, F +36 (44 bytes); v25/v26: +0, +24, +28, +32 (40 bytes).
    const [maxAt, countAt, firstAt, headerBytes] = v27 ? [28, 32, 36, 44] : [24, 28, 32, 40];
    expect([view.getInt32(d, true), view.getInt32(d + maxAt, true), view.getInt32(d + countAt, true)]).toEqual([5, 2, 3]);
    const indexBytes = v27 ? 20 : 16;
    const nameBytes = v27 ? 192 : 188;
    // The chain, laid out by hand: F0 right after the data header, each block 48 + n × (index + name) bytes long.
    const f0 = d + headerBytes;
    const perBlock = 48 + 2 * (indexBytes + nameBytes); // 472 in v27, 456 before
    expect(perBlock).toBe(v27 ? 472 : 456);
    const chain = [f0, f0 + perBlock, f0 + 2 * perBlock];
    expect(Number(view.getBigInt64(d + firstAt, true))).toBe(f0);
    chain.forEach((f, b) => {
      const n = b < 2 ? 2 : 1;
      expect(view.getInt32(f, true), `block ${b} count`).toBe(n);
      expect(Number(view.getBigInt64(f + 8, true)), `block ${b} T`).toBe(f + 48);
      expect(Number(view.getBigInt64(f + 16, true)), `block ${b} next`).toBe(chain[b + 1] ?? -1);
      const m = Number(view.getBigInt64(f + 32, true));
      expect(m, `block ${b} M`).toBe(f + 48 + n * indexBytes);
      for (let k = 0; k < n; k++) {
        const e = written[b * 2 + k]!;
        const t = f + 48 + k * indexBytes;
        const id = v27 ? view.getBigUint64(t + 8, true) : BigInt(view.getUint32(t + 8, true));
        expect(id).toBe(e.id);
        const name = m + k * nameBytes;
        expect(view.getInt32(name, true)).toBe(view.getInt32(t + indexBytes - 4, true));
        expect(view.getUint32(name + 16, true)).toBe(e.resourceType >>> 0);
        expect(view.getUint32(name + 40, true)).toBe(e.timestamp);
        expect(new TextDecoder().decode(bytes.subarray(name + 44, name + 44 + e.name.length + 1))).toBe(`${e.name}\0`);
      }
    });
  });

  it('ends each data file exactly at its index size, the next entry right after, and pads the archive end to 32,768', () => {
    const d = Number(view.getBigInt64(0x0d, true));
    const f0 = d + (v27 ? 44 : 40);
    const indexBytes = v27 ? 20 : 16;
    const perBlock = 48 + 2 * (indexBytes + (v27 ? 192 : 188));
    const tables = written.map((_, i) => f0 + Math.floor(i / 2) * perBlock + 48 + (i % 2) * indexBytes);
    let expected = f0 + 2 * perBlock + 48 + indexBytes + (v27 ? 192 : 188); // after the last name table
    for (const [i, t] of tables.entries()) {
      const offset = Number(view.getBigInt64(t, true));
      const size = view.getInt32(t + indexBytes - 4, true);
      expect(offset, `entry ${i} follows the one before`).toBe(expected);
      let data = offset;
      if (!v27) {
        // The 440-byte FILEDATA header: its magic, its size at +395 equal to the index size.
        expect(new TextDecoder().decode(bytes.subarray(offset, offset + 8))).toBe('FILEDATA');
        expect(view.getInt32(offset + 395, true)).toBe(size);
        data += 440;
      }
      const walk = walkDataFile(view, data, c);
      expect(walk.end, `entry ${i}: its sets end where its size says`).toBe(data + size);
      expect(walk.tocCount).toBe(written[i]!.resources.length);
      expect(walk.setVersions).toEqual([c.setVersion ?? 1, c.setVersion ?? 1]);
      expected = data + size;
    }
    expect(bytes.length % 32768).toBe(0);
    expect(bytes.length - expected).toBeLessThan(32768);
    expect(bytes.subarray(expected).every((b) => b === 0)).toBe(true);
  });
});

describe('padding between data files', () => {
  it.each([
    ['ac2', 26],
    ['wildlands', 27],
  ] as const)(
    '%s at version %s: aligned to 16, padding lies outside the sizes and each entry still ends exactly',
    async (profile, version) => {
      const written = entries(profile);
      const bytes = writeForge({ profile, version, entries: written, align: 16, blockSize: 16 });
      const forge = await openForge(bytesSource(bytes), { profile });
      await expectReadsBack(forge, written);
      const head = version >= 27 ? 0 : 440;
      forge.entries.forEach((e, i) => {
        expect(e.offset % 16).toBe(0);
        const next = forge.entries[i + 1];
        if (next === undefined) return;
        const end = e.dataOffset + e.size;
        expect(next.offset).toBe(Math.ceil(end / 16) * 16);
        expect(bytes.subarray(end, next.offset).every((b) => b === 0)).toBe(true);
        // The index size counts the data file alone: ACExplorer would refuse the padding inside it.
        expect(e.dataOffset).toBe(e.offset + head);
      });
    },
  );
});

describe('many entries, many index blocks', () => {
  it.each([25, 27] as const)('version %s: 23 entries in blocks of 4, read back under detection', async (version) => {
    const profile: ForgeProfileName = version === 25 ? 'ac1' : 'unity';
    const written = Array.from({ length: 23 }, (_, i) => ({ ...entries(profile)[i % 5]!, id: 0x4000n + BigInt(i), name: `many_${i}` }));
    const bytes = writeForge({ profile, version, entries: written, maxEntriesPerBlock: 4 });
    const forge = await openForge(bytesSource(bytes));
    expect(forge.profile?.name).toBe(profile);
    expect(forge.indexBlocks.map((b) => b.entryCount)).toEqual([4, 4, 4, 4, 4, 3]);
    expect(forge.declaredIndexBlockCount).toBe(6);
    expect(forge.entries.map((e) => [e.block, e.slot, e.name])).toEqual(written.map((e, i) => [Math.floor(i / 4), i % 4, e.name]));
    for (const [i, entry] of forge.entries.entries()) {
      const file = await readDataFile(forge, entry);
      file.resources.forEach((r, j) => expect(Buffer.compare(r.body, written[i]!.resources[j]!.body)).toBe(0));
    }
  });
});

/**
 * An entry without resources: the writer writes an empty data file (size 0, which ACExplorer reads
 * as holding nothing). Two empty sets would have a largest stored block of 0, which ACExplorer's
 * profiles (ac1, ac3, unity) take for a flagged set, so the writer's own data file would be refused.
 */
describe('an entry without resources', () => {
  const cases: [ForgeProfileName, number][] = [
    ['ac1', 25],
    ['ac2', 25],
    ['ac3', 26],
    ['unity', 27],
    ['wildlands', 27],
    ['steep', 27],
    ['origins-odyssey', 28],
  ];
  for (const [profile, version] of cases) {
    it(`${profile} at version ${version}: reads back with no resources, its data file empty`, async () => {
      const written: ForgeWriterEntry[] = [
        { id: 0x55n, name: 'empty', resourceType: 0, resources: [] },
        {
          id: 0x56n,
          name: 'one',
          resourceType: SKELETON,
          resources: [{ classHash: SKELETON, id: 9n, name: 'x', body: body(profile, 9, SKELETON, 3) }],
        },
      ];
      const bytes = writeForge({ profile, version, entries: written });
      const forge = await openForge(bytesSource(bytes), { profile });
      const file = await readDataFile(forge, forge.entries[0]!);
      expect([file.tocRecords, file.resources]).toEqual([[], []]);
      expect((await readDataFile(forge, forge.entries[1]!)).resources.map((r) => r.name)).toEqual(['x']);
    });
  }
});
