import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { forgeChecksum, openForge, readDataFile, type Forge } from '../../src/archive/forge.js';
import { ForgeProfileAmbiguity } from '../../src/archive/forge-open.js';
import { writeForge, type ForgeWriterEntry, type ForgeWriterOptions } from '../../src/archive/forge-writer.js';
import { blobSource, bytesSource } from '../../src/archive/source.js';
import { ParseError } from '../../src/io/errors.js';
import { lzoCompress, lzoPython, lzoSkipReason } from '../helpers/lzo-reference.js';
import { adler0 } from './forge-hand.js';

const SKELETON = 0x24aecb7c;

/** Little-endian byte assembly for hand-made archives (independent of the writer under test). */
class Hand {
  bytes: number[] = [];
  u8(...values: number[]): this {
    this.bytes.push(...values);
    return this;
  }
  u16(v: number): this {
    return this.u8(v & 0xff, (v >> 8) & 0xff);
  }
  u32(v: number): this {
    return this.u16(v & 0xffff).u16(v >>> 16);
  }
  i64(v: bigint): this {
    const u = BigInt.asUintN(64, v);
    return this.u32(Number(u & 0xffffffffn)).u32(Number(u >> 32n));
  }
  text(s: string, pad = s.length): this {
    return this.u8(...[...s].map((c) => c.charCodeAt(0)), ...new Array<number>(pad - s.length).fill(0));
  }
  zeros(n: number): this {
    return this.u8(...new Array<number>(n).fill(0));
  }
}

async function refusalOf(run: () => Promise<unknown>): Promise<ParseError> {
  try {
    await run();
  } catch (e) {
    if (e instanceof ParseError) return e;
    throw e;
  }
  throw new Error('expected a refusal');
}

describe('forgeChecksum', () => {
  it('is Adler-32 with both sums starting at 0', () => {
    // "abc": a = 97 + 98 + 99 = 294 (0x126); b = 97 + 195 + 294 = 586 (0x24A). zlib's Adler-32,
    // starting a at 1, gives the known 0x024D0127; ours is 0x024A0126.
    expect(forgeChecksum(new TextEncoder().encode('abc'))).toBe(0x024a0126);
    expect(forgeChecksum(new Uint8Array(0))).toBe(0);
    // 100,000 bytes of 0xFF: the sums wrap modulo 65521 many times; compare with the plain loop.
    const big = new Uint8Array(100_000).fill(0xff);
    expect(forgeChecksum(big)).toBe(adler0([...big]));
  });

  it('agrees with the plain loop at every length and byte value (property)', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 5000 }), (bytes) => forgeChecksum(bytes) === adler0([...bytes])),
      { numRuns: 300 },
    );
  });
});

