/**
 * Where `assemble`'s components and Skeletons come from: files of their own, or records of a
 * .forge archive's data files. The Skeletons of the search paths are indexed by the object id in
 * each header (a file's header alone; an archive's Skeleton data files read once, their bodies
 * not kept), and a Skeleton is read, or its data file read again, only when a component names it.
 */
import { UsageError } from './errors.js';
import type { OpenForgeOptions } from '../archive/forge-open.js';
import { forgeEntryLabel, forgeResourceLabel } from '../archive/forge-select.js';
import { readDataFile, type ForgeEntry, type ForgeResource } from '../archive/forge.js';
import { CLASS } from '../formats/classes.js';
import { findLayout } from '../formats/registry.js';
import { classifyHeader, readResourceAs, type HeaderClass, type Resource, type ResourceKind } from '../formats/resource.js';
import { ParseError } from '../io/errors.js';
import { skeletonFromResource } from '../model/read.js';
import type { Skeleton } from '../model/skeleton.js';
import type { InputWalk } from './files.js';
import { unreadRecordMessage } from './census-archive-read.js';
import { ArchiveRefusal, isForgeFile, openForgeFile, type OpenedForge } from './forge-archive.js';
import { headerOfBytes, oversizeReason, readInputFile, readResourceHeader, type HeaderRead } from './input-file.js';
import type { ResourceReadOptions } from './read-options.js';

/**
 * Where a Skeleton is: a file of its own, or a record of an archive's data file, re-read when
 * needed. `tooLarge`: a file found in a folder over --max-size, skipped (with this reason) when a
 * component names it, as every command skips one.
 */
export type SkeletonPlace =
  { label: string; path: string; tooLarge?: string } | { label: string; archive: string; entry: ForgeEntry; index: number };

/** Skeletons of the search paths by object id: the first in walk order wins. */
export interface SkeletonIndex {
  places: Map<bigint, SkeletonPlace>;
  /** Ids carried by more than one file or record: the first is used, the others are named in a warning. */
  duplicates: { id: bigint; used: string; other: string }[];
}

/** The id of the anvilnext Skeleton a header names, if it names one. */
export function anvilnextSkeletonId(read: HeaderRead): bigint | undefined {
  if (read.kind !== 'resource') return undefined;
  // Components name anvilnext Skeletons: a scimitar id is another id space.
  return read.candidates.find((c) => c.header.kind === 'Skeleton' && findLayout(c.header.dialect)?.family === 'anvilnext')?.id;
}

export async function indexSkeletons(walk: InputWalk, read: ResourceReadOptions, archives: OpenArchives): Promise<SkeletonIndex> {
  const places = new Map<bigint, SkeletonPlace>();
  const duplicates: SkeletonIndex['duplicates'] = [];
  const add = (id: bigint, place: SkeletonPlace): void => {
    const used = places.get(id);
    if (used === undefined) places.set(id, place);
    else duplicates.push({ id, used: used.label, other: place.label });
  };
  for (const file of walk.files) {
    if (isForgeFile(file.path)) {
      await archives.eachRecord(file.path, CLASS.Skeleton, (entry, index, resource) => {
        const id = anvilnextSkeletonId(headerOfBytes(resource.body, read.dialect));
        if (id !== undefined)
          add(id, { label: forgeResourceLabel(file.path, entry, index, resource.name), archive: file.path, entry, index });
      });
      continue;
    }
    const id = anvilnextSkeletonId(readResourceHeader(file.path, read.dialect));
    if (id === undefined) continue;
    const tooLarge = file.explicit ? null : oversizeReason(file.path, 'Skeleton', read.maxSize);
    add(id, { label: file.path, path: file.path, ...(tooLarge === null ? {} : { tooLarge }) });
  }
  return { places, duplicates };
}

export interface Failure {
  file: string;
  message: string;
}

export type Decoded<T> = { ok: true; value: T } | { ok: false; message: string };

export function decodeFile(path: string, wanted: ResourceKind, read: ResourceReadOptions): Decoded<Resource> {
  const input = readInputFile(path, { dialect: read.dialect, maxSize: read.maxSize });
  if (input.kind === 'other') return { ok: false, message: input.description };
  if (input.kind === 'truncated') return { ok: false, message: input.refusal.message };
  if (input.kind === 'unreadable') return { ok: false, message: input.reason };
  return decodeBytes(input.bytes, input.header, wanted, read);
}

export function decodeBytes(bytes: Uint8Array, header: HeaderClass, wanted: ResourceKind, read: ResourceReadOptions): Decoded<Resource> {
  if (header.kind !== wanted) return { ok: false, message: `is a ${header.kind}, not a ${wanted}` };
  try {
    return { ok: true, value: readResourceAs(bytes, header, { reading: read.reading }).resource };
  } catch (error) {
    if (error instanceof ParseError) return { ok: false, message: error.message };
    throw error;
  }
}

/** A record of an archive decoded as `wanted`; the record's class says what it is, so a body no layout reads is a refusal. */
export function decodeRecord(body: Uint8Array, wanted: ResourceKind, read: ResourceReadOptions): Decoded<Resource> {
  const header = classifyHeader(body, read.dialect)[0];
  if (header === undefined) return { ok: false, message: unreadRecordMessage(CLASS[wanted], body, read.dialect) };
  return decodeBytes(body, header, wanted, read);
}

