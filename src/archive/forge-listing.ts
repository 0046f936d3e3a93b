/**
 * What `forge list` and `forge extract` make of an archive, as data: the rows of a listing (each
 * entry, and with its records its resources), and the plan of an extraction (which entries and
 * resources, the folder and file names made safe and unique, the manifest `forge pack` reads back).
 * Files on disk, progress and printing are the caller's. Browser-safe.
 */
import { formatAddress, refusalReport } from '../io/address.js';
import { ParseError } from '../io/errors.js';
import { count, groupThousands, hex } from '../io/format.js';
import type { Forge, ForgeEntry } from './forge.js';
import { forgeEntryAddress } from './forge-address.js';
import { readDataFile, type ForgeDataFile, type ForgeResource } from './forge-data-file.js';
import { BOOKKEEPING_FOLDER, FORGE_MANIFEST_FILE, manifestEntry, type ManifestEntry } from './forge-pack.js';
import { forgeClassExtension, forgeClassName, forgeNameMatcher, safeForgeName, UniqueNames } from './forge-select.js';

/** How the profile was chosen, for a listing or a census line: `unity (detected from 3 data files)`, `no profile reads it`. Never throws. */
export function forgeProfileLabel(forge: Pick<Forge, 'profile' | 'profileChoice'>): string {
  if (forge.profile === null) return 'no profile reads it';
  const choice = forge.profileChoice;
  const alike = choice.alike.length > 0 ? `; ${choice.alike.join(', ')} read it alike` : '';
  const how =
    choice.how === 'named'
      ? 'named'
      : choice.how === 'framing'
        ? 'guessed: its framing fits, no profile reads the first data files'
        : `detected from ${choice.probed} data file${choice.probed === 1 ? '' : 's'}`;
  return `${forge.profile.name} (${how}${alike})`;
}

/** A refusal in a listing: the entry (null for the archive's own tables), the archive offset, the field, what was expected and found. */
export type ForgeListRefusal = { entry: number | null } & ReturnType<ParseError['toJSON']>;

/** One resource of a listed data file. */
export interface ForgeListResource {
  /** Its index among the data file's records. */
  index: number;
  /** Its class hash in hex. */
  class: string;
  /** The class's name when the project knows it, else null. */
  className: string | null;
  /** Its object id in hex. */
  id: string;
  /** Its name as the data file holds it. */
  name: string;
  /** Its body's size in bytes. */
  size: number;
}

/** One entry of a listing. */
export interface ForgeListRow {
  /** The entry's number in the index. */
  number: number;
  /** Its id in hex. */
  id: string;
  /** Its name as the name table holds it. */
  name: string;
  /** The type the name table gives it, in hex. */
  type: string;
  /** That type's class name when known, else null. */
  typeName: string | null;
  /** Where its bytes start in the archive. */
  offset: number;
  /** Where the data file's bytes start (after the 440-byte FILEDATA header in versions 25 and 26). */
  dataOffset: number;
  /** Its size in bytes. */
  size: number;
  /** The archive's own bookkeeping entry this is (never read as a data file), or null. */
  bookkeeping: { name: string; meaning: string } | null;
  /** The resources of the data file (those the class filter keeps); null without resources, or when the data file is refused. */
  resources: ForgeListResource[] | null;
  /** Why the data file was refused (when resources were read); null when it was not. */
  refusal: ForgeListRefusal | null;
}

/** What a listing keeps: entries by name (a glob), by class (null: all), and whether each data file's records are read. */
export interface ForgeListOptions {
  /** Class hashes kept (the index's type without `resources`, the records' classes with it); null keeps all. */
  classes: ReadonlySet<number> | null;
  /** A shell-style glob entries' names must match; every name when absent. */
  name?: string;
  /** Whether each data file is read to list its resources. */
  resources: boolean;
}

/**
 * One entry the name filter kept: its row, or null when the class filter leaves it out, and the
 * refusal of its data file, if it was read and refused.
 */
export interface ForgeListStep {
  /** The entry considered. */
  entry: ForgeEntry;
  /** Its row, or null when it is not listed. */
  row: ForgeListRow | null;
  /** The ParseError refusing its data file, when it was read and refused. */
  refusal: ParseError | null;
}

function resourceRow(resource: ForgeResource, index: number): ForgeListResource {
  return {
    index,
    class: hex(resource.classHash >>> 0),
    className: forgeClassName(resource.classHash),
    id: hex(resource.id, 16),
    name: resource.name,
    size: resource.size,
  };
}

function entryRow(entry: ForgeEntry): ForgeListRow {
  return {
    number: entry.number,
    id: hex(entry.id, 16),
    name: entry.name,
    type: hex(entry.resourceType >>> 0),
    typeName: forgeClassName(entry.resourceType),
    offset: entry.offset,
    dataOffset: entry.dataOffset,
    size: entry.size,
    bookkeeping: entry.bookkeeping === null ? null : { name: entry.bookkeeping.name, meaning: entry.bookkeeping.meaning },
    resources: null,
    refusal: null,
  };
}

