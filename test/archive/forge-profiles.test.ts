/**
 * Each archive profile on an archive assembled by hand (test/archive/forge-profile-fixtures.ts, every
 * offset worked out there): which profile detection chooses and which it finds alike, the tables,
 * every data file's sets, blocks and resources at the offsets the hand worked out, the FILEDATA
 * header of versions 25 and 26, bookkeeping entries, flagged sets, flag-1 records, the two TOC
 * readings, and what the tables report without refusing.
 */
import { describe, expect, it } from 'vitest';
import { openForge, readDataFile, type Forge, type ForgeDataFile } from '../../src/archive/forge.js';
import { ForgeProfileAmbiguity, type OpenForgeOptions } from '../../src/archive/forge-open.js';
import { bytesSource } from '../../src/archive/source.js';
import { ParseError } from '../../src/io/errors.js';
import { liblzo2Compress, liblzo2Python, liblzo2SkipReason } from '../helpers/liblzo2-reference.js';
import { zstdCli, zstdCompress, zstdDecompress, zstdSkipReason } from '../helpers/zstd-reference.js';
import {
  ac1Fixture,
  ac2Fixture,
  ac3Fixture,
  ambiguousFixture,
  flaggedLzoFixture,
  idClass,
  managedIdClass,
  MESH,
  originsFixture,
  originsRecord,
  record,
  SKELETON,
  steepFixture,
  u32IdClass,
  unityFixture,
  wildlandsFixture,
  ZSTD_RLE_CONTENT,
  ZSTD_RLE_FRAME,
  type ProfileFixture,
} from './forge-profile-fixtures.js';

const open = (f: ProfileFixture, options: OpenForgeOptions = {}): Promise<Forge> => openForge(bytesSource(f.bytes), options);

async function refusalOf(run: () => Promise<unknown>): Promise<ParseError> {
  try {
    await run();
  } catch (e) {
    if (e instanceof ParseError) return e;
    throw e;
  }
  throw new Error('expected a refusal');
}

/** The `n` archive bytes at `offset`. */
const at = (f: ProfileFixture, offset: number, n: number): number[] => [...f.bytes.subarray(offset, offset + n)];
const bytesOf = (r: { body: Uint8Array }): number[] => [...r.body];

/** The choice detection makes, in one value. */
async function detected(f: ProfileFixture): Promise<{ profile: string | undefined; alike: string[]; how: string; probed: number }> {
  const forge = await open(f);
  return {
    profile: forge.profile?.name,
    alike: forge.profileChoice.alike,
    how: forge.profileChoice.how,
    probed: forge.profileChoice.probed,
  };
}

/** The entries as the hand laid them out, against what the reader lists. */
function expectEntries(forge: Forge, f: ProfileFixture): void {
  expect(
    forge.entries.map((e) => ({
      offset: e.offset,
      dataOffset: e.dataOffset,
      size: e.size,
      id: e.id,
      name: e.name,
      type: e.resourceType,
      timestamp: e.timestamp,
      bookkeeping: e.bookkeeping?.name ?? null,
    })),
  ).toEqual(f.entries);
  // The name table's size field holds the index size again in every fixture.
  expect(forge.entries.map((e) => e.nameTableSize)).toEqual(f.entries.map((e) => e.size));
  expect(forge.refusals).toEqual([]);
  expect(forge.findings).toEqual([]);
}

/** Bookkeeping entries are listed, named, and refused as data files at their first byte. */
async function expectBookkeepingRefused(forge: Forge, names: Record<number, string>): Promise<void> {
  const kept = forge.entries.filter((e) => e.bookkeeping !== null);
  expect(Object.fromEntries(kept.map((e) => [e.number, e.bookkeeping!.name]))).toEqual(names);
  for (const e of kept) {
    const refusal = await refusalOf(() => readDataFile(forge, e));
    expect(refusal).toMatchObject({ offset: e.dataOffset, path: `entries[${e.number}]` });
    expect(refusal.message).toContain(`bookkeeping entry ${e.bookkeeping!.name}`);
  }
}

/** A set as the tests compare it: where it lies, its framing, its blocks. */
const setOf = (s: ForgeDataFile['toc']) =>
  s === null
    ? null
    : {
        offset: s.offset,
        setVersion: s.setVersion,
        method: s.method,
        flagged: s.flagged,
        blocks: s.blocks.map((b) => [b.uncompressedSize, b.compressedSize, b.dataOffset, b.sizesOffset, b.kind]),
        stream: [s.streamOffset, s.streamLength],
        end: s.end,
      };
const resourcesOf = (file: ForgeDataFile) =>
  file.resources.map((r) => ({
    classHash: r.classHash,
    id: r.id,
    tocSize: r.tocSize,
    name: r.name,
    size: r.size,
    at: [r.recordOffset, r.bodyOffset],
  }));

