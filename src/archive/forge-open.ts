/**
 * Opening an archive under a profile: named by the caller, or found by reading its first data
 * files under every profile that reads its version, never by its name. A profile fits when it reads
 * the most of them to their exact ends; when several do, the one whose bodies start as its titles'
 * do is preferred, and profiles that read every probed byte alike are the same answer (the first
 * is used, the others named). Profiles that fit but read the bytes differently leave the choice to
 * the caller: {@link ForgeProfileAmbiguity}.
 */
import { ParseError } from '../io/errors.js';
import { readChunk, type Chunk } from './forge-chunk.js';
import { dataFileLayout, readDataFileBytes, type ForgeDataFile } from './forge-data-file.js';
import { readForgeTables, type Forge, type ForgeEntry } from './forge.js';
import {
  FORGE_PROFILES,
  forgeProfileByName,
  profileReadsVersion,
  type BookkeepingEntry,
  type ForgeProfile,
  type ForgeProfileName,
} from './profile/profiles.js';
import type { TocRecordKind } from './profile/framing.js';
import { forgeTables } from './profile/tables.js';
import type { ArchiveSource } from './source.js';
import { forgeChecksum } from './forge-data-file.js';

/** How to open an archive. */
export interface OpenForgeOptions {
  /** A profile by name, or `auto` (the default) to find it from the first data files. */
  profile?: ForgeProfileName | 'auto';
  /** A TOC record reading among the profile's choices (the profile's own by default). */
  tocRecord?: TocRecordKind;
  /** How many data files detection reads at most (4 by default). */
  probeDataFiles?: number;
}

/** Several profiles read the probed data files to their ends, each differently: the caller must name one. */
export class ForgeProfileAmbiguity extends Error {
  override name = 'ForgeProfileAmbiguity';
  constructor(
    readonly candidates: readonly ForgeProfileName[],
    readonly probed: number,
  ) {
    super(
      `profiles ${candidates.join(', ')} each read the first ${probed} data file(s) to their ends, differently; name one with --forge-profile`,
    );
  }
}

/** The TOC record reading asked for is not one the chosen or detected profile allows. */
export class ForgeOptionsConflict extends Error {
  override name = 'ForgeOptionsConflict';
}

/** One profile's reading of the probed data files. */
export interface ForgeProfileTrial {
  profile: ForgeProfileName;
  /** Whether the profile reads the archive's version at all. */
  readsVersion: boolean;
  /** Per probed data file: read to its exact end, read but not exactly (what is off), or where it stopped. */
  dataFiles: { entry: number; name: string; refusal: ParseError | null; inexact: string | null; resources: number }[];
  /** Data files read to their exact ends: the sets end where the data file does, the records where the sets' bytes do, and every TOC size is its record's length. */
  read: number;
  /** Data files read, but not exactly (a reader as lenient as ACExplorer takes them). */
  lenient: number;
  /** Data files refused whose framing fits all the same: both sets' tables end at the data file's end (a block is then refused, e.g. by its checksum). */
  framed: number;
  /** Resources whose bodies start as the profile's titles' do (a hint, not a refusal). */
  bodyHints: number;
  /** A digest of everything it read, to tell profiles that read alike from those that do not. */
  digest: string;
}

/** What detection found: every trial, and the choice. */
export interface ForgeProbe {
  version: number;
  /** The entries read to decide. */
  probed: ForgeEntry[];
  trials: ForgeProfileTrial[];
  /** The profile chosen, or null: none fits, or several fit and read differently (`ambiguous`). */
  chosen: ForgeProfileName | null;
  /** Profiles that read exactly as the chosen one. */
  alike: ForgeProfileName[];
  /** Profiles that fit equally and read differently (empty unless the choice is the caller's). */
  ambiguous: ForgeProfileName[];
  /** `fits`: the chosen profile reads the probed data files; `framing`: none does, but its framing fits them; `none`: no profile reads this version. */
  how: 'fits' | 'framing' | 'none';
}

const ANY_BOOKKEEPING: ReadonlySet<string> = new Set(FORGE_PROFILES.flatMap((p) => Object.keys(p.bookkeeping)));

/** Whether an entry is bookkeeping under any profile: detection never probes those. */
function bookkeepingUnderAny(entry: ForgeEntry): boolean {
  return ANY_BOOKKEEPING.has(String(entry.id));
}

