/** What `forge list` and `forge extract` do (declared in commands/forge.ts). */
import { existsSync } from 'node:fs';
import { lstat, mkdir, realpath } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import {
  forgeClassExtension,
  forgeClassName,
  forgeEntryLabel,
  forgeNameMatcher,
  parseForgeClasses,
  safeForgeName,
  UniqueNames,
} from '../../archive/forge-select.js';
import { readDataFile, type Forge, type ForgeEntry, type ForgeResource } from '../../archive/forge.js';
import { toJsonText } from '../../export/json.js';
import { ParseError } from '../../io/errors.js';
import { count, groupThousands, hex } from '../../io/format.js';
import type { ForgeExtractOptions, ForgeListOptions } from '../commands/forge.js';
import { EXIT_FAILED, EXIT_USAGE, UsageError } from '../errors.js';
import { isInside, realDestination } from '../files.js';
import { archiveRefusalLine, ArchiveRefusal, isForgeFile, openForgeFile, profileLabel } from '../forge-archive.js';
import { forgeOpenOptions } from '../options.js';
import type { OpenForgeOptions } from '../../archive/forge-open.js';
import {
  dataFileFraming,
  FORGE_MANIFEST_FILE,
  manifestEntry,
  manifestOf,
  manifestRawEntry,
  BOOKKEEPING_FOLDER,
  type ForgeManifest,
  type ManifestEntry,
} from '../../archive/forge-pack.js';
import type { ForgeDataFile } from '../../archive/forge-data-file.js';
import { Progress } from '../progress.js';
import {
  JSON_OUTPUT,
  OutputRefusal,
  rawOutput,
  resourceOutput,
  writeFileAtomic,
  writeFilesAtomic,
  type OutputFile,
  type WriteOptions,
} from '../write-file.js';

/** A refusal as JSON: the entry (null for the archive's own tables), where (archive offset), which field, what was expected and found. */
type RefusalJson = { entry: number | null } & ReturnType<ParseError['toJSON']>;

function classes(value: string | undefined): Set<number> | null {
  if (value === undefined) return null;
  try {
    return parseForgeClasses(value);
  } catch (error) {
    throw new UsageError(`--class: ${(error as Error).message}`);
  }
}

/** Opens the archive, or says why not: a missing file is a usage error, a file that is no archive or is refused a failure. */
async function open(archive: string, options: OpenForgeOptions = {}): Promise<{ forge: Forge; close: () => Promise<void> }> {
  if (!isForgeFile(archive)) {
    if (!existsSync(archive)) throw new UsageError(`no such file: ${archive}`);
    throw new Error(`${archive}: not a .forge archive (it does not start with "scimitar\\0")`);
  }
  return openForgeFile(archive, options);
}

/** A failed open as the commands report it: the message, exit status 1 (a usage error stays one). */
export function reportOpenFailure(error: unknown, json: boolean): void {
  if (error instanceof UsageError) throw error;
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(`${message}\n`);
  if (json) {
    const refusal = error instanceof ArchiveRefusal ? error.refusal.toJSON() : { message };
    process.stdout.write(toJsonText({ error: { kind: 'refused', ...refusal } }));
  }
  process.exitCode = EXIT_FAILED;
}

interface ResourceJson {
  index: number;
  class: string;
  className: string | null;
  id: string;
  name: string;
  size: number;
}

interface EntryJson {
  number: number;
  id: string;
  name: string;
  type: string;
  typeName: string | null;
  offset: number;
  /** Where the data file's bytes start (after the 440-byte FILEDATA header in versions 25 and 26). */
  dataOffset: number;
  size: number;
  /** The archive's own bookkeeping entry this is (never read as a data file), or null. */
  bookkeeping: { name: string; meaning: string } | null;
  /** The resources of the data file (those --class keeps); null without --resources, or when the data file is refused. */
  resources: ResourceJson[] | null;
  /** Why the data file was refused (with --resources); null when it was not. */
  refusal: RefusalJson | null;
}

