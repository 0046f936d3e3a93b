/**
 * findPoseArray's scan speed over a 256 MiB in-memory dump (32 MiB chunks, to measure the scan
 * rather than the disk), against a plain Buffer.indexOf of a 48-byte pattern over the same dump
 * in the same run. The array sits near the end, at a 4- but not 16-aligned offset.
 */
import { encodePoseArray } from '../src/analysis/pose-array.js';
import { findPoseArray } from '../src/analysis/pose-find.js';
import { composeTransforms, quatNormalize, type Transform } from '../src/math/index.js';
import type { Skeleton } from '../src/model/skeleton.js';
import { median, type BenchResult } from './lib.js';

const MIB = 1024 * 1024;
const DUMP_BYTES = 256 * MIB;
const CHUNK_BYTES = 32 * MIB;
const RUNS = 5;
const GOAL = '≥ 1 GB/s and ≥ 0.5× indexOf';

function xorshiftFill(words: Uint32Array, seed: number): void {
  let x = seed >>> 0 || 1;
  for (let i = 0; i < words.length; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    words[i] = x;
  }
}

/** A chain-and-branch skeleton of `count` bones with varied transforms and an own transform. */
function benchSkeleton(count: number): Skeleton {
  const locals: Transform[] = [];
  const parents: number[] = [];
  for (let i = 0; i < count; i++) {
    parents.push(i === 0 ? -1 : Math.floor((i - 1) * 0.7));
    const a = i * 0.37;
    locals.push({
      position: [Math.sin(a) * 0.3, Math.cos(a) * 0.2, 0.1 + i * 1e-3, 0],
      rotation: quatNormalize([Math.sin(a), 0.2, Math.cos(a * 3), 1.5]),
    });
  }
  const globals: Transform[] = [];
  locals.forEach((local, i) => globals.push(parents[i] === -1 ? local : composeTransforms(globals[parents[i]!]!, local)));
  return {
    dialect: 'anvilnext',
    id: 1n,
    skeletonType: 0,
    ownTransform: { position: [0, 0, 0.964, 0], rotation: [0, 0, Math.SQRT1_2, Math.SQRT1_2] },
    bones: locals.map((local, index) => ({
      index,
      id: BigInt(index),
      nameHash: index,
      parent: parents[index]!,
      mirror: index,
      global: globals[index]!,
      local,
      descendants: 0,
      storedIndex: index,
    })),
  };
}

async function time(fn: () => Promise<unknown> | unknown): Promise<number> {
  await fn(); // warm-up
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    await fn();
    samples.push(performance.now() - start);
  }
  return median(samples) / 1000;
}

export async function run(): Promise<BenchResult[]> {
  const words = new Uint32Array(DUMP_BYTES / 4);
  xorshiftFill(words, 0x2545f491);
  const dump = new Uint8Array(words.buffer);
  const buffer = Buffer.from(words.buffer);
  const chunks: Uint8Array[] = [];
  for (let at = 0; at < DUMP_BYTES; at += CHUNK_BYTES) chunks.push(dump.subarray(at, at + CHUNK_BYTES));

  const results: BenchResult[] = [];
  let indexOfSpeed = 0;
  for (const bones of [150, 1]) {
    const skeleton = benchSkeleton(bones);
    const array = encodePoseArray(skeleton);
    const offset = DUMP_BYTES - 4 * MIB + 4 * 1001;
    const saved = dump.slice(offset, offset + array.byteLength);
    dump.set(array, offset);

    const found = await findPoseArray(skeleton, chunks);
    if (found?.offset !== offset || found.root !== 'replace')
      throw new Error(`pose-find bench: expected the array at ${offset}, got ${JSON.stringify(found)}`);
    const findSeconds = await time(() => findPoseArray(skeleton, chunks));

    if (bones === 150) {
      const pattern = Buffer.from(array.subarray(48, 96)); // bone 1's record
      if (buffer.indexOf(pattern) !== offset + 48) throw new Error('pose-find bench: indexOf baseline did not find its pattern');
      indexOfSpeed = DUMP_BYTES / (await time(() => buffer.indexOf(pattern))) / 1e9;
      results.push({ name: 'Buffer.indexOf 48-byte pattern (baseline)', value: indexOfSpeed, unit: 'GB/s' });
    }
    const speed = DUMP_BYTES / findSeconds / 1e9;
    const ratio = speed / indexOfSpeed;
    results.push({
      name: `findPoseArray scan, ${bones}-bone skeleton, 256 MiB in 32 MiB chunks`,
      value: speed,
      unit: 'GB/s',
      ratio,
      ratioLabel: '× Buffer.indexOf',
      goal: GOAL,
      met: speed >= 1 && ratio >= 0.5,
    });
    dump.set(saved, offset);
  }

  // Robustness, not a goal: a dump dense in 1.0f words (one aligned word in 16), as real memory is.
  for (let i = 5; i < words.length; i += 16) words[i] = 0x3f800000;
  const skeleton = benchSkeleton(150);
  const denseSeconds = await time(() => findPoseArray(skeleton, chunks));
  results.push({
    name: 'findPoseArray scan, 150 bones, 1.0f in 1 word of 16 (no goal)',
    value: DUMP_BYTES / denseSeconds / 1e9,
    unit: 'GB/s',
  });
  return results;
}