function bodyHint(profile: ForgeProfile, classHash: number, id: bigint, body: Uint8Array): boolean {
  const view = new DataView(body.buffer, body.byteOffset, body.byteLength);
  switch (profile.bodyHeader.value) {
    case 'managed-id-class':
      return body.length >= 13 && body[0] === 1 && view.getBigUint64(1, true) === id && view.getUint32(9, true) === classHash >>> 0;
    case 'id-class':
      return body.length >= 12 && view.getBigUint64(0, true) === id && view.getUint32(8, true) === classHash >>> 0;
    case 'u32-id-class':
      return body.length >= 8 && BigInt(view.getUint32(0, true)) === id && view.getUint32(4, true) === classHash >>> 0;
    default:
      return false;
  }
}

/** Whether a profile's framing fits a data file (see `dataFileLayout`). */
function framingFits(profile: ForgeProfile, tables: Awaited<ReturnType<typeof readForgeTables>>, entry: ForgeEntry, chunk: Chunk): boolean {
  try {
    dataFileLayout(profile, tables.tables, { ...entry, bookkeeping: null }, chunk);
    return true;
  } catch (error) {
    if (error instanceof ParseError) return false;
    throw error;
  }
}

/** Why a data file read is not exact, or null when it is. */
function inexactness(file: ForgeDataFile): string | null {
  if (file.resourcesSet !== null && file.profile.recordsStart.value === 'second-set' && file.tocEnd !== file.resourcesSet.streamOffset)
    return `${file.resourcesSet.streamOffset - file.tocEnd} bytes after the TOC in its set`;
  if (file.recordsEnd !== file.stream.length) return `${file.stream.length - file.recordsEnd} bytes after the last record`;
  for (const [i, r] of file.resources.entries()) {
    const length = r.bodyOffset + r.size - r.recordOffset;
    if (r.tocSize !== length) return `resource ${i}: the TOC gives ${r.tocSize} bytes, the record takes ${length}`;
  }
  return null;
}

/**
 * Reads the first data files (up to `limit`, bookkeeping and empty entries left out) under every
 * profile and says which fit. Never throws for what the data files hold; a source that fails rejects.
 */
export async function probeForgeProfiles(
  tables: Awaited<ReturnType<typeof readForgeTables>>,
  options: { limit?: number; tocRecord?: TocRecordKind } = {},
): Promise<ForgeProbe> {
  const limit = options.limit ?? 4;
  const probed = tables.entries.filter((e) => !bookkeepingUnderAny(e) && e.size > 0).slice(0, limit);
  const headerBytes = tables.tables.fileDataHeader?.fixedSize ?? 0;
  const chunks: Chunk[] = [];
  for (const entry of probed)
    chunks.push(
      await readChunk(
        tables.source,
        entry.offset,
        headerBytes + entry.size,
        ['entries', entry.number],
        'the data file',
        entry.indexRecordOffset,
      ),
    );
  const trials: ForgeProfileTrial[] = FORGE_PROFILES.map((profile) => {
    const readsVersion = profileReadsVersion(profile, tables.version);
    const dataFiles: ForgeProfileTrial['dataFiles'] = [];
    let read = 0;
    let lenient = 0;
    let framed = 0;
    let bodyHints = 0;
    const digest: string[] = [];
    probed.forEach((entry, i) => {
      if (!readsVersion) return;
      const tocRecord =
        options.tocRecord !== undefined && profile.tocRecordChoices.includes(options.tocRecord)
          ? options.tocRecord
          : profile.tocRecord.value;
      try {
        const file = readDataFileBytes(profile, tables.tables, { ...entry, bookkeeping: null }, chunks[i]!, {
          tocRecord,
          version: tables.version,
        });
        const gap = inexactness(file);
        if (gap === null) read++;
        else lenient++;
        for (const r of file.resources) {
          if (bodyHint(profile, r.classHash, r.id, r.body)) bodyHints++;
          digest.push(`${entry.number}:${r.id}:${r.tocSize}:${r.classHash}:${r.name}:${r.size}:${forgeChecksum(r.body)}`);
        }
        dataFiles.push({ entry: entry.number, name: entry.name, refusal: null, inexact: gap, resources: file.resources.length });
      } catch (error) {
        if (!(error instanceof ParseError)) throw error;
        digest.push(`${entry.number}:refused`);
        if (framingFits(profile, tables, entry, chunks[i]!)) framed++;
        dataFiles.push({ entry: entry.number, name: entry.name, refusal: error, inexact: null, resources: 0 });
      }
    });
    return { profile: profile.name, readsVersion, dataFiles, read, lenient, framed, bodyHints, digest: digest.join('|') };
  });
  const reading = trials.filter((t) => t.readsVersion);
  // Exact readings first; lenient ones count only when no profile reads any data file exactly, and
  // when none reads any, a profile whose framing fits the refused ones is the best guess (its
  // refusals are the ones worth showing: a corrupt block rather than a framing that does not fit).
  const best = Math.max(0, ...reading.map((t) => t.read));
  const bestLenient = best > 0 ? 0 : Math.max(0, ...reading.map((t) => t.lenient));
  const bestFramed = best > 0 || bestLenient > 0 ? 0 : Math.max(0, ...reading.map((t) => t.framed));
  const fits = (t: ForgeProfileTrial): boolean =>
    best > 0
      ? t.read === best
      : bestLenient > 0
        ? t.lenient === bestLenient
        : bestFramed > 0
          ? t.framed === bestFramed
          : probed.length === 0;
  const how: ForgeProbe['how'] = best > 0 || bestLenient > 0 || probed.length === 0 ? 'fits' : bestFramed > 0 ? 'framing' : 'none';
  let candidates = reading.filter(fits);
  const hints = Math.max(0, ...candidates.map((t) => t.bodyHints));
  candidates = candidates.filter((t) => t.bodyHints === hints);
  const first = candidates[0];
  const result = { version: tables.version, probed, trials, how };
  if (first === undefined) return { ...result, how: 'none', chosen: null, alike: [], ambiguous: [] };
  const differing = candidates.filter((t) => t.digest !== first.digest);
  if (differing.length > 0 && how === 'fits') return { ...result, chosen: null, alike: [], ambiguous: candidates.map((t) => t.profile) };
  const alike = reading.filter((t) => t !== first && fits(t) && t.digest === first.digest).map((t) => t.profile);
  return { ...result, chosen: first.profile, alike, ambiguous: [] };
}

