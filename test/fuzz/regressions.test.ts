import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  allReadings,
  checkResource,
  commandsTarget,
  component,
  hashText,
  nameList,
  poseFind,
  poseSkeletons,
  skeletonAuto,
  Violation,
  type FuzzTarget,
} from '../../scripts/fuzz/targets.js';
import { DECODER_NAMES, decoderTargets } from '../../scripts/fuzz/decoder-targets.js';
import { archiveTarget } from '../../scripts/fuzz/archive-targets.js';
import { skeletonForced } from '../../scripts/fuzz/targets.js';
import { layouts } from '../../src/formats/registry.js';

// The sibling layouts' forced readers, as their campaign lanes name them.
const siblingTargets = layouts()
  .filter((layout) => layout.source !== 'seed')
  .map((layout) => skeletonForced(layout));

const DIR = join(import.meta.dirname, '..', 'fuzz-regressions');
const SLOW_MS = 100;
const READERS = [
  'skeleton',
  'skeleton-anvilnext',
  'skeleton-scimitar',
  'component',
  'commands',
  'name-list',
  'hash',
  'pose-find',
  'forge',
  ...siblingTargets.map((t) => t.name),
  ...DECODER_NAMES,
];

const files = readdirSync(DIR)
  .filter((name) => !name.startsWith('.') && name !== 'README.md')
  .sort();

/** Every reader the replay runs each file through. */
function replayTargets(): FuzzTarget[] {
  const targets: FuzzTarget[] = [skeletonAuto, component, commandsTarget, nameList, hashText];
  for (const reading of allReadings()) {
    targets.push({
      name: 'skeleton-anvilnext',
      description: `forced anvilnext ${JSON.stringify(reading)}`,
      check: (input) => checkResource(input, { dialect: 'anvilnext', reading }),
    });
  }
  targets.push({
    name: 'skeleton-scimitar',
    description: 'forced scimitar',
    check: (input) => checkResource(input, { dialect: 'scimitar' }),
  });
  for (const { variant, skeleton } of poseSkeletons()) targets.push(poseFind(skeleton, variant));
  targets.push(...decoderTargets(), ...siblingTargets);
  return targets;
}

const targets = replayTargets();

function timed(target: FuzzTarget, input: Uint8Array): number {
  const start = performance.now();
  target.check(input);
  return performance.now() - start;
}

describe('fuzz regressions', () => {
  it('the folder holds inputs, each named after a known reader', () => {
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) expect(READERS, file).toContain(file.split('.')[0]);
  });

  it.each(files)('%s: every reader answers by its contract, within 100 ms', async (file) => {
    const input = new Uint8Array(readFileSync(join(DIR, file)));
    // The archive reader reads asynchronously; its contract is the same.
    const start = performance.now();
    await archiveTarget.checkAsync(input);
    expect(performance.now() - start, `forge took too long`).toBeLessThanOrEqual(SLOW_MS * 5);
    for (const target of targets) {
      let ms: number;
      try {
        ms = timed(target, input);
        if (ms > SLOW_MS) ms = Math.min(timed(target, input), timed(target, input));
      } catch (error) {
        if (error instanceof Violation) throw new Error(`${target.name} (${target.description}): ${error.message}`, { cause: error });
        throw error;
      }
      expect(ms, `${target.name} (${target.description}) took ${ms.toFixed(0)} ms`).toBeLessThanOrEqual(SLOW_MS);
    }
  });
});
