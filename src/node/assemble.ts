/**
 * `assemble` over files, folders and archives on disk: the SkeletonComponents among the paths
 * named, the Skeletons of the search paths indexed by the object id in each header (a file's
 * header alone; an archive's Skeleton data files read once, their bodies not kept), and a Skeleton
 * read, or its data file read again, only when a component names it, so memory never holds every
 * body of a big archive. Each component is assembled in its turn; every problem is a failure
 * naming the file or record, and the rest is read.
 */
import { dirname } from 'node:path';
import type { OpenForgeOptions } from '../archive/forge-open.js';
import { archiveRefusalReport, forgeResourceAddress } from '../archive/forge-address.js';
import { ForgeClassRecords } from '../archive/forge-class-records.js';
import type { ForgeEntry, ForgeResource } from '../archive/forge.js';
import {
  anvilnextSkeletonId,
  assembleComponents,
  cachedSkeletonLookup,
  SkeletonIndex,
  type ComponentAssembly,
  type SkeletonLookup,
} from '../analysis/assemble-components.js';
import { unreadRecordMessage } from '../analysis/census/archive.js';
import type { SkeletonComponent } from '../formats/anvilnext/component.js';
import { CLASS } from '../formats/classes.js';
import type { LayoutName } from '../formats/dialect.js';
import type { Reading } from '../formats/layout.js';
import { classifyHeader, readResourceAs, type HeaderClass, type Resource, type ResourceKind } from '../formats/resource.js';
import { formatAddress, refusalReport, type ResourceAddress } from '../io/address.js';
import { ParseError } from '../io/errors.js';
import { skeletonFromResource } from '../model/read.js';
import { hex } from '../names/hex.js';
import type { ArchiveFileSource } from './archive-file-source.js';
import { walkInputs, type InputWalk } from './files.js';
import { isForgeFile, openForgeFile } from './forge-file.js';
import { headerOfBytes, oversizeReason, readInputFile, readResourceHeader, type HeaderRead } from './input-file.js';

/** How {@link assembleInputs} reads. */
export interface AssembleInputsOptions {
  /** Where the Skeletons the components name are looked for (default: the folders of the component files). */
  search?: readonly string[];
  /** Read every file with this layout instead of detecting it from the header. */
  dialect?: LayoutName;
  /** The reading choices (defaults for the rest). */
  reading?: Reading;
  /** Largest resource file read, in bytes (default DEFAULT_MAX_SIZE). */
  maxSize?: number;
  /** In archives, read every data file, not only those the index types Skeleton or SkeletonComponent. */
  everyDataFile?: boolean;
  /** How archives are opened: the profile, detected by default. */
  forge?: OpenForgeOptions;
  /** The walk of `paths` when the caller made it already. */
  walk?: InputWalk;
  /** The walk of `search` when the caller made it already. */
  searchWalk?: InputWalk;
  /**
   * Told of what is not a failure but is worth saying, as it happens: a file skipped for its size,
   * an object id carried by two Skeletons (the first in walk order is used).
   */
  onWarning?: (message: string) => void;
  /**
   * Told how many components were found, before any Skeleton is indexed; it may throw to stop
   * the run (the archives are closed, and the promise rejects with what it threw).
   */
  onComponentsFound?: (count: number) => void;
}

/** A problem of the run: the file or record (by address) and what went wrong. */
export interface AssemblyFailure {
  file: string;
  message: string;
}

/** What {@link assembleInputs} came to. */
export interface AssembleInputsResult {
  /** Each component's assembly, in walk order. */
  assemblies: ComponentAssembly[];
  /** Every problem once, in the order met (those of the Skeletons looked up last). */
  failures: AssemblyFailure[];
  /** Whether the run was one component file named alone (a report of one, not of several). */
  oneFile: boolean;
}

/** No SkeletonComponent among the paths, and no failure to explain why. */
export class NoComponentError extends Error {
  override name = 'NoComponentError';
  constructor(readonly paths: readonly string[]) {
    super(`no SkeletonComponent in ${paths.join(', ')}`);
  }
}

type Decoded<T> = { ok: true; value: T } | { ok: false; message: string };

interface ReadChoices {
  dialect?: LayoutName;
  reading?: Reading;
  maxSize?: number;
}

function decodeFile(path: string, wanted: ResourceKind, read: ReadChoices): Decoded<Resource> {
  const input = readInputFile(path, { dialect: read.dialect, maxSize: read.maxSize });
  if (input.kind === 'other') return { ok: false, message: input.description };
  if (input.kind === 'truncated') return { ok: false, message: input.refusal.message };
  if (input.kind === 'unreadable') return { ok: false, message: input.reason };
  return decodeBytes(input.bytes, input.header, wanted, read);
}

function decodeBytes(bytes: Uint8Array, header: HeaderClass, wanted: ResourceKind, read: ReadChoices): Decoded<Resource> {
  if (header.kind !== wanted) return { ok: false, message: `is a ${header.kind}, not a ${wanted}` };
  try {
    return { ok: true, value: readResourceAs(bytes, header, { reading: read.reading }).resource };
  } catch (error) {
    if (error instanceof ParseError) return { ok: false, message: error.message };
    throw error;
  }
}

