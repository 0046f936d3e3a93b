/**
 * The records of one class in an archive's data files, read one data file at a time, with the last
 * data file held (the Skeletons a component names often share one): how `assemble` indexes an
 * archive's Skeletons and reads again the ones a component names. Browser-safe.
 */
import { ParseError } from '../io/errors.js';
import type { Forge, ForgeEntry } from './forge.js';
import { readDataFile, type ForgeResource } from './forge-data-file.js';
import { forgeEntryAddress } from './forge-address.js';
import { forgeRecords } from './forge-records.js';

/** Reads the records of `forge` (named `archive` in addresses), telling `onRefusal` of each data file refused. */
export class ForgeClassRecords {
  /** The last data file read. */
  private last: { entry: number; resources: ForgeResource[] } | null = null;

  /**
   * `onRefusal` gets a refused data file's ParseError placed at its entry (`Refusal.at`); the data
   * file is then null to its reader, and the next is read.
   */
  constructor(
    private readonly forge: Pick<Forge, 'entries' | 'source' | 'version' | 'tables' | 'profile' | 'tocRecord'>,
    private readonly archive: string,
    private readonly onRefusal: (refusal: ParseError) => void,
  ) {}

  /** The records of one data file, or null when it is refused. Rejects only when the source fails. */
  async dataFile(entry: ForgeEntry): Promise<ForgeResource[] | null> {
    if (this.last?.entry === entry.number) return this.last.resources;
    try {
      const resources = (await readDataFile(this.forge, entry)).resources;
      this.last = { entry: entry.number, resources };
      return resources;
    } catch (error) {
      if (!(error instanceof ParseError)) throw error;
      this.onRefusal(error.at(forgeEntryAddress(this.archive, entry)));
      return null;
    }
  }

  /**
   * Hands each record of class `cls` (a Skeleton or SkeletonComponent class) to `visit`, from the
   * data files the index types `cls` (every entry with `everyDataFile`), in order, through
   * {@link forgeRecords}; returns how many were handed. Rejects only when the source fails. No body is held after it:
   * indexing a big archive keeps none.
   */
  async eachRecord(
    cls: number,
    everyDataFile: boolean,
    visit: (entry: ForgeEntry, index: number, resource: ForgeResource) => void,
  ): Promise<number> {
    let visited = 0;
    const entries = everyDataFile ? this.forge.entries : this.forge.entries.filter((entry) => entry.resourceType >>> 0 === cls);
    // The archive's one loop, over exactly these entries (the archive's own refusals are the opener's).
    for await (const item of forgeRecords({ ...this.forge, refusals: [] }, { name: this.archive, entries })) {
      if (item.kind === 'refusal') this.onRefusal(item.refusal);
      else if (item.kind === 'failed') throw item.error;
      else if (item.kind === 'record' && item.resource.classHash >>> 0 === cls) {
        visited++;
        visit(item.entry, item.index, item.resource);
      }
    }
    this.last = null;
    return visited;
  }
}