describe('ac1 at version 25', () => {
  const f = ac1Fixture();

  it('is detected as ac1 alone: ac2 and ac3 read a u32 count before the first set, here the set magic', async () => {
    // ac2 and ac3 take 33 AA FB 57 for n (n × 8 or n bytes, past the data file): neither fits.
    // The bookkeeping entries 16 and 145 are never probed: two data files are.
    expect(await detected(f)).toEqual({ profile: 'ac1', alike: [], how: 'detected', probed: 2 });
  });

  it('reads the tables: the v25 data header, a chain of two index blocks, 16-byte index and 188-byte name entries', async () => {
    const forge = await open(f, { profile: 'ac1' });
    expect([
      forge.version,
      forge.dataHeaderOffset,
      forge.declaredEntryCount,
      forge.maxEntriesPerBlock,
      forge.declaredIndexBlockCount,
    ]).toEqual([25, 0x15, 4, 2, 2]);
    expect(forge.dataHeader.firstIndexBlock).toBe(0x3d);
    expect(forge.indexBlocks).toEqual([
      {
        offset: 0x3d,
        entryCount: 2,
        indexTableOffset: 0x6d,
        nextOffset: 0x205,
        firstEntry: 0,
        lastEntry: 1,
        nameTableOffset: 0x8d,
        nameTableEnd: 0x205,
      },
      {
        offset: 0x205,
        entryCount: 2,
        indexTableOffset: 0x235,
        nextOffset: -1,
        firstEntry: 2,
        lastEntry: 3,
        nameTableOffset: 0x255,
        nameTableEnd: 0x3cd,
      },
    ]);
    expectEntries(forge, f);
    // Entry 1 in full: slot 1 of block 0, its index record at T0 + 16, its name record at M0 + 188.
    expect(forge.entries[1]).toEqual({
      number: 1,
      block: 0,
      slot: 1,
      offset: 0x58d,
      dataOffset: 0x745,
      size: 148,
      id: 0x1001n,
      indexRecordOffset: 0x7d,
      nameRecordOffset: 0x149,
      nameTableSize: 148,
      resourceType: SKELETON,
      timestamp: 101,
      name: 'ac1_framed',
      bookkeeping: null,
    });
    expect(forge.entries.map((e) => [e.indexRecordOffset, e.nameRecordOffset])).toEqual([
      [0x6d, 0x8d],
      [0x7d, 0x149],
      [0x235, 0x255],
      [0x245, 0x311],
    ]);
  });

  it('points each index offset at a 440-byte FILEDATA header the size does not count', async () => {
    const forge = await open(f, { profile: 'ac1' });
    for (const e of forge.entries) {
      expect(String.fromCharCode(...at(f, e.offset, 8))).toBe('FILEDATA');
      expect(new DataView(f.bytes.buffer).getInt32(e.offset + 395, true)).toBe(e.size);
    }
    const file = await readDataFile(forge, forge.entries[1]!);
    expect(file.fileDataHeader).toMatchObject({ fileId: 0x1001, rawSize: 148, dataFileId: 0x1001n, timestamp: 101 });
    expect(new TextDecoder().decode(file.fileDataHeader!.name).replace(/\0+$/, '')).toBe('ac1_framed');
    // The sets start right after the header, and the size ends at the padding before entry 2.
    expect(file.toc!.offset).toBe(0x58d + 440);
    expect(file.resourcesSet!.end).toBe(0x745 + 148);
    expect(at(f, 0x7d9, 7)).toEqual([0, 0, 0, 0, 0, 0, 0]);
  });

  it('reads a framed data file: a stored TOC set, a resources set of two stored blocks, a flag-1 record', async () => {
    const forge = await open(f, { profile: 'ac1' });
    const file = await readDataFile(forge, forge.entries[1]!);
    expect(file.preamble).toBeNull();
    expect(setOf(file.toc)).toEqual({
      offset: 0x745,
      setVersion: 1,
      method: 1,
      flagged: false,
      blocks: [[18, 18, 0x75e, 0x756, null]],
      stream: [0, 18],
      end: 0x770,
    });
    expect(setOf(file.resourcesSet)).toEqual({
      offset: 0x770,
      setVersion: 1,
      method: 1,
      flagged: false,
      blocks: [
        [40, 40, 0x78d, 0x781, null],
        [32, 32, 0x7b9, 0x785, null],
      ],
      stream: [18, 72],
      end: 0x7d9,
    });
    expect(file.tocRecords).toEqual([
      { id: 0xa1n, size: 30, rest: null },
      { id: 0xa2n, size: 42, rest: null },
    ]);
    expect(resourcesOf(file)).toEqual([
      { classHash: SKELETON, id: 0xa1n, tocSize: 30, name: 'Rider', size: 12, at: [18, 36] },
      { classHash: MESH, id: 0xa2n, tocSize: 42, name: 'Mesh', size: 6, at: [48, 84] },
    ]);
    const [rider, mesh] = file.resources;
    // The bodies are the stored bytes at the offsets worked out: "Rider" at 0x79F, "Mesh" at 0x7D3.
    expect(bytesOf(rider!)).toEqual(at(f, 0x79f, 12));
    expect(bytesOf(rider!).slice(0, 8)).toEqual(u32IdClass(0xa1, SKELETON, 0));
    expect(bytesOf(mesh!)).toEqual(at(f, 0x7d3, 6));
    // Flag 1: the 3 bytes at 0x7C0, n = 1 at 0x7C3, the 12-byte entry at 0x7C7, before the body.
    expect(rider!.subHeader).toEqual({ flag: 0, extra: null });
    expect(mesh!.subHeader.flag).toBe(1);
    expect([...mesh!.subHeader.extra!.head]).toEqual([0x0a, 0x0b, 0x0c]);
    expect(mesh!.subHeader.extra!.entries.map((e) => [...e])).toEqual([at(f, 0x7c7, 12)]);
    expect(file.recordsEnd).toBe(90);
  });

  it('reads a flagged set to the data file end: 00 + u16 size + stored bytes, 01 + three u32 + LZO1X bytes', async () => {
    const forge = await open(f, { profile: 'ac1' });
    const file = await readDataFile(forge, forge.entries[3]!);
    expect(file.resourcesSet).toBeNull();
    expect(file.toc).toMatchObject({ largestUncompressed: 23, largestCompressed: 0 });
    expect(setOf(file.toc)).toEqual({
      offset: 0xb5c,
      setVersion: 1,
      method: 1,
      flagged: true,
      blocks: [
        [20, 20, 0xb6e, 0xb6c, 0],
        [23, 27, 0xb8f, 0xb83, 1],
      ],
      stream: [0, 43],
      end: 0xbaa,
    });
    expect(file.toc!.blocks[1]!.unknown).toBe(0x5a5a5a5a);
    expect(resourcesOf(file)).toEqual([{ classHash: SKELETON, id: 0xb1n, tocSize: 33, name: 'Flag', size: 16, at: [10, 27] }]);
    // The literal run copies its bytes verbatim: stream byte 20 is archive 0xB90, so the body (stream 27..43) is 0xB97..0xBA7.
    expect(bytesOf(file.resources[0]!)).toEqual(at(f, 0xb97, 16));
  });

  it('lists the bookkeeping entries 16 and 145 and never reads them as data files', async () => {
    await expectBookkeepingRefused(await open(f, { profile: 'ac1' }), { 0: 'GlobalMetaFile', 2: 'PrefetchingFileInfos' });
  });

  it('reports a data header whose index-block count disagrees with the chain, at D + 28, and reads the chain', async () => {
    const bytes = Uint8Array.from(f.bytes);
    bytes[0x31] = 3;
    const forge = await openForge(bytesSource(bytes), { profile: 'ac1' });
    expect(forge.findings.map((x) => [x.offset, x.path])).toEqual([[0x31, 'dataHeader.indexBlockCount']]);
    expect(forge.findings[0]!.message).toMatch(/counts 3 index block\(s\), the chain holds 2/);
    expect(forge.refusals).toEqual([]);
    expect(forge.entries).toHaveLength(4);
  });

  it('reports an index table stored elsewhere than F + 48, at the pointer, and reads it at F + 48', async () => {
    const bytes = Uint8Array.from(f.bytes);
    new DataView(bytes.buffer).setBigInt64(0x205 + 8, 0x900n, true); // T1 of the second block
    const forge = await openForge(bytesSource(bytes), { profile: 'ac1' });
    expect(forge.findings.map((x) => [x.offset, x.path])).toEqual([[0x20d, 'indexBlocks[1].indexTable']]);
    expect(forge.indexBlocks[1]!.indexTableOffset).toBe(0x900);
    expect(forge.refusals).toEqual([]);
    expect(forge.entries.map((e) => e.offset)).toEqual(f.entries.map((e) => e.offset));
  });
});

