/**
 * The probe report of an archive built by hand in the wildlands framing (three data files: the
 * rider, the bike and skater, the component), probed two data files deep: the first line and the
 * probed entries are written out here from those three entries; the wildlands profile must read
 * both probed data files to their exact ends, since the archive was written in its framing.
 */
import { describe, expect, it } from 'vitest';
import { probeForgeProfiles } from '../../src/archive/forge-open.js';
import { forgeProbeReport, forgeProbeText } from '../../src/archive/forge-probe-report.js';
import { readForgeTables } from '../../src/archive/forge.js';
import { bytesSource } from '../../src/archive/source.js';
import { bikeEntry, componentEntry, filler, riderEntry } from './forge-fixtures.js';
import { handArchive } from './forge-hand.js';

describe('forgeProbeReport', () => {
  it('gives every trial as data, and prints one line per profile', async () => {
    const { bytes } = handArchive([riderEntry(filler(30, 1)), bikeEntry(), componentEntry()], { version: 27 });
    const tables = await readForgeTables(bytesSource(bytes));
    const report = forgeProbeReport('a.forge', tables, await probeForgeProfiles(tables, { limit: 2 }));
    expect(report.entryCount).toBe(3);
    expect(report.version).toBe(27);
    expect(report.probed).toEqual([
      { number: 0, name: 'CHR_Rider.Skeleton' },
      { number: 1, name: 'CHR_Bike.Skeleton' },
    ]);
    const wildlands = report.profiles.find((p) => p.profile === 'wildlands')!;
    expect(wildlands.read).toBe(2);
    expect(wildlands.dataFiles.map((d) => [d.entry, d.read, d.resources, d.refusal])).toEqual([
      [0, true, 2, null],
      [1, true, 2, null],
    ]);
    const lines = forgeProbeText(report).trimEnd().split('\n');
    expect(lines[0]).toBe('a.forge: version 27, 3 entries; 2 data files probed (0, 1)');
    expect(lines).toContain(`  ${'wildlands'.padEnd(16)} reads all 2 to their exact ends`);
    expect(lines).toHaveLength(1 + report.findings.length + report.profiles.length + 1);
  });
});