describe('a hand-assembled version-27 archive', () => {
  // Header: "scimitar\0", version 27 (1B 00 00 00), data header offset D = 0x15 (i64).
  // Data header at 0x15 (44 bytes, v27): count 1 (+0), 24 kept bytes (+4), 5000 per block (+28),
  // 1 index block (+32), first index block F = 0x15 + 44 = 0x41 (+36).
  // Index block at 0x41 (48 bytes): n 1, kept 0, T = 0x71, next −1, first 0, last 0, M = 0x71 + 20 = 0x85, name table end 0x85 + 192 = 0x145.
  // Index table at 0x71 = F + 48 (20 bytes): data file offset X = 0x145, id, size.
  // Name table at 0x85 (192 bytes): size, 12 kept, type at +16, 20 kept, timestamp at +40, name at +44, 20 kept.
  // Data file at 0x145, exactly its size: the TOC set (stored), the resources set (one LZO1X block).
  // Sets of set version 2 with an i32 count and i32 size pairs: Wildlands' reading at set version 2
  // (WildlandsToolkit), and Blacksmith's (Steep, Origins and Odyssey), not ACExplorer's (u16 pairs).
  // The TOC record: u64 id, u32 size 21, u16 1, then one u16 0x7777: ACExplorer reads the u16 as a
  // count of words that follow; WildlandsToolkit as flags (the word then lies unread after the record).
  const tocData = new Hand().u16(1).i64(0x0102030405060708n).u32(21).u16(1).u16(0x7777).bytes; // 18 bytes
  // The record: class, body size 4, name length 4, "bone", flag 0, body DE AD BE EF: 21 bytes.
  const record = new Hand().u32(SKELETON).u32(4).u32(4).text('bone').u8(0).u8(0xde, 0xad, 0xbe, 0xef).bytes;
  // LZO1X: first byte 17 + 21 = 0x26 copies the 21 literals; 11 00 00 ends. 25 bytes ≠ 21: compressed.
  const lzo = [0x26, ...record, 0x11, 0x00, 0x00];
  const set = (data: number[], stored: number[]): number[] =>
    new Hand()
      .u8(0x33, 0xaa, 0xfb, 0x57, 0x99, 0xfa, 0x04, 0x10)
      .u16(2)
      .u8(0)
      .u16(data.length)
      .u16(stored.length)
      .u32(1)
      .u32(data.length)
      .u32(stored.length)
      .u32(adler0(stored))
      .u8(...stored).bytes;
  const dataFile = [...set(tocData, tocData), ...set(record, lzo)];
  const archive = new Hand()
    .text('scimitar\0')
    .u32(27)
    .i64(0x15n)
    .u32(1)
    .zeros(24)
    .u32(5000)
    .u32(1)
    .i64(0x41n)
    .u32(1)
    .u32(0)
    .i64(0x71n)
    .i64(-1n)
    .u32(0)
    .u32(0)
    .i64(0x85n)
    .i64(0x145n)
    .i64(0x145n)
    .i64(0x1122334455667788n)
    .u32(dataFile.length)
    .u32(dataFile.length)
    .zeros(12)
    .u32(SKELETON)
    .zeros(20)
    .u32(0x5f000000)
    .text('skel.data', 128)
    .zeros(20)
    .u8(...dataFile).bytes;

  it('reads the tables', async () => {
    const forge = await openForge(bytesSource(Uint8Array.from(archive)), { profile: 'wildlands' });
    expect(forge.version).toBe(27);
    expect(forge.dataHeaderOffset).toBe(0x15);
    expect(forge.declaredEntryCount).toBe(1);
    expect(forge.maxEntriesPerBlock).toBe(5000);
    expect(forge.declaredIndexBlockCount).toBe(1);
    expect(forge.indexBlocks).toEqual([
      {
        offset: 0x41,
        entryCount: 1,
        indexTableOffset: 0x71,
        nextOffset: -1,
        firstEntry: 0,
        lastEntry: 0,
        nameTableOffset: 0x85,
        nameTableEnd: 0x145,
      },
    ]);
    expect(forge.entries).toEqual([
      {
        number: 0,
        block: 0,
        slot: 0,
        offset: 0x145,
        dataOffset: 0x145,
        size: dataFile.length,
        id: 0x1122334455667788n,
        indexRecordOffset: 0x71,
        nameRecordOffset: 0x85,
        nameTableSize: dataFile.length,
        resourceType: SKELETON,
        timestamp: 0x5f000000,
        name: 'skel.data',
        bookkeeping: null,
      },
    ]);
    expect(forge.refusals).toEqual([]);
    expect(forge.findings).toEqual([]);
  });

  it('is read by the profiles whose sets have i32 pairs at set version 2, which read it alike', async () => {
    const forge = await openForge(bytesSource(Uint8Array.from(archive)));
    // Wildlands (WildlandsToolkit) and Blacksmith's two read every byte alike; the first in the
    // registry's order is used. ACExplorer's AC Unity reading (u16 pairs) stops at the size table.
    expect(forge.profile?.name).toBe('wildlands');
    expect(forge.profileChoice).toEqual({ how: 'detected', alike: ['steep', 'origins-odyssey'], probed: 1 });
  });

  it('reads the data file: the stored TOC, the LZO1X resources set, the record', async () => {
    const forge = await openForge(bytesSource(Uint8Array.from(archive)), { profile: 'wildlands' });
    const file = await readDataFile(forge, forge.entries[0]!);
    expect(file.toc).toMatchObject({ offset: 0x145, setVersion: 2, method: 0, flagged: false });
    // TOC set: 15-byte header + u32 count + one i32 pair = 27 bytes, then the checksum: data at 0x145 + 31.
    const stored = { kind: null, unknown: null };
    expect(file.toc!.blocks).toEqual([
      { uncompressedSize: 18, compressedSize: 18, dataOffset: 0x145 + 31, sizesOffset: 0x145 + 19, ...stored },
    ]);
    const second = 0x145 + 31 + 18;
    expect(file.resourcesSet!.blocks).toEqual([
      { uncompressedSize: 21, compressedSize: 25, dataOffset: second + 31, sizesOffset: second + 19, ...stored },
    ]);
    expect(file.resources).toHaveLength(1);
    const [r] = file.resources;
    // Wildlands' records start the second set: the record at 0 of it, which is 18 in the joined bytes.
    expect(r).toMatchObject({
      classHash: SKELETON,
      id: 0x0102030405060708n,
      tocSize: 21,
      name: 'bone',
      size: 4,
      recordOffset: 18,
      bodyOffset: 18 + 17,
    });
    expect([...r!.body]).toEqual([0xde, 0xad, 0xbe, 0xef]);
    // WildlandsToolkit's TOC record: the u16 after the size is flags (1), the word after it unread.
    expect(file.tocRecords).toEqual([{ id: 0x0102030405060708n, size: 21, rest: 1 }]);
    expect(file.tocEnd).toBe(16);
    // ACExplorer's: the u16 counts the words that follow.
    const counted = await readDataFile(forge, forge.entries[0]!, { tocRecord: 'u64-id-counted-words' });
    expect(counted.tocRecords).toEqual([{ id: 0x0102030405060708n, size: 21, rest: [0x7777] }]);
    expect(counted.tocEnd).toBe(18);
  });

  it("refuses a wrong magic and a version below 25, naming the offset; reads the tables of a later version as 27's", async () => {
    const badMagic = Uint8Array.from(archive);
    badMagic[3] = 0x41;
    expect(await refusalOf(() => openForge(bytesSource(badMagic)))).toMatchObject({ offset: 3, path: 'header.magic' });
    const badVersion = Uint8Array.from(archive);
    badVersion[9] = 24;
    expect(await refusalOf(() => openForge(bytesSource(badVersion)))).toMatchObject({ offset: 9, path: 'header.version' });
    // Version 28: the tables as version 27's; only Blacksmith's profiles read later versions.
    const later = Uint8Array.from(archive);
    later[9] = 28;
    const forge = await openForge(bytesSource(later));
    expect([forge.version, forge.entries.length, forge.profile?.name, forge.profileChoice.alike]).toEqual([
      28,
      1,
      'steep',
      ['origins-odyssey'],
    ]);
    // Named a profile that reads version 27 only, the data file is refused naming the version.
    const unity = await openForge(bytesSource(later), { profile: 'unity' });
    const e = await refusalOf(() => readDataFile(unity, unity.entries[0]!));
    expect(e).toMatchObject({ offset: 0x145, path: 'entries[0]' });
    expect(e.message).toMatch(/version 28/);
  });
});

