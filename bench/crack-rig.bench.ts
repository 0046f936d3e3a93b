/**
 * Cracking a whole rig: every unknown hash of a 3,000-bone hierarchy with the default families,
 * as the user runs it (`node dist/cli.cjs crack --hierarchy rig.json --json`, the whole process:
 * start-up, dictionary, search, evidence, output), against the floor of hashing the same number
 * of candidate strings, one full string at a time, with the project's crc32 in this process.
 *
 * The hierarchy is built here from a fixed seed: 1,000 names of the built-in dictionary (known),
 * 1,000 names drawn from the default families (half of them as numbered chains of five links, so
 * series evidence has something to work on, the others as single bones), and 1,000 random 32-bit
 * hashes that stand for names no family holds. Parents are earlier bones chosen at random, a chain
 * link's parent the link before. It needs `npm run build` first.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { crc32, formatHash } from '../src/names/crc32.js';
import { builtInNames, CLASS_NAMES } from '../src/names/dictionary.js';
import { defaultFamilies, familySize } from '../src/names/families.js';
import type { BenchResult } from './lib.js';
import { installedCli } from './processes.js';

const BONES_PER_KIND = 1000;
const CHAIN_LINKS = 5;
const GOAL_SECONDS = 60;
const cli = installedCli(join(dirname(fileURLToPath(import.meta.url)), '..'));

/** A small seeded generator (mulberry32), so every run cracks the same rig. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

interface Rig {
  hierarchy: Record<string, (string | null)[]>;
  planted: Map<number, string>;
  randomHashes: Set<number>;
}

function buildRig(): Rig {
  const next = random(17);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)];
  const order: { hash: number; parent: number | null }[] = [];
  const seen = new Set<number>();
  const push = (hash: number, parent: number | null): boolean => {
    if (seen.has(hash)) return false;
    seen.add(hash);
    order.push({ hash, parent });
    return true;
  };
  const anyParent = (): number | null => (order.length === 0 ? null : order[Math.floor(next() * order.length)].hash);
  const classes = new Set(CLASS_NAMES);
  const dictionary = builtInNames().filter((name) => !classes.has(name));
  for (let placed = 0; placed < BONES_PER_KIND;) if (push(crc32(pick(dictionary)), anyParent())) placed++;

  const planted = new Map<number, string>();
  const families = defaultFamilies();
  const numberedChain = families.find((f) => f.id === 'chain-number')!;
  for (let placed = 0; placed < BONES_PER_KIND / 2;) {
    // A chain: one chain word and separator, consecutive numbers (Cape_03 … Cape_07).
    const [words, separators, numbers] = numberedChain.slots;
    const word = pick(words) + pick(separators);
    const start = Math.floor(next() * (numbers.length - CHAIN_LINKS));
    let parent = anyParent();
    for (let link = 0; link < CHAIN_LINKS; link++) {
      const name = word + numbers[start + link];
      if (!push(crc32(name), parent)) break;
      planted.set(crc32(name), name);
      parent = crc32(name);
      placed++;
    }
  }
  while (planted.size < BONES_PER_KIND) {
    const family = pick(families);
    const name = family.slots.map((slot) => pick(slot)).join('');
    if (push(crc32(name), anyParent())) planted.set(crc32(name), name);
  }
  const randomHashes = new Set<number>();
  while (randomHashes.size < BONES_PER_KIND) {
    const hash = Math.floor(next() * 2 ** 32) >>> 0;
    if (push(hash, anyParent())) randomHashes.add(hash);
  }
  const hierarchy: Record<string, (string | null)[]> = {};
  for (const bone of order) hierarchy[formatHash(bone.hash)] = [bone.parent === null ? null : formatHash(bone.parent)];
  return { hierarchy, planted, randomHashes };
}

/** Hashes every name of every family as a whole string; returns the seconds taken and the names hashed. */
function floor(): { seconds: number; names: number } {
  let names = 0;
  let sink = 0;
  const start = performance.now();
  for (const family of defaultFamilies()) {
    const build = (depth: number, prefix: string): void => {
      if (depth === family.slots.length) {
        sink ^= crc32(prefix);
        names++;
        return;
      }
      for (const value of family.slots[depth]) build(depth + 1, prefix + value);
    };
    build(0, '');
  }
  const seconds = (performance.now() - start) / 1000;
  if (sink === 0.5) throw new Error('unreachable');
  return { seconds, names };
}

export async function run(): Promise<BenchResult[]> {
  const rig = buildRig();
  const dir = mkdtempSync(join(tmpdir(), 'anvil-crack-rig-'));
  try {
    const file = join(dir, 'rig.json');
    writeFileSync(file, JSON.stringify(rig.hierarchy));
    const start = performance.now();
    const child = spawnSync(process.execPath, [cli, 'crack', '--hierarchy', file, '--json'], { encoding: 'utf8', maxBuffer: 1 << 28 });
    const seconds = (performance.now() - start) / 1000;
    if (child.error) throw child.error;
    if (child.status !== 0 && child.status !== 1) throw new Error(`crack exited ${child.status}: ${child.stderr}`);
    const rows = JSON.parse(child.stdout) as { hash: string; name: string | null; confidence: string | null }[];
    const tally = { known: 0, likely: 0, possible: 0, none: 0, plantedLikely: 0, wrongLikely: 0, randomLikely: 0 };
    for (const row of rows) {
      tally[(row.confidence ?? 'none') as 'known' | 'likely' | 'possible' | 'none']++;
      if (row.confidence !== 'likely') continue;
      const hash = Number.parseInt(row.hash.slice(2), 16);
      if (rig.planted.get(hash) === row.name) tally.plantedLikely++;
      else if (rig.randomHashes.has(hash)) tally.randomLikely++;
      else tally.wrongLikely++;
    }
    const base = floor();
    const searched = defaultFamilies().reduce((sum, family) => sum + familySize(family), 0);
    if (base.names !== searched) throw new Error(`floor hashed ${base.names} names, the families hold ${searched}`);
    const ratio = seconds / base.seconds;
    return [
      {
        name:
          `crack a 3,000-bone hierarchy (whole process; ${rows.length} hashes: ${tally.known} known, ${tally.likely} likely ` +
          `[${tally.plantedLikely} of ${rig.planted.size} planted family names, ${tally.wrongLikely} wrong, ${tally.randomLikely} on random hashes], ` +
          `${tally.possible} only possible, ${tally.none} no match)`,
        value: seconds,
        unit: 's',
        ratio,
        ratioLabel: `× floor (hashing the ${searched.toLocaleString('en-US')} family names one by one)`,
        goal: `under ${GOAL_SECONDS} s`,
        met: seconds < GOAL_SECONDS,
      },
      { name: 'crack floor (project crc32 over every family name as a string, in this process)', value: base.seconds, unit: 's' },
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
