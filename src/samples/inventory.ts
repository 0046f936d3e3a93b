/**
 * An inventory-scale synthetic corpus, shaped after the seed's census: 1,138 `anvilnext` Skeletons
 * holding 54,925 bones, 521 `scimitar` Skeletons holding 17,405 bones, 146 SkeletonComponents,
 * SkeletonType values 0–8 and 14, and the stored root local equal to the own transform in 1,033
 * of the 1,120 Skeletons whose root is a reference. Every rig is random (a small seeded PRNG, so
 * the same seed gives the same bytes), built through the model and written by the project's writer.
 * No game data is in it: the counts are the seed's, the rigs are invented.
 */
import {
  NULL_RESOURCE, RESOURCE_MODE, skeletonComponent, type AnvilnextSkeleton, type SkeletonComponent,
} from '../formats/anvilnext/index.js';
import { ANVILNEXT_READING_DEFAULTS } from '../formats/anvilnext/reading.js';
import type { ScimitarSkeleton } from '../formats/scimitar/index.js';
import { writeResource } from '../formats/resource.js';
import { encodeAll } from '../grammar/decode.js';
import { quatFromAxisAngle } from '../math/quaternion.js';
import type { Transform } from '../math/transform.js';
import type { Quat, Vec3 } from '../math/vector.js';
import { buildSkeleton, type BoneDescription } from '../model/build.js';
import { anvilnextRecordFromSkeleton, scimitarRecordFromSkeleton } from '../model/from-records.js';
import type { Skeleton } from '../model/skeleton.js';
import { crc32 } from '../names/crc32.js';
import { CLASS_NAMES } from '../names/dictionary.js';
import { builtInNames } from '../names/dictionary.js';
import { counterpartName, hasSide } from '../names/side.js';
import type { SampleFile } from './corpus.js';
import { INVENTORY_DEFAULT_SEED } from './inventory-seed.js';

/** The seed's counts that {@link inventoryCorpus} writes at scale 1. */
export const INVENTORY_TARGETS = Object.freeze({
  anvilnextSkeletons: 1138,
  anvilnextBones: 54925,
  scimitarSkeletons: 521,
  scimitarBones: 17405,
  components: 146,
  /** anvilnext Skeletons whose root pointer is null (03): 1,138 − 1,120. */
  nullRoots: 18,
  /** Of the 1,120 with a root reference, those whose stored root local equals the own transform. */
  rootLocalEqualsOwn: 1033,
});

/** SkeletonType values the seed reports (0–8 and 14), with how often the generator uses each. */
export const INVENTORY_SKELETON_TYPES: readonly (readonly [number, number])[] = [
  [0, 20], [1, 30], [2, 6], [3, 6], [4, 5], [5, 8], [6, 4], [7, 4], [8, 14], [14, 3],
];

/** Seed and scale of {@link inventoryCorpus}. */
export interface InventoryOptions {
  /** PRNG seed; the same seed writes the same bytes. Default 1. */
  seed?: number;
  /** Multiplies every count (10 for a ten-times inventory). Default 1. */
  scale?: number;
}

export { INVENTORY_DEFAULT_SEED };

/** A small seeded PRNG (mulberry32): 32-bit state, uniform floats in [0, 1). */
export class SeededRandom {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [lo, hi]. */
  int(lo: number, hi: number): number {
    return lo + Math.floor(this.next() * (hi - lo + 1));
  }

  range(lo: number, hi: number): number {
    return lo + this.next() * (hi - lo);
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }

  weighted(table: readonly (readonly [number, number])[]): number {
    const total = table.reduce((sum, [, w]) => sum + w, 0);
    let r = this.next() * total;
    for (const [value, weight] of table) {
      r -= weight;
      if (r < 0) return value;
    }
    return table[table.length - 1]![0];
  }

  shuffle<T>(items: T[]): T[] {
    for (let i = items.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [items[i], items[j]] = [items[j]!, items[i]!];
    }
    return items;
  }
}

const DEG = Math.PI / 180;
const turnZ = (degrees: number): Quat => quatFromAxisAngle([0, 0, 1], degrees * DEG);

