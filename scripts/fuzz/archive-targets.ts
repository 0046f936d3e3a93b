/**
 * The `.forge` container under fuzz: an archive's tables, its index-block chain, every data file's
 * sets, checksums and resource records, and the Skeletons inside, from bytes in memory. Seeds are
 * archives written with the bundled samples in each archive profile's framing, at a version it
 * reads, in stored and in LZO1X blocks (the block decoders have lanes of their own).
 */
import { openForge, readDataFile } from '../../src/archive/forge.js';
import { ForgeProfileAmbiguity } from '../../src/archive/forge-open.js';
import { writeForge, type ForgeWriterEntry } from '../../src/archive/forge-writer.js';
import type { ForgeProfileName } from '../../src/archive/profile/profiles.js';
import { compressLzo1xBlock } from '../../src/archive/lzo1x-compress.js';
import { bytesSource } from '../../src/archive/source.js';
import { CLASS } from '../../src/formats/classes.js';
import { Refusal } from '../../src/io/errors.js';
import { sampleCorpus } from '../../src/samples/corpus.js';
import { checkResource, Violation, type Outcome, type Verdict } from './targets.js';

/** A reader under fuzz whose check is asynchronous (the archive source reads asynchronously). */
export interface AsyncFuzzTarget {
  name: string;
  description: string;
  checkAsync(input: Uint8Array): Promise<Verdict>;
}

/**
 * Refusals are the contract; anything else thrown is a finding. Detection that finds two profiles
 * reading the bytes differently leaves the choice to the caller (ForgeProfileAmbiguity): a refusal
 * too, since a mutant may well be read alike by two title families.
 */
function isRefusal(error: unknown): boolean {
  return error instanceof Refusal || error instanceof ForgeProfileAmbiguity;
}

/**
 * Opens the bytes as an archive and reads every data file its index lists, and every Skeleton and
 * SkeletonComponent record in them through the resource readers' own contract. Refused: the
 * archive or any data file was refused (with a Refusal); decoded: all of it was read.
 */
export const archiveTarget: AsyncFuzzTarget = {
  name: 'forge',
  description: 'openForge + readDataFile of every entry + the resource contract on every Skeleton inside',
  async checkAsync(input) {
    let outcome: Outcome = 'decoded';
    let forge;
    try {
      forge = await openForge(bytesSource(input));
    } catch (error) {
      if (isRefusal(error)) return { outcome: 'refused' };
      throw new Violation('exception', `openForge: ${(error as Error)?.stack ?? String(error)}`, error);
    }
    if (forge.refusals.length > 0) outcome = 'refused';
    for (const entry of forge.entries) {
      let data;
      try {
        data = await readDataFile(forge, entry);
      } catch (error) {
        if (isRefusal(error)) {
          outcome = 'refused';
          continue;
        }
        throw new Violation('exception', `readDataFile(entry ${entry.number}): ${(error as Error)?.stack ?? String(error)}`, error);
      }
      for (const resource of data.resources) {
        if (resource.classHash !== CLASS.Skeleton && resource.classHash !== CLASS.SkeletonComponent) continue;
        // The resource readers' contract holds for what an archive holds, mutated or not.
        if (checkResource(resource.body).outcome === 'refused') outcome = 'refused';
      }
    }
    return { outcome, value: forge };
  },
};

/** Each profile at a version it reads (ac2 at 26: the bytes after the TOC; wildlands at set version 2: i32 pairs). */
export const SEED_PROFILES: readonly { profile: ForgeProfileName; version: number; setVersion?: number }[] = [
  { profile: 'ac1', version: 25 },
  { profile: 'ac2', version: 26 },
  { profile: 'ac3', version: 25 },
  { profile: 'unity', version: 27 },
  { profile: 'wildlands', version: 27, setVersion: 2 },
  { profile: 'steep', version: 27 },
  { profile: 'origins-odyssey', version: 28 },
];

/** One archive per profile holding the bundled samples (one data file per sample), in stored blocks and in LZO1X blocks. */
export function archiveSeedsByProfile(): { profile: ForgeProfileName; version: number; compressed: boolean; bytes: Uint8Array }[] {
  const samples = sampleCorpus();
  const entries: ForgeWriterEntry[] = samples.map((file, i) => {
    const skeleton = file.path.endsWith('.Skeleton');
    const classHash = skeleton ? CLASS.Skeleton : CLASS.SkeletonComponent;
    const name = file.path
      .split('/')
      .pop()!
      .replace(/\.[^.]+$/, '');
    return {
      id: 0x1000n + BigInt(i),
      name,
      resourceType: classHash,
      resources: [{ classHash, id: 0x2000n + BigInt(i), name, body: file.bytes }],
    };
  });
  // A small block size and few entries per index block: several blocks per set, a chain of index blocks.
  // LZO1X blocks too (method 0 is LZO1X in every profile): a mutated block fails its checksum first,
  // but a mutated size table sends intact streams to the decompressor with the wrong declared sizes.
  return SEED_PROFILES.flatMap(({ profile, version, setVersion }) =>
    [undefined, compressLzo1xBlock].map((compress) => ({
      profile,
      version,
      compressed: compress !== undefined,
      bytes: writeForge({ profile, version, setVersion, entries, maxEntriesPerBlock: 4, blockSize: 0x400, compress }),
    })),
  );
}

/** The seeds' bytes. */
export function archiveSeeds(): Uint8Array[] {
  return archiveSeedsByProfile().map((s) => s.bytes);
}