describe.each([25, 26] as const)('ac2 at version %s', (version) => {
  const f = ac2Fixture(version);
  const v26 = version === 26 ? 7 : 0;

  it('is detected as ac2 alone: ac3 reads the preamble as 1 byte, ac1 finds no set magic at its start', async () => {
    // The preamble u32 1 + one 8-byte item: ac3 reads u32 1 and one byte, then expects the magic at
    // +5, inside the item; ac1 expects the magic at +0, where 01 00 00 00 is.
    expect(await detected(f)).toEqual({ profile: 'ac2', alike: [], how: 'detected', probed: 1 });
  });

  it('reads the tables', async () => {
    const forge = await open(f, { profile: 'ac2' });
    expect([forge.version, forge.declaredEntryCount, forge.maxEntriesPerBlock, forge.declaredIndexBlockCount]).toEqual([
      version,
      3,
      5000,
      1,
    ]);
    expect(forge.indexBlocks).toEqual([
      {
        offset: 0x3d,
        entryCount: 3,
        indexTableOffset: 0x6d,
        nextOffset: -1,
        firstEntry: 0,
        lastEntry: 2,
        nameTableOffset: 0x9d,
        nameTableEnd: 0x2d1,
      },
    ]);
    expectEntries(forge, f);
    expect(forge.entries.map((e) => [e.indexRecordOffset, e.nameRecordOffset])).toEqual([
      [0x6d, 0x9d],
      [0x7d, 0x159],
      [0x8d, 0x215],
    ]);
  });

  it(`reads the preamble, the 10-byte TOC records${version === 26 ? ', the bytes after the TOC' : ''} and the bytes before the records`, async () => {
    const forge = await open(f, { profile: 'ac2' });
    const file = await readDataFile(forge, forge.entries[1]!);
    expect(String.fromCharCode(...at(f, 0x491, 8))).toBe('FILEDATA');
    expect(file.fileDataHeader!.rawSize).toBe(107 + v26);
    expect((file.preamble as Uint8Array[]).map((item) => [...item])).toEqual([at(f, 0x64d, 8)]);
    expect(setOf(file.toc)).toEqual({
      offset: 0x655,
      setVersion: 1,
      method: 0,
      flagged: false,
      blocks: [[12 + v26, 12 + v26, 0x66e, 0x666, null]],
      stream: [0, 12 + v26],
      end: 0x67a + v26,
    });
    expect(setOf(file.resourcesSet)).toEqual({
      offset: 0x67a + v26,
      setVersion: 1,
      method: 0,
      flagged: false,
      blocks: [[33, 33, 0x693 + v26, 0x68b + v26, null]],
      stream: [12 + v26, 33],
      end: 0x6b4 + v26,
    });
    expect(file.tocRecords).toEqual([{ id: 0xc1n, size: 27, rest: 7 }]);
    expect(file.afterToc === null ? null : [...file.afterToc]).toEqual(version === 26 ? [0x31, 0x32, 0x33] : null);
    expect([...file.beforeRecords!]).toEqual([0xee, 0xff]);
    expect(resourcesOf(file)).toEqual([{ classHash: SKELETON, id: 0xc1n, tocSize: 27, name: 'Ezio', size: 10, at: [18 + v26, 35 + v26] }]);
    expect(bytesOf(file.resources[0]!)).toEqual(at(f, 0x6aa + v26, 10));
  });

  it('lists the bookkeeping entries', async () => {
    await expectBookkeepingRefused(await open(f, { profile: 'ac2' }), { 0: 'GlobalMetaFile', 2: 'PrefetchingFileInfos' });
  });
});