/**
 * The listing of `forge`, one step per entry whose name the filter keeps, in index order: a refused
 * data file is a step with its refusal (listed, with the refusal in its row) and the next is read.
 * Bookkeeping entries are listed, never read as data files. Rejects only when the source fails.
 */
export async function* forgeListing(
  forge: Pick<Forge, 'entries' | 'source' | 'version' | 'tables' | 'profile' | 'tocRecord'>,
  options: ForgeListOptions,
): AsyncGenerator<ForgeListStep, void, undefined> {
  const nameMatches = options.name === undefined ? () => true : forgeNameMatcher(options.name);
  const wanted = options.classes;
  for (const entry of forge.entries) {
    if (!nameMatches(entry.name)) continue;
    // Without resources the class filter is the index's type; with them, the classes of the records.
    if (!options.resources) {
      yield { entry, row: wanted !== null && !wanted.has(entry.resourceType >>> 0) ? null : entryRow(entry), refusal: null };
      continue;
    }
    const row = entryRow(entry);
    if (entry.bookkeeping !== null) {
      yield { entry, row: wanted !== null ? null : row, refusal: null };
      continue;
    }
    let refusal: ParseError | null = null;
    try {
      const file = await readDataFile(forge, entry);
      row.resources = file.resources.map(resourceRow).filter((_, i) => wanted === null || wanted.has(file.resources[i]!.classHash >>> 0));
    } catch (error) {
      if (!(error instanceof ParseError)) throw error;
      refusal = error;
      row.refusal = { entry: entry.number, ...error.toJSON() };
    }
    yield { entry, row: wanted !== null && refusal === null && row.resources!.length === 0 ? null : row, refusal };
  }
}

/** A whole listing: the rows listed, and every refusal (the tables' first, then the data files'). */
export interface ForgeListReport {
  rows: ForgeListRow[];
  refusals: ForgeListRefusal[];
}

/** What {@link listForge} tells as it goes. */
export interface ForgeListProgress {
  /** A line for the user: a note on the tables, or a refusal naming archive, entry and offset. */
  onMessage?: (line: string) => void;
  /** Entries considered, of the archive's. */
  onProgress?: (done: number, total: number) => void;
}

/**
 * The listing of `forge` (named `archive` in messages) as `forge list` reports it: every step of
 * {@link forgeListing} gathered, each note on the tables and each refusal told as a line as it is
 * met. Rejects only when the source fails.
 */
export async function listForge(forge: Forge, archive: string, options: ForgeListOptions & ForgeListProgress): Promise<ForgeListReport> {
  const refusals: ForgeListRefusal[] = forge.refusals.map((r) => ({ entry: null, ...r.toJSON() }));
  const say = options.onMessage ?? (() => {});
  for (const f of forge.findings) say(`${archive}: note: offset ${hex(f.offset, 1)} (${f.offset}): ${f.path}: ${f.message}`);
  for (const r of forge.refusals) say(`${archive}: ${refusalReport(r).message}`);
  const rows: ForgeListRow[] = [];
  let done = 0;
  for await (const step of forgeListing(forge, options)) {
    if (step.refusal !== null) {
      refusals.push(step.row!.refusal!);
      say(`${formatAddress(forgeEntryAddress(archive, step.entry))}: ${refusalReport(step.refusal).message}`);
    }
    options.onProgress?.(++done, forge.entries.length);
    if (step.row !== null) rows.push(step.row);
  }
  return { rows, refusals };
}