/** `count` bone counts in [min, max] summing exactly to `total`. */
function boneCounts(random: SeededRandom, count: number, total: number, min: number, max: number): number[] {
  const raw = Array.from({ length: count }, () => 0.35 + random.next() * random.next() * 2.6);
  const sum = raw.reduce((a, b) => a + b, 0);
  const counts = raw.map((r) => Math.min(max, Math.max(min, Math.round((r / sum) * total))));
  let diff = total - counts.reduce((a, b) => a + b, 0);
  for (let i = 0; diff !== 0; i = (i + 1) % count) {
    const step = diff > 0 ? 1 : -1;
    const next = counts[i]! + step;
    if (next < min || next > max) continue;
    counts[i] = next;
    diff -= step;
  }
  return counts;
}

/** Bone names of the generated rigs: the built-in dictionary's bone names (class names left out). */
function namePool(): string[] {
  const exclude = new Set<string>([...CLASS_NAMES, 'Reference']);
  return builtInNames().filter((name) => !exclude.has(name));
}

function randomRotation(random: SeededRandom, maxDegrees: number): Quat {
  const axis: Vec3 = [random.range(-1, 1), random.range(-1, 1), random.range(-1, 1)];
  const length = Math.hypot(axis[0], axis[1], axis[2]) || 1;
  return quatFromAxisAngle([axis[0] / length, axis[1] / length, axis[2] / length], random.range(-maxDegrees, maxDegrees) * DEG);
}

/**
 * A random rig of `count` bones: bone 0 `Reference` with the given local, then bones named from
 * the pool (a Left/Right name often followed by its counterpart, so mirrors pair up), about 4 %
 * with names no dictionary holds. Parents come before children; most bones continue a chain.
 */
function randomBones(random: SeededRandom, pool: readonly string[], count: number, rootLocal: Transform): { names: string[]; bones: BoneDescription[] } {
  const names = ['Reference'];
  const used = new Set(names);
  const bones: BoneDescription[] = [{ nameHash: crc32('Reference'), parent: -1, local: rootLocal }];
  let pending: { name: string; of: number } | null = null;
  while (bones.length < count) {
    const index = bones.length;
    let name: string;
    let parent: number;
    let local: Transform;
    if (pending !== null) {
      name = pending.name;
      const twin = bones[pending.of]!;
      parent = twin.parent;
      const p = twin.local.position;
      const q = twin.local.rotation;
      local = { position: [p[0], -p[1], p[2], 0], rotation: [-q[0], q[1], -q[2], q[3]] };
      pending = null;
    } else {
      if (random.chance(0.04)) {
        name = `Gen_${random.int(0, 0xffffff).toString(16).padStart(6, '0')}_${index}`;
      } else {
        do name = random.pick(pool);
        while (used.has(name) || used.has(counterpartName(name)));
      }
      parent = random.chance(0.65) ? index - 1 : random.int(0, index - 1);
      local = { position: [random.range(-0.25, 0.25), random.range(-0.25, 0.25), random.range(-0.1, 0.3), 0], rotation: randomRotation(random, 50) };
      if (hasSide(name) && random.chance(0.7)) pending = { name: counterpartName(name), of: index };
    }
    used.add(name);
    names.push(name);
    bones.push({ nameHash: crc32(name), parent, local });
  }
  const indexOf = new Map(names.map((n, i) => [n, i]));
  for (let i = 0; i < bones.length; i++) bones[i]!.mirror = indexOf.get(counterpartName(names[i]!)) ?? i;
  return { names, bones };
}

function f32Bytes(values: readonly number[]): Uint8Array {
  const out = new Uint8Array(values.length * 4);
  const view = new DataView(out.buffer);
  values.forEach((v, i) => view.setFloat32(i * 4, v, true));
  return out;
}

type RootRole = 'equal' | 'differ' | 'null-root';