describe('ac3 at version 26', () => {
  const f = ac3Fixture();

  it('is detected as ac3 alone: ac2 reads the preamble as 3 × 8 bytes, ac1 finds no set magic at its start', async () => {
    expect(await detected(f)).toEqual({ profile: 'ac3', alike: [], how: 'detected', probed: 1 });
  });

  it('reads the tables, the preamble, a TOC record with k = 1 word and the bytes after the TOC', async () => {
    const forge = await open(f, { profile: 'ac3' });
    expect([forge.version, forge.declaredEntryCount, forge.declaredIndexBlockCount]).toEqual([26, 3, 1]);
    expectEntries(forge, f);
    const file = await readDataFile(forge, forge.entries[0]!);
    expect(file.fileDataHeader!.rawSize).toBe(107);
    expect([...(file.preamble as Uint8Array)]).toEqual([0x51, 0x52, 0x53]);
    expect(setOf(file.toc)).toEqual({
      offset: 0x490,
      setVersion: 1,
      method: 2,
      flagged: false,
      blocks: [[23, 23, 0x4a9, 0x4a1, null]],
      stream: [0, 23],
      end: 0x4c0,
    });
    expect(setOf(file.resourcesSet)).toEqual({
      offset: 0x4c0,
      setVersion: 1,
      method: 2,
      flagged: false,
      blocks: [[27, 27, 0x4d9, 0x4d1, null]],
      stream: [23, 27],
      end: 0x4f4,
    });
    expect(file.tocRecords).toEqual([{ id: 0xd1n, size: 27, rest: [0xbeef] }]);
    expect([...file.afterToc!]).toEqual([0x77]);
    expect(file.beforeRecords).toBeNull();
    expect(resourcesOf(file)).toEqual([{ classHash: SKELETON, id: 0xd1n, tocSize: 27, name: 'Connor', size: 8, at: [23, 42] }]);
    expect(bytesOf(file.resources[0]!)).toEqual(at(f, 0x4ec, 8));
  });

  it('lists the bookkeeping entries', async () => {
    await expectBookkeepingRefused(await open(f, { profile: 'ac3' }), { 1: 'GlobalMetaFile', 2: 'PrefetchingFileInfos' });
  });
});