/** A record of an archive decoded as `wanted`; the record's class says what it is, so a body no layout reads is a refusal. */
function decodeRecord(body: Uint8Array, wanted: ResourceKind, read: ReadChoices): Decoded<Resource> {
  const header = classifyHeader(body, read.dialect)[0];
  if (header === undefined) return { ok: false, message: unreadRecordMessage(CLASS[wanted], body, read.dialect) };
  return decodeBytes(body, header, wanted, read);
}

/**
 * The archives of a run, each opened once and closed at the end. A refused archive table or data
 * file is a failure naming archive, entry and offset, and the rest is read.
 */
class OpenArchives {
  private readonly handles = new Map<string, { source: ArchiveFileSource; records: ForgeClassRecords } | null>();

  constructor(
    private readonly failures: AssemblyFailure[],
    readonly everyDataFile: boolean,
    private readonly forgeOptions: OpenForgeOptions = {},
  ) {}

  private async open(path: string): Promise<ForgeClassRecords | null> {
    if (this.handles.has(path)) return this.handles.get(path)?.records ?? null;
    let handle = null;
    const opened = await openForgeFile(path, this.forgeOptions);
    if (opened.kind === 'open') {
      for (const refusal of opened.forge.refusals) this.failures.push({ file: path, message: refusalReport(refusal).message });
      const records = new ForgeClassRecords(opened.forge, path, (refusal) =>
        this.failures.push({ file: formatAddress(refusal.address!), message: refusalReport(refusal).message }),
      );
      handle = { source: opened.source, records };
    } else {
      // The failure names the archive already.
      const message = opened.kind === 'refused' ? archiveRefusalReport(opened.refusal).message : opened.message.replace(`${path}: `, '');
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

  /** Hands each record of class `cls` to `visit`, from the data files the index types `cls` (or every one); returns how many. */
  async eachRecord(
    archive: string,
    cls: number,
    visit: (entry: ForgeEntry, index: number, resource: ForgeResource) => void,
  ): Promise<number> {
    return (await this.open(archive))?.eachRecord(cls, this.everyDataFile, visit) ?? 0;
  }

  async closeAll(): Promise<void> {
    for (const handle of this.handles.values()) await handle?.source.close();
    this.handles.clear();
  }
}

/**
 * Where a Skeleton is: a file of its own, or a record of an archive's data file, re-read when
 * needed. `tooLarge`: a file found in a folder over the size limit, skipped (with this reason)
 * when a component names it, as every command skips one.
 */
type SkeletonPlace =
  | { address: ResourceAddress; path: string; tooLarge?: string }
  | { address: ResourceAddress; archive: string; entry: ForgeEntry; index: number };

function idOf(read: HeaderRead): bigint | undefined {
  return read.kind === 'resource' ? anvilnextSkeletonId(read.candidates) : undefined;
}

/** Indexes the Skeletons of the search paths by the id in each header: the first in walk order wins. */
async function indexSkeletons(walk: InputWalk, read: ReadChoices, archives: OpenArchives): Promise<SkeletonIndex<SkeletonPlace>> {
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

/** Null when the data file holding it is refused on this read (that refusal is the failure). */
async function decodePlace(place: SkeletonPlace, read: ReadChoices, archives: OpenArchives): Promise<Decoded<Resource> | null> {
  if ('path' in place) return decodeFile(place.path, 'Skeleton', read);
  const resources = await archives.dataFile(place.archive, place.entry);
  const resource = resources?.[place.index];
  return resource === undefined ? null : decodeRecord(resource.body, 'Skeleton', read);
}

/**
 * Finds the Skeletons the components name in `index`, each read once however many components name
 * it: a refused one is a failure, named once; one skipped for its size is a warning, and missing.
 */
function skeletonLookup(
  index: SkeletonIndex<SkeletonPlace>,
  read: ReadChoices,
  archives: OpenArchives,
  failures: AssemblyFailure[],
  warn: (message: string) => void,
): SkeletonLookup {
  return cachedSkeletonLookup(async (id) => {
    const place = index.get(id);
    if (place === undefined) return null;
    if ('tooLarge' in place) {
      warn(`skipped ${place.path}: ${place.tooLarge}`);
      return null;
    }
    const decoded = await decodePlace(place, read, archives);
    if (decoded !== null && !decoded.ok) failures.push({ file: formatAddress(place.address), message: decoded.message });
    const skeleton = decoded?.ok === true && decoded.value.kind === 'Skeleton' ? skeletonFromResource(decoded.value) : null;
    return { address: place.address, skeleton };
  });
}

/** A component to assemble: a file, decoded when its turn comes, or a record already decoded from an archive. */
type FoundComponent = { kind: 'file'; path: string } | { kind: 'record'; address: ResourceAddress; component: SkeletonComponent };

/**
 * Finds the components among the named paths, in walk order: a named file must be one, directories
 * give theirs, an archive its SkeletonComponent records (a named archive must hold one).
 */
async function findComponents(
  paths: readonly string[],
  read: ReadChoices,
  walk: InputWalk,
  archives: OpenArchives,
  failures: AssemblyFailure[],
  warn: (message: string) => void,
): Promise<FoundComponent[]> {
  const found: FoundComponent[] = [];
  for (const problem of walk.problems) if (problem.failed) failures.push({ file: problem.path, message: problem.reason });
  for (const file of walk.files) {
    if (isForgeFile(file.path)) {
      const records = await archives.eachRecord(file.path, CLASS.SkeletonComponent, (entry, index, resource) => {
        const address = forgeResourceAddress(file.path, entry, index, resource.name);
        const decoded = decodeRecord(resource.body, 'SkeletonComponent', read);
        if (!decoded.ok) failures.push({ file: formatAddress(address), message: decoded.message });
        else if (decoded.value.kind === 'SkeletonComponent') found.push({ kind: 'record', address, component: decoded.value.record });
      });
      if (records === 0 && file.explicit && archives.isOpen(file.path))
        failures.push({
          file: file.path,
          message: archives.everyDataFile
            ? 'holds no SkeletonComponent record'
            : 'holds no SkeletonComponent record in its data files typed SkeletonComponent (--every-data-file reads them all)',
        });
      continue;
    }
    const header = readResourceHeader(file.path, read.dialect);
    const isComponent = header.kind === 'resource' && header.candidates.some((c) => c.header.kind === 'SkeletonComponent');
    // Found in a folder, a component over the size limit is skipped with its reason, as every command skips one.
    const tooLarge = isComponent && !file.explicit ? oversizeReason(file.path, 'SkeletonComponent', read.maxSize) : null;
    if (tooLarge !== null) warn(`skipped ${file.path}: ${tooLarge}`);
    else if (isComponent) found.push({ kind: 'file', path: file.path });
    else if (file.explicit)
      failures.push({
        file: file.path,
        message:
          header.kind === 'other'
            ? header.description
            : header.kind === 'unreadable'
              ? header.reason
              : 'is a Skeleton, not a SkeletonComponent',
      });
  }
  if (found.length === 0 && failures.length === 0) throw new NoComponentError(paths);
  return found;
}

/**
 * Assembles every SkeletonComponent among `paths` (component files, folders, archives) with the
 * Skeletons of the search paths, as `anvil-skel assemble` does. Rejects with a NoComponentError
 * when there is none and nothing failed, a NoInputError when no path exists, and an
 * ArchiveProfileChoiceError when an archive needs a profile named.
 */
export async function assembleInputs(paths: readonly string[], options: AssembleInputsOptions = {}): Promise<AssembleInputsResult> {
  const read: ReadChoices = { dialect: options.dialect, reading: options.reading, maxSize: options.maxSize };
  const warn = options.onWarning ?? ((): void => {});
  const walk = options.walk ?? walkInputs(paths);
  const searchWalk =
    options.searchWalk ??
    (() => {
      const search = options.search ?? [...new Set(walk.files.map((f) => dirname(f.path)))];
      return walkInputs(search.length > 0 ? search : []);
    })();
  const failures: AssemblyFailure[] = [];
  const lookupFailures: AssemblyFailure[] = [];
  const archives = new OpenArchives(failures, options.everyDataFile === true, options.forge);
  const assemblies: ComponentAssembly[] = [];
  let sources: FoundComponent[];
  try {
    sources = await findComponents(paths, read, walk, archives, failures, warn);
    options.onComponentsFound?.(sources.length);
    for (const problem of searchWalk.problems) if (problem.failed) failures.push({ file: problem.path, message: problem.reason });
    const index = await indexSkeletons(searchWalk, read, archives);
    for (const d of index.duplicates) {
      const [used, other] = [formatAddress(d.used), formatAddress(d.other)];
      warn(`warning: id ${hex(d.id, 16)} is carried by ${used} and ${other}; ${used} is used`);
    }
    const lookup = skeletonLookup(index, read, archives, lookupFailures, warn);
    for (const source of sources) {
      let component: SkeletonComponent;
      if (source.kind === 'record') component = source.component;
      else {
        const decoded = decodeFile(source.path, 'SkeletonComponent', read);
        if (!decoded.ok) failures.push({ file: source.path, message: decoded.message });
        if (!decoded.ok || decoded.value.kind !== 'SkeletonComponent') continue;
        component = decoded.value.record;
      }
      const address = source.kind === 'record' ? source.address : { file: source.path };
      // One at a time, so that a component's problem is reported in its turn.
      const [result] = await assembleComponents([{ address, component }], lookup);
      if (result!.problem !== null) failures.push({ file: formatAddress(address), message: result!.problem.message });
      assemblies.push(result!);
    }
  } finally {
    await archives.closeAll();
  }
  failures.push(...lookupFailures);
  // An archive both searched and holding components, read whole with every data file, is refused once.
  const seen = new Set<string>();
  const reported = failures.filter((f) => {
    const key = `${f.file}\0${f.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  const oneFile =
    paths.length === 1 && walk.files.length === 1 && walk.files[0]!.explicit && assemblies.length === 1 && sources[0]?.kind === 'file';
  return { assemblies, failures: reported, oneFile };
}