function anvilnextBytes(random: SeededRandom, pool: readonly string[], id: bigint, count: number, role: RootRole, skeletonType: number): Uint8Array {
  const height = Math.round(random.range(0.2, 1.2) * 1000) / 1000;
  const own: Transform = { position: [0, 0, height, 0], rotation: turnZ(random.pick([90, 90, 0, -90, 180])) };
  let rootLocal: Transform = own;
  if (role === 'differ' && random.chance(0.5)) {
    // Like the bike: the stored root local turns −90° about z, the own transform +90°.
    own.rotation = turnZ(90);
    rootLocal = { position: [0, 0, height, 0], rotation: turnZ(-90) };
  } else if (role === 'differ') {
    rootLocal = { position: [0, 0, Math.round((height + random.range(0.05, 0.3)) * 1000) / 1000, 0], rotation: own.rotation };
  }
  const { bones } = randomBones(random, pool, count, rootLocal);
  const skeleton = buildSkeleton({ dialect: 'anvilnext', id, skeletonType, ownTransform: own, bones });
  const overrides: Partial<AnvilnextSkeleton> = {};
  if (role === 'null-root') overrides.root = { kind: 'null' };
  if (random.chance(0.15)) {
    overrides.poseGroups = [{ id: id + 0x800n, poses: [{ id: id + 0x801n, unknown: random.int(0, 3), bones: [{ id: id + 0x802n, body: f32Bytes([0, 0, height, 1]) }] }] }];
  }
  if (random.chance(0.3)) overrides.ikData = { kind: 'inline', value: { id: id + 0x810n } };
  if (random.chance(0.2)) overrides.lookAt = { mode: RESOURCE_MODE.byId, flag: 0, id: id + 0x820n };
  if (random.chance(0.1)) overrides.reflexConstraints = Uint8Array.from({ length: random.int(1, 24) }, () => random.int(0, 255));
  if (random.chance(0.1)) overrides.trailingWords = Array.from({ length: random.int(1, 4) }, () => random.int(0, 9));
  overrides.float0 = random.chance(0.5) ? 0 : 0.5;
  overrides.float1 = 1;
  return writeResource({ kind: 'Skeleton', dialect: 'anvilnext', record: anvilnextRecordFromSkeleton(skeleton, overrides), reading: ANVILNEXT_READING_DEFAULTS });
}

function scimitarBytes(random: SeededRandom, pool: readonly string[], id: bigint, count: number): Uint8Array {
  const { names, bones } = randomBones(random, pool, count, { position: [0, 0, 0, 0], rotation: [0, 0, 0, 1] });
  const skeleton: Skeleton = buildSkeleton({ dialect: 'scimitar', id, bones });
  const record: ScimitarSkeleton = scimitarRecordFromSkeleton(skeleton);
  let nextId = Number(id) + 0x300;
  const ref = (index: number) => ({ kind: 'ref' as const, id: record.bones[index]!.id });
  if (count > 2 && random.chance(0.2)) {
    const bone = random.int(1, count - 1);
    record.bones[bone]!.constraints!.push({
      id: nextId++, bone: ref(bone), flag0: 1,
      targets: [{ id: nextId++, bone: ref(random.int(0, count - 1)), weight: 0.5 }],
      flag1: 0, rotation: [0, 0, 0, 1],
    });
  }
  if (random.chance(0.3)) {
    record.poseGroups = [{ id: nextId++, poses: [{ id: nextId++, unknown: 1, bones: [{ id: nextId++, boneName: crc32(names[Math.min(1, count - 1)]!), position: [0, 0, 0.98, 0], rotation: [0, 0, 0, 1] }] }] }];
  }
  if (random.chance(0.4)) record.ikData = { kind: 'inline', value: { id: nextId++, boneNames: names.slice(1, 5).map((n) => crc32(n)) } };
  if (random.chance(0.4)) record.comData = { kind: 'inline', value: { id: nextId++, value0: [0, 0, 0.95, 0], value1: [0, 0, 0, 1] } };
  record.unknown0 = random.chance(0.5) ? 0 : 2;
  record.unknown1 = random.int(0, 3);
  record.unknown2 = random.int(0, 3);
  return writeResource({ kind: 'Skeleton', dialect: 'scimitar', record });
}

function componentBytes(random: SeededRandom, id: bigint, skeletonIds: readonly bigint[]): Uint8Array {
  const npc = random.chance(0.2);
  const addons = npc ? 0 : random.weighted([[0, 2], [1, 2], [2, 2], [3, 2], [4, 2], [5, 3]]);
  const tracks = npc ? 0 : random.weighted([[0, 2], [1, 3], [2, 3], [3, 1], [4, 1]]);
  const record: SkeletonComponent = {
    id,
    base: new Uint8Array([1, 0, 0, 0]),
    mainSkeleton: { mode: RESOURCE_MODE.byId, flag: 0, id: random.pick(skeletonIds) },
    addons: Array.from({ length: addons }, () => ({ mode: RESOURCE_MODE.byId, flag: 0, id: random.pick(skeletonIds) })),
    expressionPack: { ...NULL_RESOURCE },
    trackDefinitions: Array.from({ length: tracks }, (_, i) => ({ id: id + BigInt(i + 1), data: Uint8Array.from({ length: 8 }, () => random.int(0, 255)) })),
    windForce: { id: id + 0x40n, data: f32Bytes([0, 0, random.chance(0.5) ? 0 : 1]) },
  };
  return encodeAll(skeletonComponent, record);
}