describe('unity at version 27', () => {
  const f = unityFixture();

  it('is detected as unity alone', async () => {
    // wildlands refuses entry 0 (its fixed 14-byte records take the words 1111 2222 into the second
    // record, whose size 0 is not its record's) and entry 2 (a flagged set, read as framed: a block
    // count of 0x1800); steep and origins-odyssey read the u16 pairs as i32 ones. unity reads all three.
    expect(await detected(f)).toEqual({ profile: 'unity', alike: [], how: 'detected', probed: 3 });
  });

  it('reads the tables: the v27 data header, two index blocks of 2 and 3, 20-byte index and 192-byte name entries', async () => {
    const forge = await open(f, { profile: 'unity' });
    expect([forge.version, forge.declaredEntryCount, forge.maxEntriesPerBlock, forge.declaredIndexBlockCount]).toEqual([27, 5, 3, 2]);
    expect(forge.dataHeader.firstIndexBlock).toBe(0x41);
    expect(forge.indexBlocks).toEqual([
      {
        offset: 0x41,
        entryCount: 2,
        indexTableOffset: 0x71,
        nextOffset: 0x219,
        firstEntry: 0,
        lastEntry: 1,
        nameTableOffset: 0x99,
        nameTableEnd: 0x219,
      },
      {
        offset: 0x219,
        entryCount: 3,
        indexTableOffset: 0x249,
        nextOffset: -1,
        firstEntry: 2,
        lastEntry: 4,
        nameTableOffset: 0x285,
        nameTableEnd: 0x4c5,
      },
    ]);
    expectEntries(forge, f);
    expect(forge.entries.map((e) => [e.block, e.slot, e.indexRecordOffset, e.nameRecordOffset])).toEqual([
      [0, 0, 0x71, 0x99],
      [0, 1, 0x85, 0x159],
      [1, 0, 0x249, 0x285],
      [1, 1, 0x25d, 0x345],
      [1, 2, 0x271, 0x405],
    ]);
  });

  it('reads TOC records with k words (ACExplorer), u32 block counts and u16 pairs', async () => {
    const forge = await open(f, { profile: 'unity' });
    const file = await readDataFile(forge, forge.entries[0]!);
    expect(setOf(file.toc)).toEqual({
      offset: 0x4c5,
      setVersion: 1,
      method: 1,
      flagged: false,
      blocks: [[34, 34, 0x4e0, 0x4d8, null]],
      stream: [0, 34],
      end: 0x502,
    });
    expect(setOf(file.resourcesSet)).toEqual({
      offset: 0x502,
      setVersion: 1,
      method: 1,
      flagged: false,
      blocks: [[65, 65, 0x51d, 0x515, null]],
      stream: [34, 65],
      end: 0x55e,
    });
    expect(file.tocRecords).toEqual([
      { id: 0xe1n, size: 33, rest: [0x1111, 0x2222] },
      { id: 0xe2n, size: 32, rest: [] },
    ]);
    expect(resourcesOf(file)).toEqual([
      { classHash: SKELETON, id: 0xe1n, tocSize: 33, name: 'Arno', size: 16, at: [34, 51] },
      { classHash: MESH, id: 0xe2n, tocSize: 32, name: 'Cape', size: 15, at: [67, 84] },
    ]);
    expect(bytesOf(file.resources[0]!)).toEqual(at(f, 0x52e, 16));
    expect(bytesOf(file.resources[0]!).slice(0, 13)).toEqual(managedIdClass(0xe1, SKELETON, 0));
    expect(bytesOf(file.resources[1]!)).toEqual(at(f, 0x54f, 15));
  });

  it('refuses the same bytes read with fixed 14-byte TOC records (u64-id-flags), and wildlands reads them otherwise', async () => {
    // With 14-byte records the TOC ends at stream 30 (the second record's id takes the two words);
    // a record is read there: class 0 (stream 30..34), then the body size is "Arno"'s class word
    // 0x24AECB7C, far past the stream: refused at the body it announces, stream 59 = 0x51D + 25.
    const flags = await open(f, { profile: 'unity', tocRecord: 'u64-id-flags' });
    const e = await refusalOf(() => readDataFile(flags, flags.entries[0]!));
    expect(e).toMatchObject({ offset: 0x536, path: 'entries[0].resources[0].size' });
    // Named as the choice of readDataFile, the same.
    const unity = await open(f, { profile: 'unity' });
    expect(await refusalOf(() => readDataFile(unity, unity.entries[0]!, { tocRecord: 'u64-id-flags' }))).toMatchObject({ offset: 0x536 });
    // WildlandsToolkit's reading starts the records at the second set and delimits them by the TOC:
    // "Arno" fits its 33 bytes, the second TOC record (id 0xE2_22221111, size 0) does not fit "Cape"
    // at stream 67 = 0x51D + 33.
    const wildlands = await open(f, { profile: 'wildlands' });
    expect(await refusalOf(() => readDataFile(wildlands, wildlands.entries[0]!))).toMatchObject({
      offset: 0x53e,
      path: 'entries[0].resources[1].tocSize',
    });
    // A TOC reading the profile does not offer is an Error, not a refusal of the bytes.
    await expect(open(f, { profile: 'unity', tocRecord: 'u32-id' })).rejects.toThrow(/reads TOC records as/);
  });

  it('reads a flagged set to the data file end: 00 + u32 size + stored bytes, 01 + three u32 + LZO1X bytes', async () => {
    const forge = await open(f, { profile: 'unity' });
    const file = await readDataFile(forge, forge.entries[2]!);
    expect(file.resourcesSet).toBeNull();
    expect(setOf(file.toc)).toEqual({
      offset: 0x566,
      setVersion: 1,
      method: 1,
      flagged: true,
      blocks: [
        [24, 24, 0x57a, 0x576, 0],
        [29, 33, 0x59f, 0x593, 1],
      ],
      stream: [0, 53],
      end: 0x5c0,
    });
    expect(file.toc!.blocks[1]!.unknown).toBe(0x01020304);
    expect(resourcesOf(file)).toEqual([{ classHash: SKELETON, id: 0xf1n, tocSize: 37, name: 'Elise', size: 19, at: [16, 34] }]);
    // Stream byte 24 is the literal run's first literal, 0x5A0: the body (stream 34..53) is 0x5AA..0x5BD.
    expect(bytesOf(file.resources[0]!)).toEqual(at(f, 0x5aa, 19));
  });

  it('reads a flag-1 record: 3 bytes, u32 n = 2, 2 × 12 bytes, then the body', async () => {
    const forge = await open(f, { profile: 'unity' });
    const file = await readDataFile(forge, forge.entries[4]!);
    expect(setOf(file.resourcesSet)).toEqual({
      offset: 0x5f7,
      setVersion: 1,
      method: 1,
      flagged: false,
      blocks: [[62, 62, 0x612, 0x60a, null]],
      stream: [16, 62],
      end: 0x650,
    });
    expect(resourcesOf(file)).toEqual([{ classHash: SKELETON, id: 0x101n, tocSize: 62, name: 'Bone', size: 14, at: [16, 64] }]);
    const [bone] = file.resources;
    expect(bone!.subHeader.flag).toBe(1);
    expect([...bone!.subHeader.extra!.head]).toEqual([1, 2, 3]);
    expect(bone!.subHeader.extra!.entries.map((e) => [...e])).toEqual([at(f, 0x62a, 12), at(f, 0x636, 12)]);
    expect(bytesOf(bone!)).toEqual(at(f, 0x642, 14));
  });

  it('lists the bookkeeping entries', async () => {
    await expectBookkeepingRefused(await open(f, { profile: 'unity' }), { 1: 'GlobalMetaFile', 3: 'PrefetchingFileInfos' });
  });

  it('reports a data header whose index-block count disagrees with the chain, at D + 32, and an index table elsewhere than F + 48', async () => {
    const bytes = Uint8Array.from(f.bytes);
    bytes[0x35] = 1;
    new DataView(bytes.buffer).setBigInt64(0x41 + 8, 0x10n, true);
    const forge = await openForge(bytesSource(bytes), { profile: 'unity' });
    expect(forge.findings.map((x) => [x.offset, x.path])).toEqual([
      [0x49, 'indexBlocks[0].indexTable'],
      [0x35, 'dataHeader.indexBlockCount'],
    ]);
    expect(forge.refusals).toEqual([]);
    expect(forge.entries).toHaveLength(5);
    // Detection reads the same tables and reports the same.
    expect((await openForge(bytesSource(bytes))).findings).toEqual(forge.findings);
  });
});

