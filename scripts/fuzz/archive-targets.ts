/**
 * The `.forge` container under fuzz: an archive's tables, its index-block chain, every data file's
 * sets, checksums and resource records, and the Skeletons inside, from bytes in memory. Seeds are
 * archives of versions 25 and 27 written with the bundled samples in stored blocks (the block
 * decoders have lanes of their own).
 */
import { openForge, readDataFile } from '../../src/archive/forge.js';
import { writeForge, type ForgeWriterEntry } from '../../src/archive/forge-writer.js';
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

/** Refusals are the contract; anything else thrown is a finding. */
function isRefusal(error: unknown): boolean {
  return error instanceof Refusal;
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

/** Archives of versions 25 and 27 holding the bundled samples (one data file per sample), with stored blocks and with LZO1X blocks. */
export function archiveSeeds(): Uint8Array[] {
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
  // LZO1X blocks too: a mutated block fails its checksum first, but a mutated size table sends
  // intact streams to the decompressor with the wrong declared sizes.
  return [25, 27].flatMap((version) =>
    [undefined, compressLzo1xBlock].map((compress) =>
      writeForge({ version: version as 25 | 27, entries, maxEntriesPerBlock: 4, blockSize: 0x400, compress }),
    ),
  );
}
