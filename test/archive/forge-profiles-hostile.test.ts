/**
 * Hostile variants of the hand-assembled archive of each profile (forge-profile-fixtures.ts):
 * every truncation and every single-byte change is read to its end or refused with a ParseError
 * (offset and path) or a ForgeProfileAmbiguity, never another exception, and quickly; specific
 * damage is refused at the offset worked out by hand.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { openForge, readDataFile, readDataFileNow, type Forge } from '../../src/archive/forge.js';
import { ForgeProfileAmbiguity, type OpenForgeOptions } from '../../src/archive/forge-open.js';
import { bytesSource } from '../../src/archive/source.js';
import { ParseError } from '../../src/io/errors.js';
import {
  ac1Fixture,
  ac3Fixture,
  allFixtures,
  ambiguousFixture,
  restamp,
  steepFixture,
  unityFixture,
  wildlandsFixture,
  type ProfileFixture,
} from './forge-profile-fixtures.js';

/** A refusal as the contract wants it: a ParseError naming an offset inside the input and a field. */
function expectWellFormed(e: unknown, input: Uint8Array, what: string): void {
  if (!(e instanceof ParseError)) throw new Error(`${what}: not a ParseError: ${(e as Error)?.stack ?? String(e)}`);
  if (!Number.isSafeInteger(e.offset) || e.offset < 0 || e.offset > input.length) {
    throw new Error(`${what}: offset ${e.offset} outside the ${input.length}-byte input: ${e.message}`);
  }
  if (e.path === '' || e.path === '(root)') throw new Error(`${what}: no field path: ${e.message}`);
}

/**
 * Opens the bytes and reads every entry. Returns how it ended; throws (failing the test) when
 * anything but a well-formed ParseError or, under detection, a ForgeProfileAmbiguity comes out.
 */
async function readWhole(input: Uint8Array, options: OpenForgeOptions): Promise<'read' | 'refused' | 'ambiguous'> {
  let forge: Forge;
  try {
    forge = await openForge(bytesSource(input), options);
  } catch (e) {
    if (e instanceof ForgeProfileAmbiguity && (options.profile ?? 'auto') === 'auto') return 'ambiguous';
    expectWellFormed(e, input, 'openForge');
    return 'refused';
  }
  let outcome: 'read' | 'refused' = forge.refusals.length > 0 ? 'refused' : 'read';
  for (const r of forge.refusals) expectWellFormed(r, input, 'a table refusal');
  for (const entry of forge.entries) {
    // The reading without a promise (the bytes source reads at once) comes to the same end.
    let now: unknown;
    try {
      now = readDataFileNow(forge, entry);
    } catch (e) {
      now = e;
    }
    try {
      expect(await readDataFile(forge, entry)).toEqual(now);
    } catch (e) {
      expectWellFormed(e, input, `readDataFile(entry ${entry.number})`);
      expect(now).toBeInstanceOf(ParseError);
      expect((now as ParseError).message).toBe((e as ParseError).message);
      if (entry.bookkeeping === null) outcome = 'refused';
    }
  }
  return outcome;
}