describe.each([1, 2] as const)('wildlands at version 27, set version %s', (setVersion) => {
  const f = wildlandsFixture(setVersion);
  const wide = setVersion === 2 ? 8 : 0;

  it(`is detected as wildlands, reading alike with ${setVersion === 1 ? 'unity' : 'steep and origins-odyssey'}`, async () => {
    // Set version 1: unity reads the same u16 pairs (its u32 count is the same bytes as the i32),
    // its k = 0 is WildlandsToolkit's flags 0, and its records, right after the TOC, start the
    // second set: the same reading. The bodies start u64 id, class (the Wildlands hint), not 01, id,
    // class (Unity's), so wildlands is preferred and unity named alike; steep and origins-odyssey read
    // the u16 pairs as i32 ones and refuse.
    // Set version 2: i32 pairs, which steep and origins-odyssey read at any set version with the same
    // 14-byte TOC records, records at the second set and the same body hint: all three alike, and
    // wildlands comes first; unity reads the i32 pairs as u16 ones and refuses.
    expect(await detected(f)).toEqual({
      profile: 'wildlands',
      alike: setVersion === 1 ? ['unity'] : ['steep', 'origins-odyssey'],
      how: 'detected',
      probed: 1,
    });
  });

  it('reads the tables, the sets and the 14-byte TOC records', async () => {
    const forge = await open(f, { profile: 'wildlands' });
    expect([forge.version, forge.declaredEntryCount, forge.maxEntriesPerBlock, forge.declaredIndexBlockCount]).toEqual([27, 6, 5000, 1]);
    expect(forge.indexBlocks).toEqual([
      {
        offset: 0x41,
        entryCount: 6,
        indexTableOffset: 0x71,
        nextOffset: -1,
        firstEntry: 0,
        lastEntry: 5,
        nameTableOffset: 0xe9,
        nameTableEnd: 0x569,
      },
    ]);
    expectEntries(forge, f);
    const file = await readDataFile(forge, forge.entries[0]!);
    const pair = setVersion === 2 ? 8 : 4;
    expect(setOf(file.toc)).toEqual({
      offset: 0x569,
      setVersion,
      method: 1,
      flagged: false,
      blocks: [[30, 30, 0x584 + wide / 2, 0x57c, null]],
      stream: [0, 30],
      end: 0x5a2 + wide / 2,
    });
    expect(setOf(file.resourcesSet)).toEqual({
      offset: 0x5a2 + wide / 2,
      setVersion,
      method: 1,
      flagged: false,
      blocks: [[64, 64, 0x5bd + wide, 0x5a2 + wide / 2 + 19, null]],
      stream: [30, 64],
      end: 0x5fd + wide,
    });
    expect(file.toc!.blocks[0]!.dataOffset - file.toc!.blocks[0]!.sizesOffset).toBe(pair + 4);
    expect(file.tocRecords).toEqual([
      { id: 0x111n, size: 34, rest: 0 },
      { id: 0x112n, size: 30, rest: 0 },
    ]);
    expect(resourcesOf(file)).toEqual([
      { classHash: SKELETON, id: 0x111n, tocSize: 34, name: 'Santa', size: 16, at: [30, 48] },
      { classHash: MESH, id: 0x112n, tocSize: 30, name: 'Gun', size: 14, at: [64, 80] },
    ]);
    expect(bytesOf(file.resources[0]!)).toEqual(at(f, 0x5cf + wide, 16));
    expect(bytesOf(file.resources[0]!).slice(0, 12)).toEqual(idClass(0x111, SKELETON, 0));
    expect(bytesOf(file.resources[1]!)).toEqual(at(f, 0x5ef + wide, 14));
  });

  it('lists the five entries WildlandsToolkit keeps for itself (0, 16, 145, 193, 4090); unity keeps only 16 and 145', async () => {
    await expectBookkeepingRefused(await open(f, { profile: 'wildlands' }), {
      1: 'entry 0',
      2: 'GlobalMetaFile',
      3: 'PrefetchingFileInfos',
      4: 'PrefetchingManifest',
      5: 'DeletedFilesManifest',
    });
    const unity = await open(f, { profile: 'unity' });
    expect(unity.entries.map((e) => e.bookkeeping?.name ?? null)).toEqual([
      null,
      null,
      'GlobalMetaFile',
      'PrefetchingFileInfos',
      null,
      null,
    ]);
    // Read as a data file, entry 0's bytes ("KEEP…") are no set: refused at their first byte.
    expect(await refusalOf(() => readDataFile(unity, unity.entries[1]!))).toMatchObject({
      offset: 0x5fd + wide,
      path: 'entries[1].toc.magic',
    });
  });
});

