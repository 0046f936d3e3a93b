/**
 * The archive profile as a user meets it: `forge probe` says which profiles read an archive and
 * where the others stop, every archive command takes `--forge-profile`, an archive two profiles read
 * differently is a usage error naming them, and bookkeeping entries are listed, never read.
 */
import { mkdirSync, mkdtempSync, readdirSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { handArchive, type HandEntry } from '../archive/forge-hand.js';
import { bikeEntry, filler, riderEntry, SKELETON } from '../archive/forge-fixtures.js';
import { writeForge, type ForgeWriterEntry } from '../../src/archive/forge-writer.js';
import { runCli } from '../helpers/cli.js';

const temp = realpathSync(mkdtempSync(join(tmpdir(), 'anvil-forge-profile-')));
afterAll(() => rmSync(temp, { recursive: true, force: true }));
let serial = 0;
function archiveFile(bytes: Uint8Array): string {
  const dir = join(temp, `case${serial++}`);
  mkdirSync(dir);
  const path = join(dir, 'Data.forge');
  writeFileSync(path, bytes);
  return path;
}

/** A record's whole length: class, size and name length (12 bytes), the name, the flag, the body. */
const recordLength = (name: string, body: Uint8Array): number => 12 + name.length + 1 + body.length;

describe('forge probe', () => {
  it('names the profile that reads the first data files, and where every other one stops', async () => {
    // AC Unity's framing (a u32 block count, u16 size pairs) with bodies that start as Unity's do:
    // 01, the u64 id, the class. Wildlands' reading (an i32 count) reads the sets alike, but only
    // Unity's bodies start so: Unity is preferred.
    const unityBody = (id: bigint): Uint8Array => {
      const body = new Uint8Array(40);
      const v = new DataView(body.buffer);
      body[0] = 1;
      v.setBigUint64(1, id, true);
      v.setUint32(9, SKELETON, true);
      return body;
    };
    const entries: HandEntry[] = [1n, 2n].map((i) => ({
      id: 0x100n + i,
      name: `U${i}`,
      type: SKELETON,
      resources: [{ classHash: SKELETON, id: 0x200n + i, name: `u${i}`, body: unityBody(0x200n + i) }],
    }));
    const path = archiveFile(handArchive(entries, { version: 27, framing: 'unity' }).bytes);
    const json = await runCli(['forge', 'probe', path, '--json']);
    expect(json.code).toBe(0);
    const report = JSON.parse(json.stdout);
    expect(report).toMatchObject({ version: 27, entryCount: 2, chosen: 'unity', how: 'fits', alike: ['wildlands'], ambiguous: [] });
    expect(report.probed).toEqual([
      { number: 0, name: 'U1' },
      { number: 1, name: 'U2' },
    ]);
    const byName = Object.fromEntries(report.profiles.map((p: { profile: string }) => [p.profile, p]));
    expect(byName.unity).toMatchObject({ readsVersion: true, read: 2, bodyHints: 2 });
    expect(byName.wildlands).toMatchObject({ readsVersion: true, read: 2, bodyHints: 0 });
    // AC1 reads versions 25 and 26 only.
    expect(byName.ac1).toMatchObject({ readsVersion: false, read: 0 });
    // Blacksmith's reading takes the u16 pairs for i32 ones: it stops in the first set.
    expect(byName.steep.read).toBe(0);
    expect(byName.steep.dataFiles[0].refusal.path).toMatch(/^entries\[0\]\.toc/);
    const text = await runCli(['forge', 'probe', path]);
    expect(text.code).toBe(0);
    expect(text.stdout).toContain('unity            reads all 2 to their exact ends');
    expect(text.stdout).toContain('ac1              does not read version 27');
    expect(text.stdout).toMatch(/steep +reads 0 of 2 exactly; entry 0: stops at offset/);
    expect(text.stdout).toContain('profile: unity');
    // forge list and the census say the profile used.
    const list = await runCli(['forge', 'list', path]);
    expect(list.stdout.split('\n')[0]).toBe(
      `${path}: version 27, profile unity (detected from 2 data files; wildlands read it alike), 2 entries`,
    );
    const census = JSON.parse((await runCli(['census', path, '--json'])).stdout);
    expect(census.archives[0]).toMatchObject({ profile: 'unity', profileChoice: { how: 'detected', alike: ['wildlands'], probed: 2 } });
  });

  it('exits 1 when no profile reads the first data files, showing where each stops', async () => {
    const { bytes, tocSets } = handArchive([riderEntry(filler(50, 1))], { version: 27 });
    // The TOC block's checksum (a one-block set of Wildlands' framing at set version 2: +27).
    bytes[tocSets[0]! + 27] ^= 0xff;
    const path = archiveFile(bytes);
    const run = await runCli(['forge', 'probe', path, '--json']);
    expect(run.code).toBe(1);
    const report = JSON.parse(run.stdout);
    // The framing of Wildlands (and Blacksmith's two, which read it alike) fits: the guess, marked as such.
    expect(report).toMatchObject({ chosen: 'wildlands', how: 'framing', alike: ['steep', 'origins-odyssey'] });
    const wildlands = report.profiles.find((p: { profile: string }) => p.profile === 'wildlands');
    expect(wildlands.dataFiles[0].refusal).toMatchObject({ offset: tocSets[0]! + 27, path: 'entries[0].toc.blocks[0].checksum' });
    // The other commands read with the guess, so the refusal they give is the checksum's.
    const list = await runCli(['forge', 'list', path, '--resources']);
    expect(list.code).toBe(1);
    expect(list.stderr).toContain(`entries[0].toc.blocks[0].checksum`);
  });
});

describe('an archive two profiles read differently', () => {
  // AC2's framing at version 25 with the TOC's i16 set to the record's length and no bytes before
  // the records: AC3's reading (u64 id, u32 size, u16 k) then reads the same 16 bytes as one TOC
  // record of id (u32 id | u32 size << 32) and size (the i16 | 0 << 16), whose size is the record's
  // too: both profiles read every data file to its exact end, with different ids.
  const entries: ForgeWriterEntry[] = [1, 2].map((i) => {
    const name = `r${i}`;
    const body = filler(30 + i, i);
    return {
      id: BigInt(0x500 + i),
      name: `E${i}`,
      resourceType: SKELETON,
      resources: [{ classHash: 0x11223344, id: BigInt(0x600 + i), name, body, tocRest: recordLength(name, body) }],
    };
  });
  const bytes = writeForge({ profile: 'ac2', version: 25, entries });

  it('is a usage error naming the candidates, until one is named', async () => {
    const path = archiveFile(bytes);
    const probe = await runCli(['forge', 'probe', path, '--json']);
    expect(probe.code).toBe(2);
    expect(JSON.parse(probe.stdout)).toMatchObject({ chosen: null, ambiguous: ['ac2', 'ac3'] });
    const list = await runCli(['forge', 'list', path, '--resources', '--json']);
    expect(list.code).toBe(2);
    expect(list.stderr).toMatch(
      /profiles ac2, ac3 each read the first 2 data file\(s\) to their ends, differently; name one with --forge-profile/,
    );
    const ac2 = JSON.parse((await runCli(['forge', 'list', path, '--resources', '--json', '--forge-profile', 'ac2'])).stdout);
    expect([ac2.profile, ac2.profileChoice.how]).toEqual(['ac2', 'named']);
    expect(ac2.entries.map((e: { resources: { id: string }[] }) => e.resources[0]!.id)).toEqual([
      '0x0000000000000601',
      '0x0000000000000602',
    ]);
    const ac3 = JSON.parse((await runCli(['forge', 'list', path, '--resources', '--json', '--forge-profile', 'ac3'])).stdout);
    // AC3's id: the u32 id, then the u32 size (the record's length, 12 + 2 + 1 + 31 = 46 and 47) above it.
    expect(ac3.entries.map((e: { resources: { id: string }[] }) => e.resources[0]!.id)).toEqual([
      '0x0000002E00000601',
      '0x0000002F00000602',
    ]);
    // The census and validate stop the same way, and take the same option.
    expect((await runCli(['census', path, '--json'])).code).toBe(2);
    expect((await runCli(['validate', path])).code).toBe(2);
    const census = JSON.parse((await runCli(['census', path, '--json', '--forge-profile', 'ac2'])).stdout);
    expect(census.archives[0]).toMatchObject({ profile: 'ac2', refused: 0 });
  });

  it('refuses, as a usage error, a TOC record reading the profile does not allow', async () => {
    const path = archiveFile(bytes);
    // AC2 reads its TOC records one way only (u32 id, u32 size, i16); the flags word is the later titles'.
    const run = await runCli(['forge', 'list', path, '--forge-profile', 'ac2', '--toc-record', 'u64-id-flags']);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/the ac2 profile reads TOC records as .*, not u64-id-flags/);
    expect(run.stdout).toBe('');
  });

  it('refuses a profile name that is none of the profiles', async () => {
    const path = archiveFile(bytes);
    const run = await runCli(['forge', 'list', path, '--forge-profile', 'ac5']);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/ac1, ac2, ac3, unity, wildlands, steep, origins-odyssey/);
  });
});