function resourceJson(resource: ForgeResource, index: number): ResourceJson {
  return {
    index,
    class: hex(resource.classHash >>> 0),
    className: forgeClassName(resource.classHash),
    id: hex(resource.id, 16),
    name: resource.name,
    size: resource.size,
  };
}

/** Runs `forge list` with what commander parsed. */
export async function listCommand(archive: string, options: ForgeListOptions): Promise<void> {
  const json = options.json === true;
  const wanted = classes(options.class);
  const nameMatches = options.name === undefined ? () => true : forgeNameMatcher(options.name);
  let opened;
  try {
    opened = await open(archive, forgeOpenOptions(options));
  } catch (error) {
    return reportOpenFailure(error, json);
  }
  const { forge } = opened;
  const refusals: RefusalJson[] = forge.refusals.map((r) => ({ entry: null, ...r.toJSON() }));
  for (const f of forge.findings)
    process.stderr.write(`${archive}: note: offset ${hex(f.offset, 1)} (${f.offset}): ${f.path}: ${f.message}\n`);
  for (const r of forge.refusals) process.stderr.write(`${archiveRefusalLine(archive, r)}\n`);
  const listed: EntryJson[] = [];
  const progress = options.resources === true ? new Progress('forge list', forge.entries.length) : null;
  let done = 0;
  try {
    for (const entry of forge.entries) {
      if (!nameMatches(entry.name)) continue;
      // Without --resources the class filter is the index's type; with it, the classes of the records.
      if (options.resources !== true && wanted !== null && !wanted.has(entry.resourceType >>> 0)) continue;
      const row: EntryJson = {
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
      if (options.resources === true && entry.bookkeeping !== null) {
        // Bookkeeping entries are the archive's own records, read raw: listed, never decoded as data files.
        progress!.update(++done);
        if (wanted !== null) continue;
      } else if (options.resources === true) {
        try {
          const file = await readDataFile(forge, entry);
          row.resources = file.resources
            .map(resourceJson)
            .filter((r, i) => wanted === null || wanted.has(file.resources[i]!.classHash >>> 0));
        } catch (error) {
          if (!(error instanceof ParseError)) throw error;
          row.refusal = { entry: entry.number, ...error.toJSON() };
          refusals.push(row.refusal);
          process.stderr.write(`${archive}: ${forgeEntryLabel(entry)}: refused at ${error.message}\n`);
        }
        progress!.update(++done);
        if (wanted !== null && row.refusal === null && row.resources!.length === 0) continue;
      }
      listed.push(row);
    }
  } finally {
    progress?.done();
    await opened.close();
  }
  if (json) {
    process.stdout.write(
      toJsonText({
        archive,
        version: forge.version,
        profile: forge.profile?.name ?? null,
        profileChoice: forge.profileChoice,
        entryCount: forge.entries.length,
        findings: forge.findings,
        entries: listed,
        refusals,
      }),
    );
  } else {
    process.stdout.write(listText(archive, forge, listed, refusals.length));
  }
  if (refusals.length > 0) process.exitCode = EXIT_FAILED;
}

/** A name as a terminal shows it: control characters escaped, so an archive cannot move the cursor or hide text. */
function printable(name: string): string {
  return name.replace(/[\u0000-\u001f\u007f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

function listText(archive: string, forge: Forge, rows: readonly EntryJson[], refused: number): string {
  const lines = [
    `${archive}: version ${forge.version}, profile ${profileLabel(forge)}, ${count(forge.entries.length, 'entry', 'entries')}${forge.refusals.length ? ` (${forge.refusals.length} refused)` : ''}`,
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

/** Runs `forge extract` with what commander parsed. */
export async function extractCommand(archive: string, options: ForgeExtractOptions): Promise<void> {
  const wanted = classes(options.class);
  const nameMatches = options.name === undefined ? () => true : forgeNameMatcher(options.name);
  const outDir = resolve(options.output);
  let opened;
  try {
    opened = await open(archive, forgeOpenOptions(options));
  } catch (error) {
    return reportOpenFailure(error, false);
  }
  const { forge } = opened;
  const archiveReal = realDestination(archive);
  if (archiveReal === realDestination(outDir)) {
    await opened.close();
    throw new UsageError(`forge extract: -o '${options.output}' is the archive itself; name a folder`);
  }
  try {
    await mkdir(outDir, { recursive: true });
  } catch (error) {
    await opened.close();
    throw new UsageError(`forge extract: cannot create the folder ${options.output}: ${(error as Error).message}`);
  }
  const realOut = await realpath(outDir);
  let refused = forge.refusals.length;
  for (const r of forge.refusals) process.stderr.write(`${archiveRefusalLine(archive, r)}\n`);
  const bookkeepingEntries = forge.entries.filter((e) => e.bookkeeping !== null && nameMatches(e.name));
  // With --class all, bookkeeping entries are kept raw, so forge pack can put them back as they were.
  const keepRaw = wanted === null;
  const bookkeeping = keepRaw ? 0 : bookkeepingEntries.length;
  const entries = forge.entries.filter((e) => e.bookkeeping === null && nameMatches(e.name));
  const folders = new UniqueNames();
  // The manifest `forge pack` builds the archive again from; no entry's folder takes its name.
  folders.take(FORGE_MANIFEST_FILE);
  folders.take(BOOKKEEPING_FOLDER);
  let manifest: ForgeManifest | null = null;
  const progress = new Progress('forge extract', entries.length);
  let written = 0;
  let done = 0;
  let kept = 0;
  const write: WriteOptions = { command: 'forge extract', force: options.force === true, sync: false };
  try {
    for (const entry of entries) {
      const result = await extractEntry(archive, forge, entry, wanted, realOut, archiveReal, folders, write);
      if (result.manifest !== undefined) {
        manifest ??= manifestOf(basename(archive), forge, dataFileFraming(result.manifest.file));
        manifest.entries.push(result.manifest.entry);
      }
      written += result.written;
      if (result.refused) refused++;
      if (result.kept) kept++;
      progress.update(++done);
    }
    if (manifest !== null && keepRaw && bookkeepingEntries.length > 0) {
      const raw: OutputFile[] = [];
      for (const entry of bookkeepingEntries) {
        const name = `${entry.number}-${safeForgeName(entry.name, 'entry')}.raw`;
        const bytes = await forge.source.read(entry.dataOffset, entry.size);
        raw.push({ path: join(realOut, BOOKKEEPING_FOLDER, name), data: bytes, kind: rawOutput(bytes) });
        manifest.entries.push(manifestRawEntry(entry, `${BOOKKEEPING_FOLDER}/${name}`));
      }
      await writeFilesAtomic(raw, write);
      manifest.entries.sort((a, b) => a.number - b.number);
    }
    if (manifest !== null) {
      const path = join(realOut, FORGE_MANIFEST_FILE);
      try {
        await writeFileAtomic({ path, data: toJsonText(manifest), kind: JSON_OUTPUT }, write);
      } catch (error) {
        if (!(error instanceof OutputRefusal)) throw error;
        process.stderr.write(`${archive}: the manifest for forge pack not written: ${error.message}\n`);
        kept++;
      }
    }
  } finally {
    progress.done();
    await opened.close();
  }
  const notWritten = kept
    ? `, ${count(kept, 'entry', 'entries')} not written (a file of another kind is in the way; --force replaces it)`
    : '';
  const skippedBookkeeping = bookkeeping
    ? ` (${count(bookkeeping, 'bookkeeping entry', 'bookkeeping entries')} not data files, not extracted)`
    : keepRaw && bookkeepingEntries.length > 0
      ? ` (${count(bookkeepingEntries.length, 'bookkeeping entry', 'bookkeeping entries')} kept raw in ${BOOKKEEPING_FOLDER}/ for forge pack)`
      : '';
  const refusedText = refused ? `, ${refused} refused` : '';
  process.stdout.write(
    `${archive}: ${count(written, 'resource')} written to ${options.output} from ${count(entries.length, 'entry', 'entries')}${refusedText}${notWritten}${skippedBookkeeping}\n`,
  );
  if (refused > 0) process.exitCode = EXIT_FAILED;
  // A file the output rule keeps is the command line's to change (another folder, or --force), as for every command.
  if (kept > 0) process.exitCode = EXIT_USAGE;
}

/** One entry's chosen resources, written whole (or none of them); a refusal is reported and the next entry read. */
async function extractEntry(
  archive: string,
  forge: Forge,
  entry: ForgeEntry,
  wanted: Set<number> | null,
  realOut: string,
  archiveReal: string,
  folders: UniqueNames,
  write: WriteOptions,
): Promise<{ written: number; refused: boolean; kept?: boolean; manifest?: { entry: ManifestEntry; file: ForgeDataFile } }> {
  let resources: ForgeResource[];
  let dataFile: ForgeDataFile;
  try {
    dataFile = await readDataFile(forge, entry);
    resources = dataFile.resources;
  } catch (error) {
    if (!(error instanceof ParseError)) throw error;
    process.stderr.write(`${archive}: ${forgeEntryLabel(entry)}: refused at ${error.message}\n`);
    return { written: 0, refused: true };
  }
  const chosen = resources.map((r, i) => ({ r, i })).filter(({ r }) => wanted === null || wanted.has(r.classHash >>> 0));
  const safeFolder = safeForgeName(entry.name, `entry-${entry.number}`);
  const fileNames: (string | null)[] = resources.map(() => null);
  const manifestPart = (folderName: string) => ({ entry: manifestEntry(entry, dataFile, folderName, fileNames), file: dataFile });
  if (chosen.length === 0) return { written: 0, refused: false, manifest: manifestPart(safeFolder) };
  const folder = folders.take(safeFolder);
  if (folder !== entry.name) process.stderr.write(`${archive}: ${forgeEntryLabel(entry)}: written as folder ${JSON.stringify(folder)}\n`);
  const dir = join(realOut, folder);
  // A folder already there as a link could lead outside the output: refused, never followed.
  const existing = await lstat(dir).catch(() => null);
  if (existing !== null && !existing.isDirectory()) {
    process.stderr.write(
      `${archive}: ${forgeEntryLabel(entry)}: ${dir} exists and is not a folder (a link is never followed); not written\n`,
    );
    return { written: 0, refused: true };
  }
  const names = new UniqueNames();
  const files: OutputFile[] = [];
  for (const { r, i } of chosen) {
    const ext = forgeClassExtension(r.classHash);
    const base = `${safeForgeName(r.name, `resource-${i}`)}.${ext}`;
    const name = names.take(base);
    if (name !== `${r.name}.${ext}`)
      process.stderr.write(
        `${archive}: ${forgeEntryLabel(entry)}: resource ${i} ${JSON.stringify(r.name)} written as ${JSON.stringify(name)}\n`,
      );
    const path = join(dir, name);
    // Belt and braces: a safe name is one component, so this always holds.
    if (!isInside(path, realOut) || path === archiveReal) {
      process.stderr.write(
        `${archive}: ${forgeEntryLabel(entry)}: resource ${i}: ${path} would be outside the output or the archive; not written\n`,
      );
      continue;
    }
    // The same resource (class and object id) as an earlier extraction replaces it; anything else is kept.
    files.push({ path, data: r.body, kind: resourceOutput(r.body) });
    fileNames[i] = name;
  }
  try {
    // Thousands of small files: each is still whole or absent (renamed into place), without a flush each.
    await writeFilesAtomic(files, write);
  } catch (error) {
    if (error instanceof OutputRefusal) {
      process.stderr.write(`${archive}: ${forgeEntryLabel(entry)}: not written: ${error.message}\n`);
      return { written: 0, refused: false, kept: true };
    }
    process.stderr.write(`${archive}: ${forgeEntryLabel(entry)}: ${(error as Error).message}\n`);
    return { written: 0, refused: true };
  }
  return { written: files.length, refused: false, manifest: manifestPart(folder) };
}