/**
 * The archives of a run, each opened once and closed at the end. A refused archive table or data
 * file is a failure naming archive, entry and offset, and the rest is read.
 */
export class OpenArchives {
  private readonly handles = new Map<string, OpenedForge | null>();
  /** The last data file read, since a component's Skeletons often share one. */
  private last: { archive: string; entry: number; resources: ForgeResource[] } | null = null;

  constructor(
    private readonly failures: Failure[],
    readonly everyDataFile: boolean,
    private readonly forgeOptions: OpenForgeOptions = {},
  ) {}

  async open(path: string): Promise<OpenedForge | null> {
    if (this.handles.has(path)) return this.handles.get(path)!;
    let opened: OpenedForge | null = null;
    try {
      opened = await openForgeFile(path, this.forgeOptions);
      for (const refusal of opened.forge.refusals) this.failures.push({ file: path, message: `refused at ${refusal.message}` });
    } catch (error) {
      // Profiles that read the archive differently: the user must name one (exit 2).
      if (error instanceof UsageError) throw error;
      // The messages name the archive already.
      const message =
        error instanceof ArchiveRefusal ? `archive refused at ${error.refusal.message}` : (error as Error).message.replace(`${path}: `, '');
      this.failures.push({ file: path, message });
    }
    this.handles.set(path, opened);
    return opened;
  }

  /** Whether the archive was opened (its tables read); false when refused or not tried. */
  isOpen(path: string): boolean {
    return this.handles.get(path) != null;
  }

  /** The records of one data file, or null when it is refused (a failure). */
  async dataFile(archive: string, entry: ForgeEntry): Promise<ForgeResource[] | null> {
    if (this.last?.archive === archive && this.last.entry === entry.number) return this.last.resources;
    const opened = await this.open(archive);
    if (opened === null) return null;
    try {
      const resources = (await readDataFile(opened.forge, entry)).resources;
      this.last = { archive, entry: entry.number, resources };
      return resources;
    } catch (error) {
      if (!(error instanceof ParseError)) throw error;
      this.failures.push({ file: `${archive}: ${forgeEntryLabel(entry)}`, message: `refused at ${error.message}` });
      return null;
    }
  }

  /**
   * Hands each record of class `cls` to `visit`, from the data files the index types `cls` (every
   * data file with --every-data-file); returns how many were handed.
   */
  async eachRecord(
    archive: string,
    cls: number,
    visit: (entry: ForgeEntry, index: number, resource: ForgeResource) => void,
  ): Promise<number> {
    const opened = await this.open(archive);
    if (opened === null) return 0;
    let visited = 0;
    for (const entry of opened.forge.entries) {
      if (!this.everyDataFile && entry.resourceType >>> 0 !== cls) continue;
      const resources = await this.dataFile(archive, entry);
      resources?.forEach((resource, index) => {
        if (resource.classHash >>> 0 !== cls) return;
        visited++;
        visit(entry, index, resource);
      });
    }
    // Indexing keeps no body: only the last data file is held, for the next read.
    this.last = null;
    return visited;
  }

  async closeAll(): Promise<void> {
    for (const opened of this.handles.values()) await opened?.close();
    this.handles.clear();
  }
}

/** The Skeletons the components name, each read once however many components name it. */
export class SkeletonCache {
  private readonly loaded = new Map<bigint, Skeleton | null>();
  readonly failures: Failure[] = [];

  constructor(
    private readonly index: SkeletonIndex,
    private readonly read: ResourceReadOptions,
    private readonly archives: OpenArchives,
  ) {}

  /** The file or record carrying `id`; null when none does, or the file was skipped for its size. */
  fileOf(id: bigint): string | null {
    const place = this.index.places.get(id);
    return place === undefined || 'tooLarge' in place ? null : place.label;
  }

  /** Reads the Skeletons carrying `ids` that are not read yet; a refused one is a failure, named once. */
  async load(ids: readonly bigint[]): Promise<void> {
    for (const id of ids) {
      if (this.loaded.has(id)) continue;
      const place = this.index.places.get(id);
      let skeleton: Skeleton | null = null;
      if (place !== undefined && 'tooLarge' in place) {
        // Found in a folder and over --max-size: skipped, so the component finds it missing, and says why.
        process.stderr.write(`anvil-skel: skipped ${place.path}: ${place.tooLarge}\n`);
      } else if (place !== undefined) {
        const decoded = await this.decode(place);
        if (decoded === null) skeleton = null;
        else if (decoded.ok && decoded.value.kind === 'Skeleton') skeleton = skeletonFromResource(decoded.value);
        else if (!decoded.ok) this.failures.push({ file: place.label, message: decoded.message });
      }
      this.loaded.set(id, skeleton);
    }
  }

  /** Null when the data file holding it is refused on this read (that refusal is the failure). */
  private async decode(place: SkeletonPlace): Promise<Decoded<Resource> | null> {
    if ('path' in place) return decodeFile(place.path, 'Skeleton', this.read);
    const resources = await this.archives.dataFile(place.archive, place.entry);
    const resource = resources?.[place.index];
    return resource === undefined ? null : decodeRecord(resource.body, 'Skeleton', this.read);
  }

  /** The Skeleton carrying `id` once loaded, or null when none does or its file is refused. */
  get(id: bigint): Skeleton | null {
    return this.loaded.get(id) ?? null;
  }
}