describe('steep at version 27', () => {
  const f = steepFixture();

  it('is detected as steep, reading alike with origins-odyssey', async () => {
    // i32 pairs at set version 1: unity and wildlands read u16 pairs there and refuse. Method 5 is
    // Zstandard in steep, and LZO1C-or-Zstandard-by-its-bytes in origins-odyssey: a Zstandard block
    // starts with the frame magic, so both decode it alike; steep comes first.
    expect(await detected(f)).toEqual({ profile: 'steep', alike: ['origins-odyssey'], how: 'detected', probed: 2 });
  });

  it('reads the tables and a data file of stored blocks with i32 counts and pairs', async () => {
    const forge = await open(f, { profile: 'steep' });
    expect([forge.version, forge.declaredEntryCount, forge.declaredIndexBlockCount, forge.indexBlocks[0]!.nameTableOffset]).toEqual([
      27, 4, 1, 0xc1,
    ]);
    expectEntries(forge, f);
    const file = await readDataFile(forge, forge.entries[0]!);
    expect(setOf(file.toc)).toEqual({
      offset: 0x3c1,
      setVersion: 1,
      method: 5,
      flagged: false,
      blocks: [[16, 16, 0x3e0, 0x3d4, null]],
      stream: [0, 16],
      end: 0x3f0,
    });
    expect(resourcesOf(file)).toEqual([{ classHash: SKELETON, id: 0x121n, tocSize: 35, name: 'Rider', size: 17, at: [16, 34] }]);
    expect(bytesOf(file.resources[0]!)).toEqual(at(f, 0x421, 17));
  });

  it('decodes a method-5 Zstandard block (an RLE frame written by hand) after a stored one', async () => {
    const forge = await open(f, { profile: 'steep' });
    const file = await readDataFile(forge, forge.entries[3]!);
    expect(setOf(file.resourcesSet)).toEqual({
      offset: 0x471,
      setVersion: 1,
      method: 5,
      flagged: false,
      blocks: [
        [30, 30, 0x498, 0x484, null],
        [200, 10, 0x4ba, 0x48c, null],
      ],
      stream: [16, 230],
      end: 0x4c4,
    });
    expect(at(f, 0x4ba, 10)).toEqual(ZSTD_RLE_FRAME);
    expect(resourcesOf(file)).toEqual([{ classHash: SKELETON, id: 0x122n, tocSize: 230, name: 'Board', size: 212, at: [16, 34] }]);
    // The body: its id and class stored at 0x4AA..0x4B6, then the frame's 200 bytes of 0xAB.
    expect(bytesOf(file.resources[0]!)).toEqual([...at(f, 0x4aa, 12), ...ZSTD_RLE_CONTENT]);
  });

  it.skipIf(zstdCli === undefined)(
    `the hand-written frame is one the reference decodes to the same bytes (skipped when ${zstdSkipReason})`,
    () => {
      expect([...zstdDecompress(Uint8Array.from(ZSTD_RLE_FRAME))!]).toEqual(ZSTD_RLE_CONTENT);
    },
  );

  it.skipIf(zstdCli === undefined)(`decodes a frame the reference compressed (skipped when ${zstdSkipReason})`, async () => {
    const content = [...new TextEncoder().encode('a steep slope of powder snow, '.repeat(12))];
    const [frame] = zstdCompress([Uint8Array.from(content)], ['-19']);
    expect(frame!.length).toBeLessThan(content.length);
    const g = steepFixture([...frame!], content);
    expect(await detected(g)).toEqual({ profile: 'steep', alike: ['origins-odyssey'], how: 'detected', probed: 2 });
    const forge = await open(g, { profile: 'steep' });
    const file = await readDataFile(forge, forge.entries[3]!);
    expect(file.resourcesSet!.blocks.map((b) => [b.uncompressedSize, b.compressedSize])).toEqual([
      [30, 30],
      [content.length, frame!.length],
    ]);
    expect(bytesOf(file.resources[0]!)).toEqual([...at(g, 0x4aa, 12), ...content]);
  });

  it('lists the bookkeeping entries', async () => {
    await expectBookkeepingRefused(await open(f, { profile: 'steep' }), { 1: 'GlobalMetaFile', 2: 'PrefetchingFileInfos' });
  });
});

