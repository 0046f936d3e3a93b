/**
 * The records of one class in an archive's data files, read one data file at a time, with the last
 * data file held (the Skeletons a component names often share one): how `assemble` indexes an
 * archive's Skeletons and reads again the ones a component names. Browser-safe.
 */
import { ParseError } from '../io/errors.js';
import type { Forge, ForgeEntry } from './forge.js';
import { readDataFile, type ForgeResource } from './forge-data-file.js';
import { forgeEntryAddress } from './forge-address.js';

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
   * Hands each record of class `cls` to `visit`, from the data files the index types `cls` (every
   * entry with `everyDataFile`), in order; returns how many were handed. No body is held after it:
   * indexing a big archive keeps none.
   */
  async eachRecord(
    cls: number,
    everyDataFile: boolean,
    visit: (entry: ForgeEntry, index: number, resource: ForgeResource) => void,
  ): Promise<number> {
    let visited = 0;
    for (const entry of this.forge.entries) {
      if (!everyDataFile && entry.resourceType >>> 0 !== cls) continue;
      const resources = await this.dataFile(entry);
      resources?.forEach((resource, index) => {
        if (resource.classHash >>> 0 !== cls) return;
        visited++;
        visit(entry, index, resource);
      });
    }
    this.last = null;
    return visited;
  }
}