describe('bookkeeping entries', () => {
  it('are listed with what they are, and never read as data files, extracted or counted as refused', async () => {
    // Ids 16 (GlobalMetaFile) and 145 (PrefetchingFileInfos), whose bytes are no data file here.
    const junk = (id: bigint, name: string): HandEntry => ({
      id,
      name,
      type: 0,
      resources: [{ classHash: 0, id, name, body: filler(20) }],
    });
    const { bytes } = handArchive(
      [riderEntry(filler(40, 1)), junk(16n, 'GlobalMetaFile'), bikeEntry(), junk(145n, 'PrefetchingFileInfos')],
      {
        version: 27,
      },
    );
    const path = archiveFile(bytes);
    const list = await runCli(['forge', 'list', path, '--resources', '--json']);
    expect(list.code).toBe(0);
    const json = JSON.parse(list.stdout);
    expect(json.entries.map((e: { bookkeeping: { name: string } | null }) => e.bookkeeping?.name ?? null)).toEqual([
      null,
      'GlobalMetaFile',
      null,
      'PrefetchingFileInfos',
    ]);
    expect(json.entries[1]).toMatchObject({ resources: null, refusal: null });
    const text = await runCli(['forge', 'list', path]);
    expect(text.stdout).toMatch(/\(GlobalMetaFile\)/);
    const census = JSON.parse((await runCli(['census', path, '--json', '--every-data-file'])).stdout);
    expect(census.archives[0]).toMatchObject({ entries: 4, dataFilesRead: 2, bookkeepingEntries: 2, refused: 0 });
    const out = join(temp, `out${serial++}`);
    const extract = await runCli(['forge', 'extract', path, '-o', out]);
    expect(extract.code).toBe(0);
    expect(extract.stdout).toContain('2 bookkeeping entries not data files, not extracted');
    expect(readdirSync(out).sort()).toEqual(['CHR_Bike.Skeleton', 'CHR_Rider.Skeleton', 'forge-manifest.json']);
    // With --class all they are kept raw, for forge pack to put back.
    const all = join(temp, `out${serial++}`);
    const everything = await runCli(['forge', 'extract', path, '-o', all, '--class', 'all']);
    expect(everything.stdout).toContain('2 bookkeeping entries kept raw in _bookkeeping/ for forge pack');
    expect(readdirSync(join(all, '_bookkeeping')).sort()).toEqual(['1-GlobalMetaFile.raw', '3-PrefetchingFileInfos.raw']);
  });
});

describe('--forge-profile on the commands that read one resource', () => {
  it('inspect --entry reads under the profile named, and a profile whose framing does not fit refuses the data file', async () => {
    const path = archiveFile(handArchive([riderEntry(filler(40, 1))], { version: 27 }).bytes);
    expect((await runCli(['inspect', path, '--entry', '0', '--json', '--forge-profile', 'wildlands'])).code).toBe(0);
    // AC Unity's reading takes the i32 pairs for u16 ones: the data file is refused, named.
    const unity = await runCli(['inspect', path, '--entry', '0', '--forge-profile', 'unity']);
    expect(unity.code).toBe(1);
    expect(unity.stderr).toMatch(/entry 0 "CHR_Rider\.Skeleton": refused at offset/);
  });
});