describe('a hand-assembled version-25 archive', () => {
  // Header: "scimitar\0", version 25, D = 0x15. Data header (40 bytes, v25): count 1 (+0), 20 kept
  // bytes (+4), 5000 per block (+24), 1 index block (+28), F = 0x15 + 40 = 0x3D (+32).
  // Index block at 0x3D: n 1, kept, T = 0x3D + 48 = 0x6D, next −1, first 0, last 0, M = 0x6D + 16 = 0x7D, end M + 188 = 0x139.
  // Index table (16 bytes, v25): i64 offset X = 0x139, u32 id, i32 size (the bytes after the FILEDATA header).
  // Name table (188 bytes, v25): size, 12 kept, type at +16, 20 kept, timestamp at +40, name at +44, 16 kept.
  // At X: the 440-byte FILEDATA header ("FILEDATA", name 128, comment 255, i32 id, i32 size at +395,
  // u64 id, 24 kept, timestamp, 5 kept); the data file at X + 440 = 0x2F1: two sets of set version 1
  // with u16 counts and u16 pairs (AC1's framing) and nothing after them.
  const tocData = new Hand().u16(1).u32(0x99).u32(19).bytes; // AC1's TOC: count, u32 id, u32 size
  const record = new Hand().u32(0x0badf00d).u32(2).u32(4).text('name').u8(0).u8(0x12, 0x34).bytes; // 19 bytes
  const set = (data: number[]): number[] =>
    new Hand()
      .u8(0x33, 0xaa, 0xfb, 0x57, 0x99, 0xfa, 0x04, 0x10)
      .u16(1)
      .u8(1)
      .u16(data.length)
      .u16(data.length)
      .u16(1)
      .u16(data.length)
      .u16(data.length)
      .u32(adler0(data))
      .u8(...data).bytes;
  const sets = [...set(tocData), ...set(record)];
  const fileData = new Hand()
    .text('FILEDATA')
    .text('old.data', 128)
    .zeros(255)
    .u32(0xcafebabe)
    .u32(sets.length)
    .i64(0xcafebaben)
    .zeros(24)
    .u32(77)
    .zeros(5).bytes;
  const archive = new Hand()
    .text('scimitar\0')
    .u32(25)
    .i64(0x15n)
    .u32(1)
    .zeros(20)
    .u32(5000)
    .u32(1)
    .i64(0x3dn)
    .u32(1)
    .u32(0)
    .i64(0x6dn)
    .i64(-1n)
    .u32(0)
    .u32(0)
    .i64(0x7dn)
    .i64(0x139n)
    .i64(0x139n)
    .u32(0xcafebabe)
    .u32(sets.length)
    .u32(sets.length)
    .zeros(12)
    .u32(0x0badf00d)
    .zeros(20)
    .u32(77)
    .text('old.data', 128)
    .zeros(16)
    .u8(...fileData, ...sets).bytes;

  it('reads the tables and the data file', async () => {
    expect(fileData).toHaveLength(440);
    const forge = await openForge(bytesSource(Uint8Array.from(archive)));
    expect(forge.version).toBe(25);
    expect(forge.profile?.name).toBe('ac1');
    expect(forge.indexBlocks[0]).toMatchObject({ offset: 0x3d, indexTableOffset: 0x6d, nameTableOffset: 0x7d, nameTableEnd: 0x139 });
    expect(forge.entries).toEqual([
      {
        number: 0,
        block: 0,
        slot: 0,
        offset: 0x139,
        dataOffset: 0x139 + 440,
        size: sets.length,
        id: 0xcafebaben,
        indexRecordOffset: 0x6d,
        nameRecordOffset: 0x7d,
        nameTableSize: sets.length,
        resourceType: 0x0badf00d,
        timestamp: 77,
        name: 'old.data',
        bookkeeping: null,
      },
    ]);
    const file = await readDataFile(forge, forge.entries[0]!);
    expect(file.fileDataHeader).toMatchObject({ fileId: 0xcafebabe | 0, rawSize: sets.length, dataFileId: 0xcafebaben, timestamp: 77 });
    // After the 440 bytes: 15-byte set header, u16 count, one u16 pair, the checksum: data at +25.
    expect(file.toc).toMatchObject({ offset: 0x139 + 440, setVersion: 1, method: 1 });
    expect(file.toc!.blocks).toEqual([
      { uncompressedSize: 10, compressedSize: 10, dataOffset: 0x139 + 440 + 25, sizesOffset: 0x139 + 440 + 17, kind: null, unknown: null },
    ]);
    expect(file.resources.map((r) => [r.classHash, r.id, r.tocSize, r.name, r.size, r.bodyOffset, [...r.body]])).toEqual([
      [0x0badf00d, 0x99n, 19, 'name', 2, 10 + 17, [0x12, 0x34]],
    ]);
  });

  it('refuses bytes after the second set, inside the index size (ACExplorer refuses them)', async () => {
    const padded = Uint8Array.from([...archive, 0, 0, 0, 0]);
    const v = new DataView(padded.buffer);
    v.setInt32(0x6d + 12, sets.length + 4, true);
    const forge = await openForge(bytesSource(padded), { profile: 'ac1' });
    const e = await refusalOf(() => readDataFile(forge, forge.entries[0]!));
    expect(e).toMatchObject({ offset: 0x139 + 440 + sets.length, path: 'entries[0].end' });
    expect(e.message).toMatch(/4 bytes more/);
  });
});

