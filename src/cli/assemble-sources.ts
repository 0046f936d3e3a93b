/**
 * Where `assemble`'s components and Skeletons come from: files of their own, or records of a
 * .forge archive's data files. The Skeletons of the search paths are indexed by the object id in
 * each header (a file's header alone; an archive's Skeleton data files read once, their bodies
 * not kept), and a Skeleton is read, or its data file read again, only when a component names it.
 */
import { UsageError } from './errors.js';
import type { OpenForgeOptions } from '../archive/forge-open.js';
import { archiveRefusalReport, forgeResourceAddress } from '../archive/forge-address.js';
import { anvilnextSkeletonId, cachedSkeletonLookup, SkeletonIndex, type SkeletonLookup } from '../analysis/assemble-components.js';
import { formatAddress, refusalReport, type ResourceAddress } from '../io/address.js';
import type { ForgeEntry, ForgeResource } from '../archive/forge.js';
import { ForgeClassRecords } from '../archive/forge-class-records.js';
import { CLASS } from '../formats/classes.js';
import { classifyHeader, readResourceAs, type HeaderClass, type Resource, type ResourceKind } from '../formats/resource.js';
import { ParseError } from '../io/errors.js';
import { skeletonFromResource } from '../model/read.js';
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
  | { address: ResourceAddress; path: string; tooLarge?: string }
  | { address: ResourceAddress; archive: string; entry: ForgeEntry; index: number };

/** Indexes the Skeletons of the search paths by the id in each header: the first in walk order wins. */
export async function indexSkeletons(
  walk: InputWalk,
  read: ResourceReadOptions,
  archives: OpenArchives,
): Promise<SkeletonIndex<SkeletonPlace>> {
  const index = new SkeletonIndex<SkeletonPlace>();
  for (const file of walk.files) {
    if (isForgeFile(file.path)) {
      await archives.eachRecord(file.path, CLASS.Skeleton, (entry, at, resource) => {
        const id = idOf(headerOfBytes(resource.body, read.dialect));
        if (id !== undefined)
          index.add(id, { address: forgeResourceAddress(file.path, entry, at, resource.name), archive: file.path, entry, index: at });
      });
      continue;
    }
    const id = idOf(readResourceHeader(file.path, read.dialect));
    if (id === undefined) continue;
    const tooLarge = file.explicit ? null : oversizeReason(file.path, 'Skeleton', read.maxSize);
    index.add(id, { address: { file: file.path }, path: file.path, ...(tooLarge === null ? {} : { tooLarge }) });
  }
  return index;
}

function idOf(read: HeaderRead): bigint | undefined {
  return read.kind === 'resource' ? anvilnextSkeletonId(read.candidates) : undefined;
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
  private readonly handles = new Map<string, { opened: OpenedForge; records: ForgeClassRecords } | null>();

  constructor(
    private readonly failures: Failure[],
    readonly everyDataFile: boolean,
    private readonly forgeOptions: OpenForgeOptions = {},
  ) {}

  private async open(path: string): Promise<ForgeClassRecords | null> {
    if (this.handles.has(path)) return this.handles.get(path)?.records ?? null;
    let handle = null;
    try {
      const opened = await openForgeFile(path, this.forgeOptions);
      for (const refusal of opened.forge.refusals) this.failures.push({ file: path, message: refusalReport(refusal).message });
      const records = new ForgeClassRecords(opened.forge, path, (refusal) =>
        this.failures.push({ file: formatAddress(refusal.address!), message: refusalReport(refusal).message }),
      );
      handle = { opened, records };
    } catch (error) {
      // Profiles that read the archive differently: the user must name one (exit 2).
      if (error instanceof UsageError) throw error;
      // The messages name the archive already.
      const message =
        error instanceof ArchiveRefusal ? archiveRefusalReport(error.refusal).message : (error as Error).message.replace(`${path}: `, '');
      this.failures.push({ file: path, message });
    }
    this.handles.set(path, handle);
    return handle?.records ?? null;
  }

  /** Whether the archive was opened (its tables read); false when refused or not tried. */
  isOpen(path: string): boolean {
    return this.handles.get(path) != null;
  }

  /** The records of one data file, or null when it is refused (a failure). */
  async dataFile(archive: string, entry: ForgeEntry): Promise<ForgeResource[] | null> {
    return (await this.open(archive))?.dataFile(entry) ?? null;
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
    return (await this.open(archive))?.eachRecord(cls, this.everyDataFile, visit) ?? 0;
  }

  async closeAll(): Promise<void> {
    for (const handle of this.handles.values()) await handle?.opened.close();
    this.handles.clear();
  }
}

/**
 * Finds the Skeletons the components name in `index`, each read once however many components name
 * it: a refused one is pushed to `failures`, named once; one skipped for its size is said on stderr
 * and found missing.
 */
export function skeletonLookup(
  index: SkeletonIndex<SkeletonPlace>,
  read: ResourceReadOptions,
  archives: OpenArchives,
  failures: Failure[],
): SkeletonLookup {
  return cachedSkeletonLookup(async (id) => {
    const place = index.get(id);
    if (place === undefined) return null;
    if ('tooLarge' in place) {
      // Found in a folder and over --max-size: skipped, so the component finds it missing, and says why.
      process.stderr.write(`anvil-skel: skipped ${place.path}: ${place.tooLarge}\n`);
      return null;
    }
    const decoded = await decodePlace(place, read, archives);
    if (decoded !== null && !decoded.ok) failures.push({ file: formatAddress(place.address), message: decoded.message });
    const skeleton = decoded?.ok === true && decoded.value.kind === 'Skeleton' ? skeletonFromResource(decoded.value) : null;
    return { address: place.address, skeleton };
  });
}

/** Null when the data file holding it is refused on this read (that refusal is the failure). */
async function decodePlace(place: SkeletonPlace, read: ResourceReadOptions, archives: OpenArchives): Promise<Decoded<Resource> | null> {
  if ('path' in place) return decodeFile(place.path, 'Skeleton', read);
  const resources = await archives.dataFile(place.archive, place.entry);
  const resource = resources?.[place.index];
  return resource === undefined ? null : decodeRecord(resource.body, 'Skeleton', read);
}