/** The bookkeeping entry an id is under a profile (or under any profile, with none). */
function bookkeepingOf(profile: ForgeProfile | null, id: bigint): BookkeepingEntry | null {
  const key = String(id);
  if (profile !== null) return profile.bookkeeping[key] ?? null;
  for (const p of FORGE_PROFILES) if (p.bookkeeping[key] !== undefined) return p.bookkeeping[key];
  return null;
}

/**
 * Opens an archive: reads its tables (see `readForgeTables`) and chooses the profile its data files
 * are read with, named or detected. Throws a ParseError for tables that cannot be read at all, a
 * {@link ForgeProfileAmbiguity} when detection finds profiles that read the first data files
 * differently, and an Error for an unknown profile name or a TOC reading the profile does not offer.
 */
export async function openForge(source: ArchiveSource, options: OpenForgeOptions = {}): Promise<Forge> {
  const tables = await readForgeTables(source);
  const requested = options.profile ?? 'auto';
  let profile: ForgeProfile | null;
  let how: Forge['profileChoice']['how'];
  let alike: string[] = [];
  let probed = 0;
  if (requested === 'auto') {
    const probe = await probeForgeProfiles(tables, { limit: options.probeDataFiles, tocRecord: options.tocRecord });
    probed = probe.probed.length;
    if (probe.ambiguous.length > 0) throw new ForgeProfileAmbiguity(probe.ambiguous, probed);
    profile = probe.chosen === null ? null : forgeProfileByName(probe.chosen)!;
    how = profile === null ? 'none' : probe.how === 'framing' ? 'framing' : 'detected';
    alike = probe.alike;
  } else {
    const named = forgeProfileByName(requested);
    if (named === undefined)
      throw new Error(`unknown archive profile "${requested}" (one of ${FORGE_PROFILES.map((p) => p.name).join(', ')}, or auto)`);
    profile = named;
    how = 'named';
  }
  if (options.tocRecord !== undefined && profile !== null && !profile.tocRecordChoices.includes(options.tocRecord)) {
    throw new ForgeOptionsConflict(
      `the ${profile.name} profile reads TOC records as ${profile.tocRecordChoices.join(' or ')}, not ${options.tocRecord}`,
    );
  }
  for (const entry of tables.entries) entry.bookkeeping = bookkeepingOf(profile, entry.id);
  return {
    ...tables,
    profile,
    profileChoice: { how, alike, probed },
    tocRecord: profile === null ? null : (options.tocRecord ?? profile.tocRecord.value),
  };
}

/** What reading a data file needs besides the source, rebuilt from names (a worker thread gets these, not the Forge). */
export function forgeReading(
  version: number,
  profile: ForgeProfileName | null,
  tocRecord: TocRecordKind | null,
): Pick<Forge, 'version' | 'tables' | 'profile' | 'tocRecord'> {
  return { version, tables: forgeTables(version), profile: profile === null ? null : (forgeProfileByName(profile) ?? null), tocRecord };
}