// Bodies made in the test; their bytes are the expectation after reading back.
function entries(n: number, bodySize: (i: number, j: number) => number): ForgeWriterEntry[] {
  return Array.from({ length: n }, (_, i) => ({
    id: 0x1000n + BigInt(i),
    name: `file_${i}.data`,
    resourceType: i % 2 ? SKELETON : 0x12345678,
    timestamp: 1000 + i,
    resources: Array.from({ length: 1 + (i % 3) }, (_, j) => ({
      classHash: j === 0 ? SKELETON : 0xabcdef01 + j,
      id: 0x200n + BigInt(i * 10 + j),
      name: `res_${i}_${j}`,
      body: Uint8Array.from({ length: bodySize(i, j) }, (_, k) => (k * 31 + i * 7 + j) & 0xff),
    })),
  }));
}

async function expectReadsBack(bytes: Uint8Array, written: ForgeWriterEntry[], version: number): Promise<Forge> {
  const forge = await openForge(bytesSource(bytes));
  expect(forge.version).toBe(version);
  expect(forge.refusals).toEqual([]);
  expect(forge.entries.map((e) => [e.id, e.name, e.resourceType, e.timestamp])).toEqual(
    written.map((e) => [e.id, e.name, e.resourceType, e.timestamp]),
  );
  for (const [i, entry] of forge.entries.entries()) {
    const file = await readDataFile(forge, entry);
    const expected = written[i]!.resources;
    expect(file.resources.map((r) => [r.classHash, r.id, r.name, r.size])).toEqual(
      expected.map((r) => [r.classHash, r.id, r.name, r.body.length]),
    );
    file.resources.forEach((r, j) => expect(Buffer.compare(r.body, expected[j]!.body)).toBe(0));
  }
  return forge;
}

