/**
 * The `.forge` container under random byte mutations: archives of versions 25 and 27 holding the
 * samples (stored and LZO1X blocks, a chain of index blocks, several blocks per set), mutated as the fuzz
 * campaign mutates them. Every mutant is read to its end or refused with a Refusal, never
 * another exception, quickly; and the mutants reach the data files, not only the header.
 */
import { describe, expect, it } from 'vitest';
import { archiveSeeds, archiveTarget } from '../../scripts/fuzz/archive-targets.js';
import { mutants } from '../../scripts/fuzz/campaign.js';

const lane = { label: 'forge archive (test)', target: archiveTarget, seeds: archiveSeeds(), extension: 'bin' as const };

describe('random byte mutations of .forge archives', () => {
  it('the seeds themselves read to their end, every Skeleton inside', async () => {
    for (const seed of lane.seeds) expect((await archiveTarget.checkAsync(seed)).outcome).toBe('decoded');
  });

  it('either read every data file or are refused with a Refusal, within a second each (no hang, no blow-up)', async () => {
    const next = mutants(lane, 20261201);
    const outcomes = { decoded: 0, refused: 0, skipped: 0 };
    for (let i = 0; i < 600; i++) {
      const { input } = next();
      const start = performance.now();
      // A Violation (any other exception) fails the test with its message.
      const verdict = await archiveTarget.checkAsync(input);
      const ms = performance.now() - start;
      // A bound against a hang or a blow-up (a mutant read many times over), not a speed target:
      // the bench measures speed; a loaded machine may take several times the usual 10 ms.
      if (ms > 1000) {
        const again = performance.now();
        await archiveTarget.checkAsync(input);
        expect(performance.now() - again, `mutant ${i} took ${ms.toFixed(0)} ms`).toBeLessThanOrEqual(1000);
      }
      outcomes[verdict.outcome]++;
    }
    // Most mutants land in the data files (the bulk of the bytes), where a checksum refuses them;
    // some are still read whole (a byte of a name, of padding). Both kinds must occur.
    expect(outcomes.refused).toBeGreaterThan(100);
    expect(outcomes.decoded).toBeGreaterThan(10);
  });
});
