/**
 * Reading an archive's data files for the census, with nothing of the census itself: so a reader
 * thread loads only the archive code, and what it posts (the skeletal records' bodies and the
 * refusals) is plain data.
 */
import { isSkeletalClass } from '../archive/forge-select.js';
import { readDataFile, type Forge, type ForgeEntry } from '../archive/forge.js';
import { ParseError } from '../io/errors.js';

/** Where a refusal is and what it says: a ParseError's offset, path and message (plain data, so a worker can post it). */
export type RefusalPlace = Pick<ParseError, 'offset' | 'path' | 'message'>;

/** A Skeleton or SkeletonComponent record of a data file: its place among the file's records, class, name and body. */
export interface SkeletalRecord {
  index: number;
  classHash: number;
  name: string;
  body: Uint8Array;
}

/**
 * What reading one data file gave: its refusal, or how many records it holds and which of them
 * are Skeletons or SkeletonComponents. Plain data with only the skeletal bodies kept, so a reader
 * thread can post it and the census can count it in another thread.
 */
export type DataFileOutcome =
  { entry: ForgeEntry; refusal: RefusalPlace } | { entry: ForgeEntry; resources: number; skeletal: SkeletalRecord[] };

/**
 * Reads, checksums and decompresses each entry's data file and keeps its skeletal records. A
 * refused data file is an outcome with its refusal, and the next is read. Rejects only on what is
 * not a refusal (the source failing).
 */
export async function readArchiveEntries(
  forge: Pick<Forge, 'source' | 'version'>,
  entries: readonly ForgeEntry[],
): Promise<DataFileOutcome[]> {
  const outcomes: DataFileOutcome[] = [];
  for (const entry of entries) {
    let resources;
    try {
      resources = (await readDataFile(forge, entry)).resources;
    } catch (error) {
      if (!(error instanceof ParseError)) throw error;
      outcomes.push({ entry, refusal: { offset: error.offset, path: error.path, message: error.message } });
      continue;
    }
    const skeletal: SkeletalRecord[] = [];
    resources.forEach((resource, index) => {
      const classHash = resource.classHash >>> 0;
      if (isSkeletalClass(classHash)) skeletal.push({ index, classHash, name: resource.name, body: resource.body });
    });
    outcomes.push({ entry, resources: resources.length, skeletal });
  }
  return outcomes;
}