describe.each([25, 26, 27] as const)('writer-built version-%s archives read back', (version) => {
  it('with stored blocks, several blocks per set and a chain of index blocks', async () => {
    const written = entries(5, (i, j) => 10 + i * 40 + j * 3);
    const bytes = writeForge({ version, entries: written, maxEntriesPerBlock: 2, blockSize: 16 });
    const forge = await expectReadsBack(bytes, written, version);
    // Five entries, two per block: a chain of three blocks; the writer puts 0 and the block's entry
    // count in the two words WildlandsToolkit's writer fills so.
    expect(forge.indexBlocks.map((b) => [b.entryCount, b.firstEntry, b.lastEntry])).toEqual([
      [2, 0, 2],
      [2, 0, 2],
      [1, 0, 1],
    ]);
    expect(forge.declaredIndexBlockCount).toBe(3);
    expect(forge.findings).toEqual([]);
    expect(forge.indexBlocks.at(-1)!.nextOffset).toBe(-1);
  });

  it.skipIf(lzoPython === undefined)(`with blocks compressed by liblzo2 (skipped when ${lzoSkipReason})`, async () => {
    const written = entries(4, (i) => 3000 + i * 500);
    const compress = (block: Uint8Array): Uint8Array => lzoCompress([block], 1)[0]!;
    const bytes = writeForge({ version, entries: written, blockSize: 4096, compress });
    await expectReadsBack(bytes, written, version);
  });

  it('reads or refuses any single-byte change with a ParseError, never another exception', () => {
    const bytes = writeForge({ version, entries: entries(2, (i) => 20 + i), blockSize: 16, align: 16 });
    return fc.assert(
      fc.asyncProperty(fc.nat({ max: bytes.length - 1 }), fc.nat({ max: 255 }), async (at, value) => {
        const copy = Uint8Array.from(bytes);
        copy[at] = value;
        try {
          const forge = await openForge(bytesSource(copy));
          for (const entry of forge.entries)
            await readDataFile(forge, entry).catch((e: unknown) => {
              if (!(e instanceof ParseError)) throw e;
            });
        } catch (e) {
          // A changed byte may also make two profiles read the data files alike but differently.
          if (!(e instanceof ParseError) && !(e instanceof ForgeProfileAmbiguity)) throw e;
        }
      }),
      { numRuns: 400, seed: 3 },
    );
  });
});