describe('origins-odyssey at version 28', () => {
  const f = originsFixture();

  it('is detected as steep with origins-odyssey alike: no byte of stored blocks and an Oodle block tells them apart', async () => {
    // Only Blacksmith's profiles read version 28; both read i32 pairs at any set version and refuse
    // method 8 as Oodle, so both read entry 0 and refuse entry 3 alike; steep comes first.
    expect(await detected(f)).toEqual({ profile: 'steep', alike: ['origins-odyssey'], how: 'detected', probed: 2 });
  });

  it('reads the tables and the stored data file; refuses the method-8 block naming Oodle, at the method byte', async () => {
    const forge = await open(f, { profile: 'origins-odyssey' });
    expect([forge.version, forge.declaredEntryCount, forge.declaredIndexBlockCount]).toEqual([28, 4, 1]);
    expectEntries(forge, f);
    const file = await readDataFile(forge, forge.entries[0]!);
    expect(setOf(file.resourcesSet)).toEqual({
      offset: 0x3f0,
      setVersion: 2,
      method: 0,
      flagged: false,
      blocks: [[35, 35, 0x40f, 0x403, null]],
      stream: [16, 35],
      end: 0x432,
    });
    expect(resourcesOf(file)).toEqual([{ classHash: SKELETON, id: 0x131n, tocSize: 35, name: 'Bayek', size: 17, at: [16, 34] }]);
    expect(bytesOf(file.resources[0]!)).toEqual(at(f, 0x421, 17));
    const e = await refusalOf(() => readDataFile(forge, forge.entries[3]!));
    expect(e).toMatchObject({ offset: 0x47b, path: 'entries[3].resourcesSet.method' });
    expect(e.message).toMatch(/method 8 \(Oodle\)/);
    // Under the detected steep profile, the same refusal.
    const auto = await open(f);
    expect(await refusalOf(() => readDataFile(auto, auto.entries[3]!))).toMatchObject({
      offset: 0x47b,
      path: 'entries[3].resourcesSet.method',
    });
  });

  it.skipIf(liblzo2Python === undefined)(
    `is told from steep by a method-5 LZO1C block, which steep reads as Zstandard (skipped when ${liblzo2SkipReason})`,
    async () => {
      const [lzo1c] = liblzo2Compress([Uint8Array.from(originsRecord())], 'lzo1c_999');
      expect(lzo1c!.length).not.toBe(40);
      const g = originsFixture({ method: 5, stored: [...lzo1c!] });
      expect(await detected(g)).toEqual({ profile: 'origins-odyssey', alike: [], how: 'detected', probed: 2 });
      const forge = await open(g);
      const file = await readDataFile(forge, forge.entries[3]!);
      expect(resourcesOf(file)).toEqual([{ classHash: SKELETON, id: 0x132n, tocSize: 40, name: 'Alexios', size: 20, at: [16, 36] }]);
      expect(bytesOf(file.resources[0]!)).toEqual(originsRecord().slice(20));
      const steep = await open(g, { profile: 'steep' });
      expect(await refusalOf(() => readDataFile(steep, steep.entries[3]!))).toMatchObject({
        path: expect.stringMatching(/^entries\[3\]\.resourcesSet/),
      });
    },
  );

  it('lists the bookkeeping entries', async () => {
    await expectBookkeepingRefused(await open(f, { profile: 'origins-odyssey' }), { 1: 'GlobalMetaFile', 2: 'PrefetchingFileInfos' });
  });
});

describe('two profiles that read one archive differently', () => {
  it('leave the choice to the caller: ForgeProfileAmbiguity naming both', async () => {
    const f = ambiguousFixture();
    const error = await open(f).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ForgeProfileAmbiguity);
    expect((error as ForgeProfileAmbiguity).candidates).toEqual(['ac2', 'ac3']);
    expect((error as ForgeProfileAmbiguity).probed).toBe(1);
    // Named, each reads the same record at stream 16 under its own id.
    const ac2 = await open(f, { profile: 'ac2' });
    const ac3 = await open(f, { profile: 'ac3' });
    const [a, b] = [await readDataFile(ac2, ac2.entries[0]!), await readDataFile(ac3, ac3.entries[0]!)];
    expect(resourcesOf(a)).toEqual([{ classHash: SKELETON, id: 0xaan, tocSize: 21, name: 'Amb', size: 5, at: [16, 32] }]);
    expect(resourcesOf(b)).toEqual([{ classHash: SKELETON, id: 0xaan | (21n << 32n), tocSize: 21, name: 'Amb', size: 5, at: [16, 32] }]);
  });
});

describe.each(['ac1', 'unity'] as const)('a %s flagged set whose compressed block liblzo2 wrote', (profile) => {
  it.skipIf(liblzo2Python === undefined)(`reads to the data file end (skipped when ${liblzo2SkipReason})`, async () => {
    // A 3,000-byte body that compresses: 60-byte runs of a pattern.
    const head = profile === 'unity' ? managedIdClass(0xc7, SKELETON, 0) : u32IdClass(0xc7, SKELETON, 0);
    const body = [...head, ...Array.from({ length: 3000 - head.length }, (_, i) => (i % 60) * 3)];
    const rec = record({ classHash: SKELETON, name: 'Packed', body });
    const [compressed] = liblzo2Compress([Uint8Array.from(rec)], 'lzo1x_1');
    const c = compressed!.length;
    expect(c).toBeLessThan(rec.length / 4);
    const f = flaggedLzoFixture(profile, rec, [...compressed!]);
    expect(await detected(f)).toEqual({ profile, alike: [], how: 'detected', probed: 1 });
    const forge = await open(f, { profile });
    const file = await readDataFile(forge, forge.entries[0]!);
    const [data, tocBytes, kind1] = profile === 'unity' ? [0x145, 16, 0x169] : [0x2f1, 10, 0x30d];
    expect(setOf(file.toc)).toEqual({
      offset: data,
      setVersion: 1,
      method: 0,
      flagged: true,
      blocks: [
        [tocBytes, tocBytes, data + 15 + 1 + (profile === 'unity' ? 4 : 2), data + 16, 0],
        [rec.length, c, kind1 + 13, kind1 + 1, 1],
      ],
      stream: [0, tocBytes + rec.length],
      end: data + (profile === 'unity' ? 49 : 41) + c,
    });
    expect(resourcesOf(file)).toEqual([
      { classHash: SKELETON, id: 0xc7n, tocSize: rec.length, name: 'Packed', size: 3000, at: [tocBytes, tocBytes + 19] },
    ]);
    expect(bytesOf(file.resources[0]!)).toEqual(body);
  });
});
