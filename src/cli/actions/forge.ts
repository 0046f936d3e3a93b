/** What `forge list` and `forge extract` do (declared in commands/forge.ts). */
import { existsSync } from 'node:fs';
import { lstat, mkdir, realpath } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import { parseForgeClasses, type UniqueNames } from '../../archive/forge-select.js';
import { readDataFile, type Forge, type ForgeEntry } from '../../archive/forge.js';
import { forgeEntryAddress } from '../../archive/forge-address.js';
import {
  forgeExtractManifestEntry,
  forgeExtractSelection,
  forgeListing,
  forgeListingText,
  forgeRawEntryName,
  planForgeExtraction,
  type ForgeListRefusal,
  type ForgeListRow,
} from '../../archive/forge-listing.js';
import { formatAddress, refusalReport } from '../../io/address.js';
import { toJsonText } from '../../export/json.js';
import { ParseError } from '../../io/errors.js';
import { count, hex } from '../../io/format.js';
import { EXIT_FAILED, EXIT_USAGE, UsageError } from '../errors.js';
import { isInside, realDestination } from '../files.js';
import { archiveRefusalLine, ArchiveRefusal, isForgeFile, openForgeFile } from '../forge-archive.js';
import { forgeOpenOptions } from '../options.js';
import type { OpenForgeOptions } from '../../archive/forge-open.js';
import {
  dataFileFraming,
  FORGE_MANIFEST_FILE,
  manifestOf,
  manifestRawEntry,
  BOOKKEEPING_FOLDER,
  type ForgeManifest,
  type ManifestEntry,
} from '../../archive/forge-pack.js';
import type { ForgeDataFile } from '../../archive/forge-data-file.js';
import { Progress } from '../progress.js';
import { JSON_OUTPUT, rawOutput, resourceOutput } from '../../export/output-kind.js';
import { type OutputFile, OutputRefusedError, writeFileAtomic, writeFilesAtomic, type WriteOptions } from '../../node/output-file.js';
import type { ForgeProfileValues } from '../options.js';

export interface ForgeListOptions extends ForgeProfileValues {
  json?: boolean;
  class?: string;
  name?: string;
  resources?: boolean;
}

export interface ForgeExtractOptions extends ForgeProfileValues {
  output: string;
  force?: boolean;
  class: string;
  name?: string;
}

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

/** Runs `forge list` with what commander parsed. */
export async function listCommand(archive: string, options: ForgeListOptions): Promise<void> {
  const json = options.json === true;
  const wanted = classes(options.class);
  let opened;
  try {
    opened = await open(archive, forgeOpenOptions(options));
  } catch (error) {
    return reportOpenFailure(error, json);
  }
  const { forge } = opened;
  const refusals: ForgeListRefusal[] = forge.refusals.map((r) => ({ entry: null, ...r.toJSON() }));
  for (const f of forge.findings)
    process.stderr.write(`${archive}: note: offset ${hex(f.offset, 1)} (${f.offset}): ${f.path}: ${f.message}\n`);
  for (const r of forge.refusals) process.stderr.write(`${archiveRefusalLine(archive, r)}\n`);
  const listed: ForgeListRow[] = [];
  const resources = options.resources === true;
  const progress = resources ? new Progress('forge list', forge.entries.length) : null;
  let done = 0;
  try {
    for await (const step of forgeListing(forge, {
      classes: wanted,
      resources,
      ...(options.name === undefined ? {} : { name: options.name }),
    })) {
      if (step.refusal !== null) {
        refusals.push(step.row!.refusal!);
        process.stderr.write(`${formatAddress(forgeEntryAddress(archive, step.entry))}: ${refusalReport(step.refusal).message}\n`);
      }
      progress?.update(++done);
      if (step.row !== null) listed.push(step.row);
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
    process.stdout.write(forgeListingText(archive, forge, listed, refusals.length));
  }
  if (refusals.length > 0) process.exitCode = EXIT_FAILED;
}

/** Runs `forge extract` with what commander parsed. */
export async function extractCommand(archive: string, options: ForgeExtractOptions): Promise<void> {
  const wanted = classes(options.class);
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
  const selection = forgeExtractSelection(forge, wanted, options.name);
  const { entries, keepRaw, folders } = selection;
  const bookkeepingEntries = selection.bookkeeping;
  const bookkeeping = keepRaw ? 0 : bookkeepingEntries.length;
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
        const name = forgeRawEntryName(entry);
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
        if (!(error instanceof OutputRefusedError)) throw error;
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
  const where = formatAddress(forgeEntryAddress(archive, entry));
  let dataFile: ForgeDataFile;
  try {
    dataFile = await readDataFile(forge, entry);
  } catch (error) {
    if (!(error instanceof ParseError)) throw error;
    process.stderr.write(`${where}: ${refusalReport(error).message}\n`);
    return { written: 0, refused: true };
  }
  const plan = planForgeExtraction(entry, dataFile, wanted, folders);
  const written = new Set<number>();
  const manifest = () => ({ entry: forgeExtractManifestEntry(plan, written), file: dataFile });
  if (plan.files.length === 0) return { written: 0, refused: false, manifest: manifest() };
  if (plan.renamedFolder) process.stderr.write(`${where}: written as folder ${JSON.stringify(plan.folder)}\n`);
  const dir = join(realOut, plan.folder);
  // A folder already there as a link could lead outside the output: refused, never followed.
  const existing = await lstat(dir).catch(() => null);
  if (existing !== null && !existing.isDirectory()) {
    process.stderr.write(`${where}: ${dir} exists and is not a folder (a link is never followed); not written\n`);
    return { written: 0, refused: true };
  }
  const files: OutputFile[] = [];
  for (const { index, resource, name, renamed } of plan.files) {
    if (renamed) process.stderr.write(`${where}: resource ${index} ${JSON.stringify(resource.name)} written as ${JSON.stringify(name)}\n`);
    const path = join(dir, name);
    // Belt and braces: a safe name is one component, so this always holds.
    if (!isInside(path, realOut) || path === archiveReal) {
      process.stderr.write(`${where}: resource ${index}: ${path} would be outside the output or the archive; not written\n`);
      continue;
    }
    // The same resource (class and object id) as an earlier extraction replaces it; anything else is kept.
    files.push({ path, data: resource.body, kind: resourceOutput(resource.body) });
    written.add(index);
  }
  try {
    // Thousands of small files: each is still whole or absent (renamed into place), without a flush each.
    await writeFilesAtomic(files, write);
  } catch (error) {
    if (error instanceof OutputRefusedError) {
      process.stderr.write(`${where}: not written: ${error.message}\n`);
      return { written: 0, refused: false, kept: true };
    }
    process.stderr.write(`${where}: ${(error as Error).message}\n`);
    return { written: 0, refused: true };
  }
  return { written: files.length, refused: false, manifest: manifest() };
}