describe('bounded reads', () => {
  it('opening under a named profile reads only the tables, detection the first data files, and a data file only its own bytes', async () => {
    const bytes = writeForge({ version: 27, entries: entries(6, () => 5000) });
    const reads: [number, number][] = [];
    const inner = bytesSource(bytes);
    const counting = {
      size: inner.size,
      read: (offset: number, length: number) => (reads.push([offset, length]), inner.read(offset, length)),
    };
    const forge = await openForge(counting, { profile: 'unity' });
    // Header 21 + data header 44 + one index block 48 + 6 index entries × 20 + 6 names × 192 = 1,385 bytes.
    expect(reads.reduce((sum, [, n]) => sum + n, 0)).toBe(1385);
    reads.length = 0;
    // Detection reads the tables again and the first four data files, each once, whole.
    const detected = await openForge(counting);
    expect(detected.profile?.name).toBe('unity');
    expect(reads.slice(5)).toEqual(detected.entries.slice(0, 4).map((e) => [e.offset, e.size]));
    reads.length = 0;
    const entry = forge.entries[1]!;
    await readDataFile(forge, entry);
    expect(reads).toEqual([[entry.offset, entry.size]]);
  });

  it('reads the same through a Blob as through bytes', async () => {
    const written = entries(2, (i) => 100 + i);
    const bytes = writeForge({ version: 25, entries: written });
    const forge = await openForge(blobSource(new Blob([bytes])));
    const file = await readDataFile(forge, forge.entries[1]!);
    expect(file.resources.map((r) => r.name)).toEqual(written[1]!.resources.map((r) => r.name));
    expect(Buffer.compare(file.resources[0]!.body, written[1]!.resources[0]!.body)).toBe(0);
  });

  it('refuses a version-25 entry whose FILEDATA header and size run past the archive, at the size', async () => {
    const bytes = writeForge({ version: 25, entries: entries(1, () => 4) });
    const v = new DataView(bytes.buffer);
    // v25: D at 0x0D, F at D + 32, T = F + 48; the entry's offset at T, its size at T + 12.
    const d = Number(v.getBigInt64(0x0d, true));
    const t = Number(v.getBigInt64(d + 32, true)) + 48;
    const x = Number(v.getBigInt64(t, true));
    // Fits without the header, not with it: the 440 bytes before the data file count.
    v.setInt32(t + 12, bytes.length - x - 100, true);
    const forge = await openForge(bytesSource(bytes), { profile: 'ac1' });
    expect(forge.refusals.map((r) => [r.offset, r.path])).toEqual([[t + 12, 'indexBlocks[0].entries[0].size']]);
    expect(forge.refusals[0]!.message).toMatch(/after the 440-byte header/);
  });
});