/** A name as a terminal shows it: control characters escaped, so an archive cannot move the cursor or hide text. */
function printable(name: string): string {
  return name.replace(/[\u0000-\u001f\u007f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** The listing as `forge list` prints it: a header line, one line per entry (and per resource), and the count. Never throws. */
export function forgeListingText(
  archive: string,
  forge: Pick<Forge, 'version' | 'entries' | 'refusals' | 'profile' | 'profileChoice'>,
  rows: readonly ForgeListRow[],
  refused: number,
): string {
  const lines = [
    `${archive}: version ${forge.version}, profile ${forgeProfileLabel(forge)}, ${count(forge.entries.length, 'entry', 'entries')}${forge.refusals.length ? ` (${forge.refusals.length} refused)` : ''}`,
  ];
  lines.push('  #       id                  type        offset        size  name');
  for (const row of rows) {
    const type = row.bookkeeping !== null ? `(${row.bookkeeping.name})` : (row.typeName ?? row.type);
    lines.push(
      `  ${String(row.number).padEnd(7)} ${row.id}  ${type.padEnd(10)} ${hex(row.offset, 1).padStart(12)} ${groupThousands(row.size).padStart(11)}  ${printable(row.name)}`,
    );
    for (const r of row.resources ?? []) {
      lines.push(
        `      ${String(r.index).padStart(3)}  ${(r.className ?? r.class).padEnd(18)} ${r.id}  ${groupThousands(r.size).padStart(11)}  ${printable(r.name)}`,
      );
    }
    if (row.refusal !== null) lines.push(`      refused: ${row.refusal.message}`);
  }
  lines.push(`${count(rows.length, 'entry', 'entries')} listed${refused ? `, ${refused} refused` : ''}`);
  return `${lines.join('\n')}\n`;
}

/** What an extraction takes from an archive: the data files' entries, the bookkeeping entries, and whether those are kept raw. */
export interface ForgeExtractSelection {
  /** The data files' entries whose names the filter keeps, in index order. */
  entries: ForgeEntry[];
  /** The bookkeeping entries whose names the filter keeps. */
  bookkeeping: ForgeEntry[];
  /** Whether the bookkeeping entries are written raw (every class kept), so `forge pack` can put them back as they were. */
  keepRaw: boolean;
  /** The entries' folder names taken so far: the manifest's and the bookkeeping folder's to start with. */
  folders: UniqueNames;
}

/** The entries an extraction of `classes` (null: all) and names matching `name` reads. Never throws but for a bad glob. */
export function forgeExtractSelection(
  forge: Pick<Forge, 'entries'>,
  classes: ReadonlySet<number> | null,
  name?: string,
): ForgeExtractSelection {
  const nameMatches = name === undefined ? () => true : forgeNameMatcher(name);
  const folders = new UniqueNames();
  // The manifest `forge pack` builds the archive again from; no entry's folder takes its name.
  folders.take(FORGE_MANIFEST_FILE);
  folders.take(BOOKKEEPING_FOLDER);
  return {
    entries: forge.entries.filter((e) => e.bookkeeping === null && nameMatches(e.name)),
    bookkeeping: forge.entries.filter((e) => e.bookkeeping !== null && nameMatches(e.name)),
    keepRaw: classes === null,
    folders,
  };
}

/** The file a bookkeeping entry is kept raw in, inside the bookkeeping folder: `7-name.raw`. Never throws. */
export function forgeRawEntryName(entry: Pick<ForgeEntry, 'number' | 'name'>): string {
  return `${entry.number}-${safeForgeName(entry.name, 'entry')}.raw`;
}

/** One resource an extraction writes: its index, the record, and its file name (safe, unique in its folder). */
export interface ForgeExtractFile {
  /** The record's index among the data file's records. */
  index: number;
  /** The record. */
  resource: ForgeResource;
  /** Its file name: the record's name made safe, with its class as extension. */
  name: string;
  /** Whether `name` is not the record's own name and class (a caller says so). */
  renamed: boolean;
}

/** What an extraction writes of one data file. */
export interface ForgeExtractPlan {
  /** The entry. */
  entry: ForgeEntry;
  /** Its data file, read. */
  dataFile: ForgeDataFile;
  /** The entry's folder (safe, unique among the entries); the safe name alone when no resource is chosen. */
  folder: string;
  /** Whether `folder` is not the entry's own name (a caller says so). */
  renamedFolder: boolean;
  /** The resources chosen, in record order; empty when the class filter keeps none. */
  files: ForgeExtractFile[];
}

/**
 * The plan of one data file's extraction: the resources `classes` keeps (null: all), the entry's
 * folder taken from `folders` when one is chosen, and each file named uniquely within it
 * (case-insensitively). Never throws.
 */
export function planForgeExtraction(
  entry: ForgeEntry,
  dataFile: ForgeDataFile,
  classes: ReadonlySet<number> | null,
  folders: UniqueNames,
): ForgeExtractPlan {
  const chosen = dataFile.resources.flatMap((resource, index) =>
    classes === null || classes.has(resource.classHash >>> 0) ? [{ resource, index }] : [],
  );
  const safeFolder = safeForgeName(entry.name, `entry-${entry.number}`);
  if (chosen.length === 0) return { entry, dataFile, folder: safeFolder, renamedFolder: false, files: [] };
  const folder = folders.take(safeFolder);
  const names = new UniqueNames();
  const files = chosen.map(({ resource, index }): ForgeExtractFile => {
    const ext = forgeClassExtension(resource.classHash);
    const name = names.take(`${safeForgeName(resource.name, `resource-${index}`)}.${ext}`);
    return { index, resource, name, renamed: name !== `${resource.name}.${ext}` };
  });
  return { entry, dataFile, folder, renamedFolder: folder !== entry.name, files };
}

/** The manifest entry of an extraction whose files of `written` indices were written (the others recorded as not extracted). Never throws. */
export function forgeExtractManifestEntry(plan: ForgeExtractPlan, written: ReadonlySet<number>): ManifestEntry {
  const fileNames = plan.dataFile.resources.map((_, i) => (written.has(i) ? (plan.files.find((f) => f.index === i)?.name ?? null) : null));
  return manifestEntry(plan.entry, plan.dataFile, plan.folder, fileNames);
}
