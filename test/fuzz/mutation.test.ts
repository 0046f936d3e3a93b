import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyMutations, countOffsets, type MutationContext } from '../../scripts/fuzz/mutations.js';
import {
  allReadings,
  checkResource,
  layoutSeeds,
  sampleSeeds,
  withHeaderOf,
  type CheckOptions,
  type ResourceReadSpec,
  type Verdict,
} from '../../scripts/fuzz/targets.js';
import { decoderLanes } from '../../scripts/fuzz/decoder-targets.js';
import { mutations } from '../helpers/arbitraries.js';
import { layouts } from '../../src/formats/registry.js';
import { readResourceAs } from '../../src/formats/resource.js';

const SLOW_MS = 100;

/** Runs a check under a time limit; a slow first run is re-timed (a GC pause or JIT warm-up is not a hang). */
function timedCheck(input: Uint8Array, spec: ResourceReadSpec, options: CheckOptions): Verdict {
  const start = performance.now();
  const verdict = checkResource(input, spec, options);
  const ms = performance.now() - start;
  if (ms > SLOW_MS) {
    const again = Math.min(
      ...[0, 1].map(() => {
        const t = performance.now();
        checkResource(input, spec, options);
        return performance.now() - t;
      }),
    );
    expect(again, `decode of a ${input.length}-byte input took ${again.toFixed(0)} ms`).toBeLessThanOrEqual(SLOW_MS);
  }
  return verdict;
}

const seeds = sampleSeeds();
const readings = allReadings();

interface Lane {
  name: string;
  inputs: Uint8Array[];
  runs: number;
  spec: (pick: number) => ResourceReadSpec;
  /** Also the decode with spans (which must agree), the hex dump and the glTF export. */
  options?: CheckOptions;
}

const lanes: Lane[] = [
  { name: 'anvilnext Skeleton samples, layout detected', inputs: seeds.anvilnextSkeletons, runs: 2000, spec: () => ({}) },
  { name: 'the scimitar Skeleton sample, layout detected', inputs: seeds.scimitarSkeletons, runs: 2000, spec: () => ({}) },
  { name: 'SkeletonComponent samples', inputs: seeds.components, runs: 1000, spec: () => ({}) },
  {
    name: 'Skeleton samples read as anvilnext (every reading), scimitar ones given an anvilnext header',
    inputs: [...seeds.anvilnextSkeletons, ...seeds.scimitarSkeletons.map((b) => withHeaderOf(b, 'anvilnext'))],
    runs: 1000,
    spec: (pick) => ({ dialect: 'anvilnext', reading: readings[pick % readings.length] }),
  },
  {
    name: 'Skeleton samples read as scimitar, anvilnext ones given a scimitar header',
    inputs: [...seeds.scimitarSkeletons, ...seeds.anvilnextSkeletons.map((b) => withHeaderOf(b, 'scimitar'))],
    runs: 1000,
    spec: () => ({ dialect: 'scimitar' }),
  },
  // The sibling titles' layouts, forced, on the bundled rigs their record builders write (every reading in turn).
  ...layouts()
    .filter((layout) => layout.source !== 'seed')
    .map((layout): Lane => {
      const layoutReadings = layout.readings();
      return {
        name: `Skeletons written and read as ${layout.name}`,
        inputs: layoutSeeds(layout),
        runs: 400,
        spec: (pick) => ({ dialect: layout.name, reading: layoutReadings[pick % layoutReadings.length] }),
      };
    }),
  {
    name: 'every sample, through every command (decode with spans agrees, hex dump, glTF export, census)',
    inputs: seeds.all.map((f) => f.bytes),
    runs: 400,
    spec: () => ({}),
    options: { commands: true },
  },
];

describe.each(lanes)('random byte mutations of $name', (lane) => {
  const contexts: MutationContext[] = lane.inputs.map((input) => ({
    counts: countOffsets(input),
    others: lane.inputs.filter((o) => o !== input),
  }));

  it('either decode and re-encode to exactly the mutated bytes, or raise a ParseError', () => {
    const outcomes = { decoded: 0, refused: 0, skipped: 0 };
    fc.assert(
      fc.property(fc.nat(), mutations, (pick, ms) => {
        const which = pick % lane.inputs.length;
        const input = applyMutations(lane.inputs[which]!, ms, contexts[which]!);
        // checkResource throws a Violation on any other answer (exception, mismatch, malformed refusal).
        outcomes[timedCheck(input, lane.spec(pick), lane.options ?? {}).outcome]++;
      }),
      { numRuns: lane.runs },
    );
    // The mutations reach both answers: some mutants still decode, most are refused.
    expect(outcomes.refused).toBeGreaterThan(lane.runs / 10);
    expect(outcomes.decoded).toBeGreaterThan(0);
  });
});

// The archive's block decoders, fed a declared size and a stream (scripts/fuzz/decoder-targets.ts).
describe.each(decoderLanes().map((lane) => ({ name: lane.target.name, ...lane })))('random byte mutations of $name blocks', (lane) => {
  const contexts: MutationContext[] = lane.seeds.map((input) => ({
    counts: countOffsets(input),
    others: lane.seeds.filter((o) => o !== input),
  }));

  it('either decode to exactly the declared size or raise a ParseError inside the input, quickly', () => {
    const outcomes = { decoded: 0, refused: 0, skipped: 0 };
    fc.assert(
      fc.property(fc.nat(), mutations, (pick, ms) => {
        const which = pick % lane.seeds.length;
        const input = applyMutations(lane.seeds[which]!, ms, contexts[which]!);
        const start = performance.now();
        outcomes[lane.target.check(input).outcome]++;
        const elapsed = performance.now() - start;
        if (elapsed > SLOW_MS) expect(Math.min(...[0, 1].map(() => timeOf(() => lane.target.check(input))))).toBeLessThanOrEqual(SLOW_MS);
      }),
      { numRuns: 500 },
    );
    expect(outcomes.refused).toBeGreaterThan(50);
    expect(outcomes.decoded).toBeGreaterThan(0);
  });
});

function timeOf(run: () => unknown): number {
  const start = performance.now();
  run();
  return performance.now() - start;
}

describe('the sibling lanes reach what their layouts read', () => {
  it('Wildlands is seeded with a Skeleton whose bones carry a BoneModifier of each of the seven classes', () => {
    const layout = layouts().find((l) => l.name === 'anvilnext/wildlands')!;
    const classes = layoutSeeds(layout).flatMap((bytes) =>
      (
        readResourceAs(bytes, { kind: 'Skeleton', dialect: layout.name }).resource.record.bones as { modifiers: { classHash: number }[] }[]
      ).flatMap((b) => b.modifiers.map((m) => m.classHash)),
    );
    expect(new Set(classes)).toEqual(new Set([0x76d082f6, 0x49f4ca3e, 0x75116750, 0x4bf66801, 0xf9d25748, 0x0544175b, 0x711759af]));
  });
});