const pad = (n: number, width = 5) => String(n).padStart(width, '0');

/** The folder (archive or forge) a file of `index` among `count` lands in, `groups` folders in all. */
const groupOf = (index: number, count: number, groups: number) => Math.floor((index * groups) / count);

/**
 * The inventory-scale corpus's files, one at a time (so a ten-times corpus need not sit in memory):
 * `anvilnext/archive-N/…Skeleton` and `…SkeletonComponent`, `scimitar/forge-NN/…Skeleton`, the same
 * bytes for the same seed. Throws a `RangeError` when the scale is not a positive integer or the seed
 * not an integer from 0 to 2³² − 1.
 */
export function* inventoryCorpus(options: InventoryOptions = {}): Generator<SampleFile> {
  const seed = options.seed ?? INVENTORY_DEFAULT_SEED;
  const scale = options.scale ?? 1;
  if (!Number.isInteger(scale) || scale < 1) throw new RangeError(`inventory scale must be a positive integer, got ${scale}`);
  if (!Number.isInteger(seed) || seed < 0 || seed > 0xffffffff) throw new RangeError(`inventory seed must be an integer 0..4294967295, got ${seed}`);
  const t = INVENTORY_TARGETS;
  const random = new SeededRandom(seed);
  const pool = namePool();

  const anvilnextCount = t.anvilnextSkeletons * scale;
  const anvilnextCounts = boneCounts(random, anvilnextCount, t.anvilnextBones * scale, 4, 250);
  const roles: RootRole[] = random.shuffle([
    ...Array<RootRole>(t.rootLocalEqualsOwn * scale).fill('equal'),
    ...Array<RootRole>((t.anvilnextSkeletons - t.nullRoots - t.rootLocalEqualsOwn) * scale).fill('differ'),
    ...Array<RootRole>(t.nullRoots * scale).fill('null-root'),
  ]);
  const skeletonIds: bigint[] = [];
  for (let i = 0; i < anvilnextCount; i++) {
    const id = 0x4a00_0000_0000_0000n + BigInt(i) * 0x1000n;
    skeletonIds.push(id);
    const type = random.weighted(INVENTORY_SKELETON_TYPES);
    yield {
      path: `anvilnext/archive-${groupOf(i, anvilnextCount, 4) + 1}/GEN_CHR_Skel_${pad(i)}.Skeleton`,
      bytes: anvilnextBytes(random, pool, id, anvilnextCounts[i]!, roles[i]!, type),
      description: `anvilnext Skeleton, ${anvilnextCounts[i]} bones, SkeletonType ${type}, root ${roles[i]}`,
    };
  }
  const componentCount = t.components * scale;
  for (let i = 0; i < componentCount; i++) {
    yield {
      path: `anvilnext/archive-${groupOf(i, componentCount, 4) + 1}/GEN_CHR_${pad(i)}.SkeletonComponent`,
      bytes: componentBytes(random, 0x4c00_0000_0000_0000n + BigInt(i) * 0x100n, skeletonIds),
      description: 'anvilnext SkeletonComponent',
    };
  }
  const scimitarCount = t.scimitarSkeletons * scale;
  const scimitarCounts = boneCounts(random, scimitarCount, t.scimitarBones * scale, 3, 200);
  for (let i = 0; i < scimitarCount; i++) {
    yield {
      path: `scimitar/forge-${pad(groupOf(i, scimitarCount, 33) + 1, 2)}/SWS_Skel_${pad(i)}.Skeleton`,
      bytes: scimitarBytes(random, pool, BigInt(0x5a00_0000 + i * 0x400), scimitarCounts[i]!),
      description: `scimitar Skeleton, ${scimitarCounts[i]} bones`,
    };
  }
}

/** How many files {@link inventoryCorpus} yields at a scale. Never throws. */
export function inventoryFileCount(scale = 1): number {
  const t = INVENTORY_TARGETS;
  return (t.anvilnextSkeletons + t.components + t.scimitarSkeletons) * scale;
}
