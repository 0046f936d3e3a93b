/**
 * The `.forge` container under random byte mutations: one archive per archive profile holding the
 * samples (stored and LZO1X blocks, a chain of index blocks, several blocks per set), mutated as the
 * fuzz campaign mutates them. Every mutant is read to its end or refused with a Refusal (or, when
 * two profiles read it differently, a ForgeProfileAmbiguity), never another exception, quickly; and
 * the mutants reach the data files, not only the header.
 */
import { describe, expect, it } from 'vitest';
import { archiveSeedsByProfile, archiveTarget, SEED_PROFILES } from '../../scripts/fuzz/archive-targets.js';
import { mutants } from '../../scripts/fuzz/campaign.js';
import { openForge, readDataFile } from '../../src/archive/forge.js';
import { FORGE_PROFILE_NAMES } from '../../src/archive/profile/profiles.js';
import { bytesSource } from '../../src/archive/source.js';
import { ambiguousFixture } from '../archive/forge-profile-fixtures.js';

const seeds = archiveSeedsByProfile();
const lane = { label: 'forge archive (test)', target: archiveTarget, seeds: seeds.map((s) => s.bytes), extension: 'bin' as const };

describe('random byte mutations of .forge archives', () => {
  it('seeds one archive per profile, stored and LZO1X, each read whole under its profile and detected as it or alike', async () => {
    expect([...new Set(SEED_PROFILES.map((s) => s.profile))].sort()).toEqual([...FORGE_PROFILE_NAMES].sort());
    expect(seeds.map((s) => `${s.profile} ${s.version}${s.compressed ? ' LZO1X' : ''}`)).toHaveLength(2 * FORGE_PROFILE_NAMES.length);
    for (const seed of seeds) {
      const named = await openForge(bytesSource(seed.bytes), { profile: seed.profile });
      expect(named.version).toBe(seed.version);
      for (const entry of named.entries) {
        const file = await readDataFile(named, entry);
        expect(file.resources).toHaveLength(1);
        if (seed.compressed) expect(file.resourcesSet!.blocks.some((b) => b.compressedSize !== b.uncompressedSize)).toBe(true);
      }
      const detected = await openForge(bytesSource(seed.bytes));
      expect([detected.profile!.name, ...detected.profileChoice.alike], `${seed.profile} ${seed.version}`).toContain(seed.profile);
    }
  });

  it('the seeds themselves read to their end, every Skeleton inside', async () => {
    for (const seed of lane.seeds) expect((await archiveTarget.checkAsync(seed)).outcome).toBe('decoded');
  });

  it('counts an archive two profiles read differently (ForgeProfileAmbiguity) as refused, not as a finding', async () => {
    // ac2 and ac3 both read this hand-made archive to its end, under different resource ids.
    expect((await archiveTarget.checkAsync(ambiguousFixture().bytes)).outcome).toBe('refused');
  });

  it('either read every data file or are refused with a Refusal, within a second of CPU each (no hang, no blow-up)', async () => {
    const next = mutants(lane, 20261201);
    const outcomes = { decoded: 0, refused: 0, skipped: 0 };
    // CPU time of this process: a busy machine's other work does not count.
    const timed = async (input: Uint8Array): Promise<number> => {
      const start = process.cpuUsage();
      await archiveTarget.checkAsync(input);
      const used = process.cpuUsage(start);
      return (used.user + used.system) / 1000;
    };
    // 30 mutants a seed: the campaign runs the thousands; this keeps the lane honest in CI time.
    for (let i = 0; i < 420; i++) {
      const { input } = next();
      const start = performance.now();
      // A Violation (any other exception) fails the test with its message.
      const verdict = await archiveTarget.checkAsync(input);
      const ms = performance.now() - start;
      // A bound against a hang or a blow-up, not a speed target (the bench measures speed).
      if (ms > 1000) {
        // As the campaign confirms a slow execution, the faster of two more runs must be slow too,
        // here in CPU time: a decoded mutant reads a dozen Skeletons (some 40 ms), which a machine
        // busy with other work can make take twice as long on the clock.
        const again = Math.min(await timed(input), await timed(input));
        expect(again, `mutant ${i} took ${ms.toFixed(0)} ms`).toBeLessThanOrEqual(1000);
      }
      outcomes[verdict.outcome]++;
    }
    // Most mutants land in the data files (the bulk of the bytes), where a checksum refuses them;
    // some are still read whole (a byte of a name, of padding). Both kinds must occur.
    expect(outcomes.refused).toBeGreaterThan(100);
    expect(outcomes.decoded).toBeGreaterThan(10);
  });
});
