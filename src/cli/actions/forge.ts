/** What `forge list` and `forge extract` do (declared in commands/forge.ts). */
import { existsSync } from 'node:fs';
import { lstat, mkdir, realpath } from 'node:fs/promises';
import { join, resolve } from 'node:path';
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
import { EXIT_FAILED, UsageError } from '../errors.js';
import { isInside, realDestination } from '../files.js';
import { archiveRefusalLine, ArchiveRefusal, isForgeFile, openForgeFile } from '../forge-archive.js';
import { Progress } from '../progress.js';
import { writeFilesAtomic, type OutputFile } from '../write-file.js';

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
async function open(archive: string): Promise<{ forge: Forge; close: () => Promise<void> }> {
  if (!isForgeFile(archive)) {
    if (!existsSync(archive)) throw new UsageError(`no such file: ${archive}`);
    throw new Error(`${archive}: not a .forge archive (it does not start with "scimitar\\0")`);
  }
  return openForgeFile(archive);
}

/** A failed open as the commands report it: the message, exit status 1 (a usage error stays one). */
function reportOpenFailure(error: unknown, json: boolean): void {
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
  size: number;
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
    opened = await open(archive);
  } catch (error) {
    return reportOpenFailure(error, json);
  }
  const { forge } = opened;
  const refusals: RefusalJson[] = forge.refusals.map((r) => ({ entry: null, ...r.toJSON() }));
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
        size: entry.size,
        resources: null,
        refusal: null,
      };
      if (options.resources === true) {
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
    process.stdout.write(toJsonText({ archive, version: forge.version, entryCount: forge.entries.length, entries: listed, refusals }));
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
    `${archive}: version ${forge.version}, ${count(forge.entries.length, 'entry', 'entries')}${forge.refusals.length ? ` (${forge.refusals.length} refused)` : ''}`,
  ];
  lines.push('  #       id                  type        offset        size  name');
  for (const row of rows) {
    const type = row.typeName ?? row.type;
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
    opened = await open(archive);
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
  const entries = forge.entries.filter((e) => nameMatches(e.name));
  const folders = new UniqueNames();
  const progress = new Progress('forge extract', entries.length);
  let written = 0;
  let done = 0;
  try {
    for (const entry of entries) {
      const result = await extractEntry(archive, forge, entry, wanted, realOut, archiveReal, folders);
      written += result.written;
      if (result.refused) refused++;
      progress.update(++done);
    }
  } finally {
    progress.done();
    await opened.close();
  }
  process.stdout.write(
    `${archive}: ${count(written, 'resource')} written to ${options.output} from ${count(entries.length, 'entry', 'entries')}${refused ? `, ${refused} refused` : ''}\n`,
  );
  if (refused > 0) process.exitCode = EXIT_FAILED;
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
): Promise<{ written: number; refused: boolean }> {
  let resources: ForgeResource[];
  try {
    resources = (await readDataFile(forge, entry)).resources;
  } catch (error) {
    if (!(error instanceof ParseError)) throw error;
    process.stderr.write(`${archive}: ${forgeEntryLabel(entry)}: refused at ${error.message}\n`);
    return { written: 0, refused: true };
  }
  const chosen = resources.map((r, i) => ({ r, i })).filter(({ r }) => wanted === null || wanted.has(r.classHash >>> 0));
  if (chosen.length === 0) return { written: 0, refused: false };
  const safeFolder = safeForgeName(entry.name, `entry-${entry.number}`);
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
    files.push({ path, data: r.body });
  }
  try {
    // Thousands of small files: each is still whole or absent (renamed into place), without a flush each.
    await writeFilesAtomic(files, { createFolders: true, sync: false });
  } catch (error) {
    process.stderr.write(`${archive}: ${forgeEntryLabel(entry)}: ${(error as Error).message}\n`);
    return { written: 0, refused: true };
  }
  return { written: files.length, refused: false };
}