/** CPU milliseconds of one run (this process's, so a busy machine's other work does not count). */
async function cpuMs(run: () => Promise<unknown>): Promise<number> {
  const start = process.cpuUsage();
  await run();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

/**
 * Runs `readWhole`, failing when one input takes longer than `limitMs`: a slow wall-clock run is
 * confirmed by the CPU time of the faster of two more (as the fuzz campaign confirms a hang), so
 * neither a GC pause nor a busy machine fails it.
 */
async function timedReadWhole(
  input: Uint8Array,
  options: OpenForgeOptions,
  limitMs: number,
  what: string,
): Promise<'read' | 'refused' | 'ambiguous'> {
  const start = performance.now();
  const outcome = await readWhole(input, options);
  if (performance.now() - start > limitMs) {
    const again = Math.min(await cpuMs(() => readWhole(input, options)), await cpuMs(() => readWhole(input, options)));
    expect(again, `${what} took too long`).toBeLessThanOrEqual(limitMs);
  }
  return outcome;
}

const FIXTURES = [...allFixtures(), { label: 'ac2/ac3 ambiguous v25', profile: 'ac2', fixture: ambiguousFixture() }];

/**
 * The offsets the exhaustive tests visit: every byte but those of names and comments (free text,
 * which a change only renames), of which every 16th.
 */
function offsetsToVisit(f: ProfileFixture): number[] {
  const inText = (at: number): [number, number] | undefined => f.textSpans.find(([start, end]) => at >= start && at < end);
  const out: number[] = [];
  for (let at = 0; at < f.bytes.length; at++) {
    const span = inText(at);
    if (span === undefined || (at - span[0]) % 16 === 0) out.push(at);
  }
  return out;
}

describe.each(FIXTURES)('$label: every truncation and every single-byte change', ({ fixture, profile }) => {
  const bytes = fixture.bytes;
  const offsets = offsetsToVisit(fixture);
  // Where the data files start: before it the tables, which detection and a named profile read alike.
  const dataStart = Math.min(...fixture.entries.map((e) => e.offset));

  it('the fixture itself reads whole under its profile', async () => {
    // The Oodle block of the origins-odyssey fixture is refused by design, naming the method.
    expect(await readWhole(bytes, { profile: profile as never })).toBe(profile === 'origins-odyssey' ? 'refused' : 'read');
  });

  it('every truncation is refused with a ParseError, under detection and under the profile', async () => {
    // A cut inside the data files only removes the entries that end past it, which the tables
    // refuse: every cut inside the tables, every 8th after them.
    const cuts = offsets.filter((n) => n < dataStart || n % 8 === 0);
    const outcomes = { read: 0, refused: 0, ambiguous: 0 };
    for (const n of cuts) {
      const cut = bytes.slice(0, n);
      outcomes[await timedReadWhole(cut, {}, 100, `auto, ${n} bytes`)]++;
      outcomes[await timedReadWhole(cut, { profile: profile as never }, 100, `${profile}, ${n} bytes`)]++;
    }
    // Every cut loses at least the last entry's last byte, so its table entry points past the end.
    expect(outcomes).toEqual({ read: 0, refused: 2 * cuts.length, ambiguous: 0 });
  });

  it('every byte changed is read or refused by the contract (xor 0xFF under detection; + 1 under the profile in the data files)', async () => {
    const outcomes = { read: 0, refused: 0, ambiguous: 0 };
    for (const at of offsets) {
      const flipped = Uint8Array.from(bytes);
      flipped[at]! ^= 0xff;
      outcomes[await timedReadWhole(flipped, {}, 100, `auto, byte ${at}`)]++;
      if (at < dataStart) continue;
      const bumped = Uint8Array.from(bytes);
      bumped[at] = (bumped[at]! + 1) & 0xff;
      outcomes[await timedReadWhole(bumped, { profile: profile as never }, 100, `${profile}, byte ${at}`)]++;
    }
    // Both kinds occur: checksums and magics refuse, kept bytes and timestamps read on (the Oodle
    // block refuses every origins-odyssey variant).
    expect(outcomes.refused).toBeGreaterThan(0);
    if (profile !== 'origins-odyssey') expect(outcomes.read).toBeGreaterThan(0);
  });
});

describe('a random single-byte change of any profile fixture (property)', () => {
  it('never throws anything but a ParseError or a ForgeProfileAmbiguity', async () => {
    await fc.assert(
      fc.asyncProperty(fc.nat({ max: FIXTURES.length - 1 }), fc.nat(), fc.integer({ min: 0, max: 255 }), async (which, where, value) => {
        const { fixture, profile } = FIXTURES[which]!;
        const copy = Uint8Array.from(fixture.bytes);
        copy[where % copy.length] = value;
        await readWhole(copy, {});
        await readWhole(copy, { profile: profile as never });
      }),
      { numRuns: 500, seed: 20261202 },
    );
  });
});

// ───────────── specific damage, refused where the hand says ─────────────

async function refusalOf(run: () => Promise<unknown>): Promise<ParseError> {
  try {
    await run();
  } catch (e) {
    if (e instanceof ParseError) return e;
    throw e;
  }
  throw new Error('expected a refusal');
}

/** The refusal of entry `n` of the changed bytes under `profile`. */
async function entryRefusal(bytes: Uint8Array, profile: string, n: number): Promise<ParseError> {
  const forge = await openForge(bytesSource(bytes), { profile: profile as never });
  expect(forge.refusals).toEqual([]);
  return refusalOf(() => readDataFile(forge, forge.entries[n]!));
}

const copyOf = (f: ProfileFixture): { bytes: Uint8Array; view: DataView } => {
  const bytes = Uint8Array.from(f.bytes);
  return { bytes, view: new DataView(bytes.buffer) };
};

describe('a wrong checksum is refused at the checksum', () => {
  it.each([
    // ac1 entry 1: the TOC block's bytes from 0x75E, its checksum at 0x75A; the resources set's second block from 0x7B9, checksum 0x7B5.
    ['ac1, a TOC byte', ac1Fixture, 'ac1', 0x75e, 1, 0x75a, 'entries[1].toc.blocks[0].checksum'],
    ['ac1, the checksum itself', ac1Fixture, 'ac1', 0x75a, 1, 0x75a, 'entries[1].toc.blocks[0].checksum'],
    ['ac1, the second block of the resources', ac1Fixture, 'ac1', 0x7b9, 1, 0x7b5, 'entries[1].resourcesSet.blocks[1].checksum'],
    // steep entry 0: the TOC set's i32 pair ends at 0x3DC, its checksum; bytes from 0x3E0.
    ['steep, i32 pairs', () => steepFixture(), 'steep', 0x3e0, 0, 0x3dc, 'entries[0].toc.blocks[0].checksum'],
    // wildlands set version 2, entry 0: the resources set's bytes from 0x5C5, checksum 0x5C1.
    ['wildlands set version 2', () => wildlandsFixture(2), 'wildlands', 0x5c5, 0, 0x5c1, 'entries[0].resourcesSet.blocks[0].checksum'],
  ] as const)('%s', async (_, make, profile, changed, entry, offset, path) => {
    const { bytes } = copyOf(make());
    bytes[changed]! ^= 0x40;
    expect(await entryRefusal(bytes, profile, entry)).toMatchObject({ offset, path });
  });
});

describe('bytes after the last set, inside the entry size, are refused where they start (ACExplorer refuses them)', () => {
  it('ac1: the size grown by 3 over the padding after entry 1 (size at T0 + 16 + 12 = 0x89)', async () => {
    const { bytes, view } = copyOf(ac1Fixture());
    view.setInt32(0x89, 148 + 3, true);
    const e = await entryRefusal(bytes, 'ac1', 1);
    expect(e).toMatchObject({ offset: 0x7d9, path: 'entries[1].end' });
    expect(e.message).toMatch(/3 bytes more/);
  });

  it('ac3: the size grown by 8 over the next entry (size at T + 12 = 0x79)', async () => {
    const { bytes, view } = copyOf(ac3Fixture());
    view.setInt32(0x79, 107 + 8, true);
    expect(await entryRefusal(bytes, 'ac3', 0)).toMatchObject({ offset: 0x4f4, path: 'entries[0].end' });
  });

  it('unity: 5 bytes appended to the last entry, its size (at T1 + 40 + 16 = 0x281) grown by 5', async () => {
    const fixture = unityFixture();
    const bytes = Uint8Array.from([...fixture.bytes, 1, 2, 3, 4, 5]);
    new DataView(bytes.buffer).setInt32(0x281, 132 + 5, true);
    const e = await entryRefusal(bytes, 'unity', 4);
    expect(e).toMatchObject({ offset: 0x650, path: 'entries[4].end' });
    expect(e.message).toMatch(/5 bytes more/);
  });

  it('unity: a flagged set runs to the data file end, so the next entry\'s "K" is read as a block kind (size at T1 + 16 = 0x259)', async () => {
    const { bytes, view } = copyOf(unityFixture());
    view.setInt32(0x259, 90 + 12, true);
    const e = await entryRefusal(bytes, 'unity', 2);
    expect(e).toMatchObject({ offset: 0x5c0, path: 'entries[2].toc.blocks[2].kind' });
  });

  it.each([
    ['wildlands', () => wildlandsFixture(1), 148, 0x5fd],
    ['steep', () => steepFixture(), 113, 0x432],
  ] as const)('%s: entry 0 grown by 8 over the next entry (size at T + 16 = 0x81)', async (profile, make, size, end) => {
    const { bytes, view } = copyOf(make());
    view.setInt32(0x81, size + 8, true);
    const e = await entryRefusal(bytes, profile, 0);
    expect(e).toMatchObject({ offset: end, path: 'entries[0].end' });
    expect(e.message).toMatch(/8 bytes more/);
  });
});

describe('a block count larger than its set is refused at the count', () => {
  it.each([
    // Set at X: the count at X + 15 (u16 in ac1, u32 in unity, i32 in wildlands and steep).
    ['ac1, u16', ac1Fixture, 'ac1', 1, (v: DataView) => v.setUint16(0x754, 0x100, true), 0x754, 'entries[1].toc.blockCount'],
    ['unity, u32', unityFixture, 'unity', 0, (v: DataView) => v.setUint32(0x4d4, 0x10000, true), 0x4d4, 'entries[0].toc.blockCount'],
    [
      'wildlands set version 2, the resources set',
      () => wildlandsFixture(2),
      'wildlands',
      0,
      (v: DataView) => v.setInt32(0x5b5, 1000, true),
      0x5b5,
      'entries[0].resourcesSet.blockCount',
    ],
    ['steep, negative', () => steepFixture(), 'steep', 0, (v: DataView) => v.setInt32(0x3d0, -1, true), 0x3d0, 'entries[0].toc.blockCount'],
  ] as const)('%s', async (_, make, profile, entry, change, offset, path) => {
    const { bytes, view } = copyOf(make());
    change(view);
    expect(await entryRefusal(bytes, profile, entry)).toMatchObject({ offset, path });
  });
});

describe('a TOC count larger than the TOC is refused at the count (its block re-checksummed)', () => {
  it('wildlands: 3 records in a 30-byte TOC set that holds 2 (count at 0x584, checksum 0x580)', async () => {
    const { bytes, view } = copyOf(wildlandsFixture(1));
    view.setUint16(0x584, 3, true);
    restamp(bytes, 0x580, 0x584, 30);
    expect(await entryRefusal(bytes, 'wildlands', 0)).toMatchObject({ offset: 0x584, path: 'entries[0].toc.records' });
  });

  it('ac1: 256 records of 8 bytes in a 90-byte stream (count at 0x75E, checksum 0x75A)', async () => {
    const { bytes, view } = copyOf(ac1Fixture());
    view.setUint16(0x75e, 256, true);
    restamp(bytes, 0x75a, 0x75e, 18);
    expect(await entryRefusal(bytes, 'ac1', 1)).toMatchObject({ offset: 0x75e, path: 'entries[1].toc.records' });
  });
});

describe('a record flag of 2 is refused at the flag (its block re-checksummed)', () => {
  it.each([
    // ac1 entry 1: "Rider"'s flag at stream 35, in the first resources block (stream 18, archive 0x78D): 0x79E.
    ['ac1', ac1Fixture, 1, 0x79e, 0x789, 0x78d, 40, 'entries[1].resources[0].subHeader'],
    // unity entry 4: "Bone"'s flag at stream 32, the resources block (stream 16, archive 0x612): 0x622.
    ['unity', unityFixture, 4, 0x622, 0x60e, 0x612, 62, 'entries[4].resources[0].subHeader'],
  ] as const)('%s', async (profile, make, entry, flagAt, checksumAt, dataAt, length, path) => {
    const { bytes } = copyOf(make());
    expect(bytes[flagAt]).toBe(profile === 'ac1' ? 0 : 1);
    bytes[flagAt] = 2;
    restamp(bytes, checksumAt, dataAt, length);
    const e = await entryRefusal(bytes, profile, entry);
    expect(e).toMatchObject({ offset: flagAt, path });
    expect(e.message).toMatch(/record flag 0 or 1/);
  });
});

describe('methods a profile does not decode are refused at the method byte, named', () => {
  it('steep: method 8 (Oodle) on the Zstandard block (method at 0x47B)', async () => {
    const { bytes } = copyOf(steepFixture());
    bytes[0x47b] = 8;
    const e = await entryRefusal(bytes, 'steep', 3);
    expect(e).toMatchObject({ offset: 0x47b, path: 'entries[3].resourcesSet.method' });
    expect(e.message).toMatch(/method 8 \(Oodle\), which is proprietary/);
  });

  it('steep: method 6, which no public reader uses', async () => {
    const { bytes } = copyOf(steepFixture());
    bytes[0x47b] = 6;
    const e = await entryRefusal(bytes, 'steep', 3);
    expect(e).toMatchObject({ offset: 0x47b, path: 'entries[3].resourcesSet.method' });
    expect(e.message).toMatch(/method 6, which the steep profile does not name/);
  });

  it('ac1: method 9 on the flagged set (method at 0xB66), refused at its compressed block', async () => {
    const { bytes } = copyOf(ac1Fixture());
    bytes[0xb66] = 9;
    const e = await entryRefusal(bytes, 'ac1', 3);
    expect(e).toMatchObject({ offset: 0xb66, path: 'entries[3].toc.method' });
    expect(e.message).toMatch(/method 9, which the ac1 profile does not name/);
  });

  it('a stored block is read whatever the method byte says (steep entry 0, method at 0x3CB)', async () => {
    const { bytes } = copyOf(steepFixture());
    bytes[0x3c1 + 10] = 9;
    const forge = await openForge(bytesSource(bytes), { profile: 'steep' });
    expect((await readDataFile(forge, forge.entries[0]!)).resources.map((r) => r.name)).toEqual(['Rider']);
  });
});

/**
 * Fixed (this comment kept for the reasoning): in src/archive/forge-data-file.ts, `readDataFileBytes` once allocated the decompressed stream is allocated
 * from the sum of the blocks' declared uncompressed sizes (`toc.streamLength + resourcesSet.streamLength`)
 * before `decodeSet` holds any block to its method's expansion bound (`block.uncompressedSize >
 * block.compressedSize * maxExpansion`). So a data file of a few bytes whose 32-bit sizes (a flagged
 * block's u32, or the i32 pairs of wildlands at set version 2, steep and origins-odyssey) declare
 * more than 2^32 − 1 bytes in all makes `new Uint8Array` throw a RangeError ("Invalid typed array
 * length") out of `readDataFile`, and out of `openForge` under detection, which probes the same
 * bytes; below that it allocates up to 4 GiB (lazily zeroed) before refusing. The expansion bound
 * (or the stored size, for a block whose sizes are equal) could be checked while the layout is read,
 * before the stream is allocated. The refusal the bound already gives is the one expected here.
 */
describe('declared sizes far beyond the data file', () => {
  // ac1 entry 3, the flagged set's compressed block: u32 uncompressed at 0xB87, its sizes from 0xB83.
  it('a flagged block declaring 4 GiB − 1 is refused at its sizes, not thrown as a RangeError', async () => {
    const { bytes, view } = copyOf(ac1Fixture());
    view.setUint32(0xb87, 0xffffffff, true);
    expect(await entryRefusal(bytes, 'ac1', 3)).toMatchObject({ offset: 0xb83, path: 'entries[3].toc.blocks[1].uncompressedSize' });
  });

  // steep entry 3, the resources set's two i32 pairs at 0x484 and 0x48C: 2^31 − 1 bytes each.
  it('two i32 pairs declaring 2^31 − 1 bytes each are refused at the first, under the profile and under detection', async () => {
    const { bytes, view } = copyOf(steepFixture());
    view.setInt32(0x484, 0x7fffffff, true);
    view.setInt32(0x48c, 0x7fffffff, true);
    expect(await entryRefusal(bytes, 'steep', 3)).toMatchObject({
      offset: 0x484,
      path: 'entries[3].resourcesSet.blocks[0].uncompressedSize',
    });
    expect((await openForge(bytesSource(bytes))).profile?.name).toBe('steep');
  });

  it('a block declaring 2 GiB is refused before anything near 2 GiB is allocated', async () => {
    // steep entry 0, the TOC block's i32 pair at 0x3D4: 2^31 − 1 bytes from 16 stored ones.
    const { bytes, view } = copyOf(steepFixture());
    view.setInt32(0x3d4, 0x7fffffff, true);
    const forge = await openForge(bytesSource(bytes), { profile: 'steep' });
    // The largest Uint8Array made while the data file is read, by a constructor that notes it.
    const original = globalThis.Uint8Array;
    let largest = 0;
    globalThis.Uint8Array = new Proxy(original, {
      construct(target, args: unknown[], newTarget) {
        if (typeof args[0] === 'number') largest = Math.max(largest, args[0]);
        return Reflect.construct(target, args, newTarget) as object;
      },
    });
    let refusal: ParseError;
    try {
      refusal = await refusalOf(() => readDataFile(forge, forge.entries[0]!));
    } finally {
      globalThis.Uint8Array = original;
    }
    expect(refusal).toMatchObject({ offset: 0x3d4, path: 'entries[0].toc.blocks[0].uncompressedSize' });
    expect(largest).toBeLessThan(1 << 20);
  });
});