describe('hostile archives', () => {
  // Pointers found by the archive layout of docs/archives.md: D at 0x0D, F at D + 36 (v27), a block's T at +8,
  // next at +16, M at +32; an index entry's offset at T + 0; a v27 set's size table at +19.
  const view = (b: Uint8Array): DataView => new DataView(b.buffer, b.byteOffset, b.byteLength);
  const layout = (b: Uint8Array): { f: number; t: number; x: number } => {
    const v = view(b);
    const d = Number(v.getBigInt64(0x0d, true));
    const f = Number(v.getBigInt64(d + 36, true));
    const t = Number(v.getBigInt64(f + 8, true));
    return { f, t, x: Number(v.getBigInt64(t, true)) };
  };
  // Wildlands' framing at set version 2: i32 block counts and i32 size pairs.
  const options = (extra: Partial<ForgeWriterOptions> = {}): ForgeWriterOptions => ({
    profile: 'wildlands',
    setVersion: 2,
    version: 27,
    entries: entries(2, () => 12),
    align: 16,
    ...extra,
  });
  // Opened under the profile the archive was written in, so a changed byte cannot move detection.
  const open = (b: Uint8Array): Promise<Forge> => openForge(bytesSource(b), { profile: 'wildlands' });

  it('refuses a chain that loops, at the pointer that closes the loop, and keeps the blocks before', async () => {
    const bytes = writeForge(options({ maxEntriesPerBlock: 1 }));
    const { f } = layout(bytes);
    const second = Number(view(bytes).getBigInt64(f + 16, true));
    view(bytes).setBigInt64(second + 16, BigInt(f), true); // the second block points back to the first
    const forge = await open(bytes);
    expect(forge.refusals).toHaveLength(1);
    expect(forge.refusals[0]).toMatchObject({ offset: second + 16, path: 'indexBlocks[1].next' });
    expect(forge.refusals[0]!.message).toMatch(/loop/);
    // Both blocks were read before the loop closed: one entry each.
    expect(forge.entries.map((e) => e.name)).toEqual(['file_0.data', 'file_1.data']);
  });

  it('reads the index table at F + 48 whatever the stored pointer says, and reports the pointer', async () => {
    const bytes = writeForge(options());
    const { f } = layout(bytes);
    view(bytes).setBigInt64(f + 8, BigInt(bytes.length + 100), true);
    const forge = await open(bytes);
    expect(forge.refusals).toEqual([]);
    expect(forge.entries).toHaveLength(2);
    expect(forge.findings.map((x) => [x.offset, x.path])).toEqual([[f + 8, 'indexBlocks[0].indexTable']]);
    expect(forge.findings[0]!.message).toMatch(/WildlandsToolkit and Blacksmith read it/);
  });

  it('refuses a pointer past the end of the archive, at the pointer', async () => {
    const bytes = writeForge(options());
    const { f } = layout(bytes);
    view(bytes).setBigInt64(f + 32, BigInt(bytes.length + 100), true);
    const forge = await open(bytes);
    expect(forge.refusals.map((r) => [r.offset, r.path])).toEqual([[f + 32, 'indexBlocks[0].nameTable']]);
    expect(forge.entries).toEqual([]);
    const next = writeForge(options());
    view(next).setBigInt64(layout(next).f + 16, BigInt(next.length), true);
    const second = await open(next);
    expect(second.refusals.map((r) => [r.offset, r.path])).toEqual([[layout(next).f + 16, 'indexBlocks[0].next']]);
    // The block whose next pointer is bad was itself read.
    expect(second.entries).toHaveLength(2);
  });

  it('refuses a count larger than the bytes that would hold it', async () => {
    const bytes = writeForge(options());
    const { f } = layout(bytes);
    view(bytes).setInt32(f, 0x7fffffff, true);
    const forge = await open(bytes);
    expect(forge.refusals.map((r) => [r.offset, r.path])).toEqual([[f, 'indexBlocks[0].entryCount']]);
  });

  it('lists an entry whose data file lies past the end as refused, and reads the rest', async () => {
    const bytes = writeForge(options());
    const { t } = layout(bytes);
    view(bytes).setBigInt64(t, BigInt(bytes.length + 1), true);
    const forge = await open(bytes);
    expect(forge.refusals.map((r) => [r.offset, r.path])).toEqual([[t, 'indexBlocks[0].entries[0].offset']]);
    expect(forge.entries.map((e) => e.name)).toEqual(['file_1.data']);
  });

  it('refuses a wrong checksum at the checksum', async () => {
    const bytes = writeForge(options());
    const { x } = layout(bytes);
    // TOC set of one block: header 15 + count 4 + pair 8 = 27, checksum at X + 27, data from X + 31.
    bytes[x + 31] ^= 1;
    const forge = await open(bytes);
    expect(await refusalOf(() => readDataFile(forge, forge.entries[0]!))).toMatchObject({
      offset: x + 27,
      path: 'entries[0].toc.blocks[0].checksum',
    });
  });

  // A one-block TOC "compressed" as an LZO1X literal run (first byte 17 + n, n literals, 11 00 00),
  // a valid stream of n + 4 bytes made by hand; then its declared size is changed.
  const literalRun = (block: Uint8Array): Uint8Array => Uint8Array.from([17 + block.length, ...block, 0x11, 0x00, 0x00]);

  it.each([
    [+1, 'fewer bytes than declared', /end marker after/],
    [-1, 'more bytes than declared', /declared/],
  ])('refuses a block that decompresses to %s (%s), in the block', async (delta, _, message) => {
    const bytes = writeForge(options({ compress: literalRun }));
    const { x } = layout(bytes);
    const v = view(bytes);
    const size = v.getInt32(x + 19, true); // the TOC block's uncompressed size
    v.setInt32(x + 19, size + delta, true);
    const forge = await open(bytes);
    const e = await refusalOf(() => readDataFile(forge, forge.entries[0]!));
    expect(e.path).toBe('entries[0].toc.blocks[0]');
    // The stream's bytes start at X + 31; the refusal lies inside them.
    expect(e.offset).toBeGreaterThanOrEqual(x + 31);
    expect(e.offset).toBeLessThanOrEqual(x + 31 + v.getInt32(x + 23, true));
    expect(e.message).toMatch(message);
  });

  it('refuses a declared size beyond what LZO1X can expand to before allocating it', async () => {
    const bytes = writeForge(options({ compress: literalRun }));
    const { x } = layout(bytes);
    view(bytes).setInt32(x + 19, 0x7fffffff, true);
    const forge = await open(bytes);
    expect(await refusalOf(() => readDataFile(forge, forge.entries[0]!))).toMatchObject({
      offset: x + 19,
      path: 'entries[0].toc.blocks[0].uncompressedSize',
    });
  });

  it.each([
    [7, /method 7 \(Oodle\), which is proprietary/],
    [8, /method 8 \(Oodle\), which is proprietary/],
    [3, /method 3, which the wildlands profile does not name/],
    [6, /method 6, which the wildlands profile does not name/],
  ])('refuses compressed blocks of method %s (Oodle, or one the profile does not name), naming it', async (method, name) => {
    const bytes = writeForge(options({ compress: literalRun, method }));
    const { x } = layout(bytes);
    const forge = await open(bytes);
    const e = await refusalOf(() => readDataFile(forge, forge.entries[0]!));
    expect(e).toMatchObject({ offset: x + 10, path: 'entries[0].toc.method' });
    expect(e.message).toMatch(name);
  });

  it('refuses a resource record longer than its set, naming the resource', async () => {
    const bytes = writeForge(options());
    const { x } = layout(bytes);
    const v = view(bytes);
    // TOC set: 31 bytes of header, size table and checksum, then the TOC data (its stored size at X + 23).
    const r = x + 31 + v.getInt32(x + 23, true);
    // Resources set at R: its one stored block's data at R + 31: the record's body size at +4.
    v.setUint32(r + 31 + 4, 1000, true);
    const data = bytes.subarray(r + 31, r + 31 + v.getInt32(r + 23, true));
    v.setUint32(r + 27, adler0([...data]), true); // a matching checksum, so the record itself is refused
    const forge = await open(bytes);
    const e = await refusalOf(() => readDataFile(forge, forge.entries[0]!));
    expect(e.path).toBe('entries[0].resources[0].size');
    // Stored block: exact offset of the body, after the 12-byte header, the name "res_0_0" and the flag.
    expect(e.offset).toBe(r + 31 + 12 + 7 + 1);
  });
  // A one-block v27 set at S: count at S + 15, sizes at S + 19 and S + 23, checksum at S + 27, data from S + 31.
  // Patches a stored block's data and puts back a matching checksum, so the content itself is refused.
  const patchStored = (bytes: Uint8Array, set: number, patch: (data: DataView) => void): void => {
    const v = view(bytes);
    const data = bytes.subarray(set + 31, set + 31 + v.getInt32(set + 23, true));
    patch(view(data));
    v.setUint32(set + 27, adler0([...data]), true);
  };
  const resourcesSetOf = (bytes: Uint8Array, x: number): number => x + 31 + view(bytes).getInt32(x + 23, true);
  const readFirst = async (bytes: Uint8Array): Promise<ParseError> => {
    const forge = await open(bytes);
    return refusalOf(() => readDataFile(forge, forge.entries[0]!));
  };

  it('refuses a record flag other than 0 and 1, naming the resource', async () => {
    const bytes = writeForge(options());
    const r = resourcesSetOf(bytes, layout(bytes).x);
    // The record: 12-byte header, the name "res_0_0" (7 bytes), then the flag.
    patchStored(bytes, r, (d) => d.setUint8(19, 2));
    const e = await readFirst(bytes);
    expect(e).toMatchObject({ offset: r + 31 + 19, path: 'entries[0].resources[0].subHeader' });
    expect(e.message).toMatch(/a record flag 0 or 1, got 2/);
  });

  it('refuses a TOC count larger than the TOC holds', async () => {
    const bytes = writeForge(options());
    const { x } = layout(bytes);
    patchStored(bytes, x, (d) => d.setUint16(0, 0xffff, true));
    expect(await readFirst(bytes)).toMatchObject({ offset: x + 31, path: 'entries[0].toc.records' });
  });

  it('refuses a block count larger than the set holds, and a wrong set magic', async () => {
    const bytes = writeForge(options());
    const { x } = layout(bytes);
    view(bytes).setUint32(x + 15, 0x10000000, true);
    expect(await readFirst(bytes)).toMatchObject({ offset: x + 15, path: 'entries[0].toc.blockCount' });
    const magic = writeForge(options());
    magic[layout(magic).x + 2] ^= 1;
    expect(await readFirst(magic)).toMatchObject({ offset: layout(magic).x + 2, path: 'entries[0].toc.magic' });
  });
});
