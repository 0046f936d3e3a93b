import { mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync, cpSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli, type CliRun } from '../helpers/cli.js';

/** Runs `census …` in-process, as the CLI's `main` does. */
export function runCensusCli(args: string[]): Promise<CliRun> {
  return runCli(['census', ...args]);
}

export const RIDER = 'samples/anvilnext/MAD_CHR_Skel_U.Skeleton';
export const SKATER = 'samples/scimitar/SWS_Skater.Skeleton';
export const NPC = 'samples/anvilnext/MAD_NPC_Generic.SkeletonComponent';

export interface PlantedCorpus {
  dir: string;
  /** Relative path → expected refusal (offset and field path). */
  refused: Record<
    string,
    { offset: number; path: string; kind: 'Skeleton' | 'SkeletonComponent'; dialect: 'anvilnext' | 'scimitar' | null }
  >;
}

/**
 * The bundled samples plus planted bad files under `planted/` (names that do not say what they are),
 * a text file, an empty file, and a directory symlink that loops back up.
 */
export function plantedCorpus(): PlantedCorpus {
  const dir = mkdtempSync(join(tmpdir(), 'anvil-census-'));
  cpSync('samples', join(dir, 'samples'), { recursive: true });
  const planted = join(dir, 'planted');
  mkdirSync(join(planted, 'deeper'), { recursive: true });
  const rider = readFileSync(RIDER);
  const put = (name: string, bytes: Uint8Array) => writeFileSync(join(planted, name), bytes);

  // The rider: 12-byte header, managed byte, SkeletonType, bone count at 17 (31 bones), bone 0 at
  // 21 (117 bytes: null parent), then 125-byte bones, bone k at 138 + 125·(k − 1).
  // Cut at 3,500 bytes: bone 27 starts at 3,388; its u32 word count is at 3,388 + 109 = 3,497 and
  // needs four bytes where three remain.
  put('deeper/a.bin', rider.subarray(0, 3500));
  // The first bone's class hash at 21 + 1 (tag) + 8 (id) = 30, one bit flipped.
  const flipped = Buffer.from(rider);
  flipped[30]! ^= 0x40;
  put('b.dat', flipped);
  // The bone count at 17 inflated beyond what the bytes can hold.
  const inflated = Buffer.from(rider);
  inflated.writeUInt32LE(0xffff, 17);
  put('c', inflated);
  // One byte after the end.
  put('d.Skeleton', Buffer.concat([rider, Buffer.from([0])]));
  // A scimitar skater whose first bone's class hash (at 17 + 6) is wrong.
  const skater = Buffer.from(readFileSync(SKATER));
  skater[23]! ^= 0x01;
  put('e.Skeleton', skater);
  // An NPC component with a trailing byte.
  const npc = readFileSync(NPC);
  put('f.SkeletonComponent', Buffer.concat([npc, Buffer.from([7])]));
  // Neither class: text; and an empty file named like a Skeleton, refused since it cannot hold its class.
  put('notes.txt', Buffer.from('not a resource\n'));
  put('empty.Skeleton', new Uint8Array(0));
  symlinkSync('..', join(planted, 'deeper', 'loop'));
  return {
    dir,
    refused: {
      'planted/deeper/a.bin': { offset: 3497, path: 'bones[27].words', kind: 'Skeleton', dialect: 'anvilnext' },
      'planted/b.dat': { offset: 30, path: 'bones[0].classHash', kind: 'Skeleton', dialect: 'anvilnext' },
      'planted/c': { offset: 17, path: 'bones', kind: 'Skeleton', dialect: 'anvilnext' },
      'planted/d.Skeleton': { offset: rider.length, path: '(root)', kind: 'Skeleton', dialect: 'anvilnext' },
      'planted/e.Skeleton': { offset: 23, path: 'bones[0].classHash', kind: 'Skeleton', dialect: 'scimitar' },
      'planted/f.SkeletonComponent': { offset: npc.length, path: '(root)', kind: 'SkeletonComponent', dialect: 'anvilnext' },
      'planted/empty.Skeleton': { offset: 0, path: '(header)', kind: 'Skeleton', dialect: null },
    },
  };
}
