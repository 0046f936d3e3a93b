/**
 * `packArchiveWrites`: the archive a manifest describes, made one data file at a time. The bodies
 * of an entry are asked for only when its data file is written (never all up front), the data
 * files come out at increasing offsets before the tables, and the writes placed in one array are
 * the archive that `packArchive` gives, which the reader reads back entry by entry.
 */
import { describe, expect, it } from 'vitest';
import { openForge, readDataFile } from '../../src/archive/forge.js';
import { FORGE_MANIFEST_FORMAT, packArchive, packArchiveWrites, type ForgeManifest } from '../../src/archive/forge-pack.js';
import { bytesSource } from '../../src/archive/source.js';

const SKELETON = 0x24aecb7c;

/** Six entries of two resources each, 64-bit ids; bodies a pattern unique to each resource. */
function manifest(): ForgeManifest {
  return {
    format: FORGE_MANIFEST_FORMAT,
    archive: 'hand.forge',
    version: 27,
    profile: 'unity',
    tocRecord: 'u64-id-counted-words',
    maxEntriesPerBlock: 4,
    framing: { setVersion: 1, method: 0, blockSize: 0x8000, compression: 'stored' },
    entries: Array.from({ length: 6 }, (_, e) => ({
      number: e,
      id: `0x${(0x5000 + e).toString(16)}`,
      name: `entry_${e}`,
      type: SKELETON.toString(16),
      timestamp: 0,
      folder: `entry_${e}`,
      resources: [0, 1].map((r) => ({
        index: r,
        id: `0x${(0x9000 + e * 2 + r).toString(16)}`,
        class: SKELETON.toString(16),
        name: `res_${e}_${r}`,
        file: `res_${e}_${r}.Skeleton`,
        subHeader: null,
        tocRest: null,
      })),
    })),
  };
}

const bodyBytes = (entry: number, resource: number): Uint8Array =>
  Uint8Array.from({ length: 40 + entry * 3 + resource }, (_, k) => (k * 7 + entry * 31 + resource * 5) & 0xff);

describe('packArchiveWrites', () => {
  it('asks for an entry’s bodies only when its data file is written, data files first at increasing offsets', () => {
    const asked: string[] = [];
    const writes = packArchiveWrites(manifest(), (entry, resource) => {
      asked.push(`${entry.number}/${resource.index}`);
      return bodyBytes(entry.number, resource.index);
    });
    const seen: { offset: number; asked: number }[] = [];
    let step = writes.next();
    while (step.done !== true) {
      seen.push({ offset: step.value.offset, asked: asked.length });
      step = writes.next();
    }
    // Unity (version 27) writes no FILEDATA header: the first six writes are the six data files,
    // each made after its own two bodies were asked for and before the next entry's.
    expect(seen.slice(0, 6).map((w) => w.asked)).toEqual([2, 4, 6, 8, 10, 12]);
    const dataOffsets = seen.slice(0, 6).map((w) => w.offset);
    expect([...dataOffsets].sort((a, b) => a - b)).toEqual(dataOffsets);
    // Then the header at 0, the tables after it, and every write before the first data file's offset.
    expect(seen[6]!.offset).toBe(0);
    for (const w of seen.slice(6, -1)) expect(w.offset).toBeLessThan(dataOffsets[0]!);
    expect(asked).toEqual(['0/0', '0/1', '1/0', '1/1', '2/0', '2/1', '3/0', '3/1', '4/0', '4/1', '5/0', '5/1']);
    // The archive's size is padded to 32 KiB.
    expect(step.value % 0x8000).toBe(0);
  });

  it('placed in one array, is the archive packArchive gives, read back body for body', async () => {
    const bodyOf = (e: { number: number }, r: { index: number }): Uint8Array => bodyBytes(e.number, r.index);
    const whole = packArchive(manifest(), bodyOf);
    const placed = new Uint8Array(whole.length);
    const writes = packArchiveWrites(manifest(), bodyOf);
    for (let step = writes.next(); ; step = writes.next()) {
      if (step.done === true) {
        expect(step.value).toBe(whole.length);
        break;
      }
      placed.set(step.value.bytes, step.value.offset);
    }
    expect(placed).toEqual(whole);
    const forge = await openForge(bytesSource(whole));
    expect(forge.entries.map((e) => e.name)).toEqual(['entry_0', 'entry_1', 'entry_2', 'entry_3', 'entry_4', 'entry_5']);
    for (const entry of forge.entries) {
      const file = await readDataFile(forge, entry);
      expect(file.resources.map((r) => r.body)).toEqual([bodyBytes(entry.number, 0), bodyBytes(entry.number, 1)]);
    }
  });
});
