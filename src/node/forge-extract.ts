/**
 * `forge extract` as a workflow: the chosen resources of an open archive written into a folder,
 * one data file at a time, as `<folder>/<entry name>/<resource name>.<Class>`, under the output
 * rule (an earlier extraction of the same resource is replaced, anything else kept), with the
 * manifest `forge pack` rebuilds the archive from. A data file that is refused is said and the
 * next one read.
 */
import { lstat, mkdir, realpath } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import type { UniqueNames } from '../archive/forge-select.js';
import { readDataFile, type Forge, type ForgeEntry } from '../archive/forge.js';
import { forgeEntryAddress } from '../archive/forge-address.js';
import { forgeExtractManifestEntry, forgeExtractSelection, forgeRawEntryName, planForgeExtraction } from '../archive/forge-listing.js';
import {
  BOOKKEEPING_FOLDER,
  dataFileFraming,
  FORGE_MANIFEST_FILE,
  manifestOf,
  manifestRawEntry,
  type ForgeManifest,
  type ManifestEntry,
} from '../archive/forge-pack.js';
import type { ForgeDataFile } from '../archive/forge-data-file.js';
import { formatAddress, refusalReport } from '../io/address.js';
import { ParseError } from '../io/errors.js';
import { toJsonText } from '../export/json.js';
import type { ForgeExtractCounts } from '../export/forge-report.js';
import { JSON_OUTPUT, rawOutput, resourceOutput } from '../export/output-kind.js';
import { isInside, realDestination } from './files.js';
import {
  OutputRefusedError,
  UnsafeOutputError,
  writeFileAtomic,
  writeFilesAtomic,
  type OutputFile,
  type WriteOptions,
} from './output-file.js';

/** How {@link extractForgeArchive} extracts. */
export interface ExtractForgeOptions {
  /** The class hashes to write (`parseForgeClasses`); null writes every class and keeps the bookkeeping entries raw. */
  classes: Set<number> | null;
  /** Only entries whose name matches this glob. */
  name?: string;
  /** Replace a file of another kind at an output path. */
  force?: boolean;
  /** Each note and refusal, one line (the CLI prints them on stderr). */
  onMessage?: (line: string) => void;
  /** Entries done of the total, after each entry. */
  onProgress?: (done: number, total: number) => void;
}

/**
 * Extracts the chosen resources of `forge` (opened from the file `archive`) into `output`,
 * creating it. An output that is the archive itself, or a folder that cannot be created, is an
 * {@link UnsafeOutputError} and nothing is written; everything else is counted in the result.
 */
export async function extractForgeArchive(
  forge: Forge,
  archive: string,
  output: string,
  options: ExtractForgeOptions,
): Promise<ForgeExtractCounts> {
  const say = options.onMessage ?? (() => undefined);
  const outDir = resolve(output);
  const archiveReal = realDestination(archive);
  if (archiveReal === realDestination(outDir))
    throw new UnsafeOutputError(`forge extract: -o '${output}' is the archive itself; name a folder`);
  try {
    await mkdir(outDir, { recursive: true });
  } catch (error) {
    throw new UnsafeOutputError(`forge extract: cannot create the folder ${output}: ${(error as Error).message}`);
  }
  const realOut = await realpath(outDir);
  const wanted = options.classes;
  let refused = forge.refusals.length;
  for (const r of forge.refusals) say(`${archive}: ${refusalReport(r).message}`);
  const selection = forgeExtractSelection(forge, wanted, options.name);
  const { entries, keepRaw, folders } = selection;
  const bookkeepingEntries = selection.bookkeeping;
  let manifest: ForgeManifest | null = null;
  let written = 0;
  let done = 0;
  let kept = 0;
  const write: WriteOptions = { command: 'forge extract', force: options.force === true, sync: false };
  const place = { archive, realOut, archiveReal, folders, write, say };
  for (const entry of entries) {
    const result = await extractEntry(forge, entry, wanted, place);
    if (result.manifest !== undefined) {
      manifest ??= manifestOf(basename(archive), forge, dataFileFraming(result.manifest.file));
      manifest.entries.push(result.manifest.entry);
    }
    written += result.written;
    if (result.refused) refused++;
    if (result.kept) kept++;
    options.onProgress?.(++done, entries.length);
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
      say(`${archive}: the manifest for forge pack not written: ${error.message}`);
      kept++;
    }
  }
  return {
    written,
    entries: entries.length,
    refused,
    kept,
    skippedBookkeeping: keepRaw ? 0 : bookkeepingEntries.length,
    rawBookkeeping: keepRaw ? bookkeepingEntries.length : 0,
  };
}

/** Where one entry's files go, and how they are written. */
interface Place {
  archive: string;
  realOut: string;
  archiveReal: string;
  folders: UniqueNames;
  write: WriteOptions;
  say: (line: string) => void;
}

/** One entry's chosen resources, written whole (or none of them); a refusal is reported and the next entry read. */
async function extractEntry(
  forge: Forge,
  entry: ForgeEntry,
  wanted: Set<number> | null,
  { archive, realOut, archiveReal, folders, write, say }: Place,
): Promise<{ written: number; refused: boolean; kept?: boolean; manifest?: { entry: ManifestEntry; file: ForgeDataFile } }> {
  const where = formatAddress(forgeEntryAddress(archive, entry));
  let dataFile: ForgeDataFile;
  try {
    dataFile = await readDataFile(forge, entry);
  } catch (error) {
    if (!(error instanceof ParseError)) throw error;
    say(`${where}: ${refusalReport(error).message}`);
    return { written: 0, refused: true };
  }
  const plan = planForgeExtraction(entry, dataFile, wanted, folders);
  const written = new Set<number>();
  const manifest = () => ({ entry: forgeExtractManifestEntry(plan, written), file: dataFile });
  if (plan.files.length === 0) return { written: 0, refused: false, manifest: manifest() };
  if (plan.renamedFolder) say(`${where}: written as folder ${JSON.stringify(plan.folder)}`);
  const dir = join(realOut, plan.folder);
  // A folder already there as a link could lead outside the output: refused, never followed.
  const existing = await lstat(dir).catch(() => null);
  if (existing !== null && !existing.isDirectory()) {
    say(`${where}: ${dir} exists and is not a folder (a link is never followed); not written`);
    return { written: 0, refused: true };
  }
  const files: OutputFile[] = [];
  for (const { index, resource, name, renamed } of plan.files) {
    if (renamed) say(`${where}: resource ${index} ${JSON.stringify(resource.name)} written as ${JSON.stringify(name)}`);
    const path = join(dir, name);
    // Belt and braces: a safe name is one component, so this always holds.
    if (!isInside(path, realOut) || path === archiveReal) {
      say(`${where}: resource ${index}: ${path} would be outside the output or the archive; not written`);
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
      say(`${where}: not written: ${error.message}`);
      return { written: 0, refused: false, kept: true };
    }
    say(`${where}: ${(error as Error).message}`);
    return { written: 0, refused: true };
  }
  return { written: files.length, refused: false, manifest: manifest() };
}
