/**
 * What `forge extract` records of an archive so that `forge pack` can build it again: the profile,
 * version and framing, and per entry and resource every field the writer needs (ids, names,
 * types, timestamps, record flags, TOC remainders) with the file each body was written to. From
 * such a manifest and the bodies, {@link packArchive} writes the archive; an archive the project
 * wrote comes back byte for byte. Browser-safe.
 */
import { hex } from '../io/format.js';
import type { ForgeDataFile } from './forge-data-file.js';
import type { Forge, ForgeEntry } from './forge.js';
import {
  assembleWrites,
  forgeWrites,
  writeForgeDataFile,
  type ForgeLazyEntry,
  type ForgeWrite,
  type ForgeWriterResource,
} from './forge-writer.js';
import { compressLzo1xBlock } from './lzo1x-compress.js';
import type { RecordSubHeader, TocRecordKind } from './profile/framing.js';
import { forgeProfileByName, type ForgeProfileName } from './profile/profiles.js';

/** The file `forge extract` writes the manifest to, in its output folder. */
export const FORGE_MANIFEST_FILE = 'forge-manifest.json';

/** The folder, beside the manifest, that holds the bookkeeping entries kept raw. */
export const BOOKKEEPING_FOLDER = '_bookkeeping';

/** The manifest's format, checked on reading. */
export const FORGE_MANIFEST_FORMAT = 'anvil-skeleton forge manifest 1';

/** One resource of an entry, in the manifest. */
export interface ManifestResource {
  index: number;
  id: string;
  class: string;
  name: string;
  /** The file its body was written to, relative to the entry's folder; null when it was not extracted. */
  file: string | null;
  /** The record flag's sub-header (flag 1), as hex, or null for flag 0. */
  subHeader: { head: string; entries: string[] } | null;
  /** What the TOC record holds after id and size, as the profile's reading gives it. */
  tocRest: number | number[] | null;
}

/** One entry (data file), in the manifest. */
export interface ManifestEntry {
  number: number;
  id: string;
  name: string;
  type: string;
  timestamp: number;
  /** Its folder, relative to the manifest's. */
  folder: string;
  resources: ManifestResource[];
  /** A bookkeeping entry, kept raw: the file (relative to the manifest's folder) holding its data file's bytes; else absent. */
  raw?: string;
}

/** Everything `forge pack` needs to build the archive again. */
export interface ForgeManifest {
  format: typeof FORGE_MANIFEST_FORMAT;
  /** The archive it was extracted from (its name, for the record). */
  archive: string;
  version: number;
  profile: ForgeProfileName;
  tocRecord: TocRecordKind;
  maxEntriesPerBlock: number;
  /** How the sets were framed: the first data file's, which the writer gives every one. */
  framing: { setVersion: number; method: number; blockSize: number; compression: 'stored' | 'LZO1X' };
  entries: ManifestEntry[];
}

const hexBytes = (b: Uint8Array): string => [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
const fromHex = (s: string): Uint8Array => Uint8Array.from(s.match(/../g) ?? [], (x) => Number.parseInt(x, 16));

/** The framing a data file shows: its resources set's set version, method, block size, and whether any block is compressed. */
export function dataFileFraming(file: ForgeDataFile): ForgeManifest['framing'] {
  const sets = [file.toc, file.resourcesSet].filter((s) => s !== null);
  const set = file.resourcesSet ?? file.toc;
  const multi = sets.filter((s) => s.blocks.length > 1);
  const blockSize = multi.length > 0 ? Math.max(...multi.map((s) => s.largestUncompressed)) : 0x8000;
  const compressed = sets.some((s) => s.blocks.some((b) => b.compressedSize !== b.uncompressedSize));
  return { setVersion: set?.setVersion ?? 1, method: set?.method ?? 0, blockSize, compression: compressed ? 'LZO1X' : 'stored' };
}

/** The manifest's part for one entry, from its data file and the names its bodies were written under. */
export function manifestEntry(entry: ForgeEntry, file: ForgeDataFile, folder: string, files: readonly (string | null)[]): ManifestEntry {
  return {
    number: entry.number,
    id: hex(entry.id, 16),
    name: entry.name,
    type: hex(entry.resourceType >>> 0),
    timestamp: entry.timestamp,
    folder,
    resources: file.resources.map((r, i) => ({
      index: i,
      id: hex(r.id, 16),
      class: hex(r.classHash >>> 0),
      name: r.name,
      file: files[i] ?? null,
      subHeader:
        r.subHeader.extra === null ? null : { head: hexBytes(r.subHeader.extra.head), entries: r.subHeader.extra.entries.map(hexBytes) },
      tocRest: (file.tocRecords[i]!.rest as number | number[] | null) ?? null,
    })),
  };
}

/** The manifest's part for a bookkeeping entry, kept raw in `file`. */
export function manifestRawEntry(entry: ForgeEntry, file: string): ManifestEntry {
  return {
    number: entry.number,
    id: hex(entry.id, 16),
    name: entry.name,
    type: hex(entry.resourceType >>> 0),
    timestamp: entry.timestamp,
    folder: '',
    resources: [],
    raw: file,
  };
}

/** The manifest's head for an archive (entries added as they are extracted). */
export function manifestOf(archive: string, forge: Forge, framing: ForgeManifest['framing']): ForgeManifest {
  if (forge.profile === null) throw new Error(`no archive profile reads ${archive}`);
  return {
    format: FORGE_MANIFEST_FORMAT,
    archive,
    version: forge.version,
    profile: forge.profile.name,
    tocRecord: forge.tocRecord ?? forge.profile.tocRecord.value,
    maxEntriesPerBlock: forge.maxEntriesPerBlock,
    framing,
    entries: [],
  };
}

/** Checks a parsed manifest's shape; throws an Error naming the first field that is wrong. */
export function checkManifest(value: unknown): ForgeManifest {
  const m = value as Partial<ForgeManifest> | null;
  if (m === null || typeof m !== 'object' || m.format !== FORGE_MANIFEST_FORMAT)
    throw new Error(`not a manifest of this project (format "${FORGE_MANIFEST_FORMAT}")`);
  if (typeof m.version !== 'number' || !Number.isInteger(m.version)) throw new Error('manifest: version is not an integer');
  if (forgeProfileByName(String(m.profile)) === undefined) throw new Error(`manifest: unknown profile ${JSON.stringify(m.profile)}`);
  if (!Array.isArray(m.entries)) throw new Error('manifest: entries is not a list');
  for (const [i, e] of m.entries.entries()) {
    if (typeof e?.name !== 'string' || typeof e.id !== 'string' || !Array.isArray(e.resources))
      throw new Error(`manifest: entries[${i}] lacks a name, id or resources`);
    for (const [j, r] of e.resources.entries()) {
      if (typeof r?.id !== 'string' || typeof r.class !== 'string' || typeof r.name !== 'string')
        throw new Error(`manifest: entries[${i}].resources[${j}] lacks an id, class or name`);
    }
  }
  return m as ForgeManifest;
}

/**
 * The archive a manifest describes, with each resource's body from `bodyOf` (its entry and
 * resource in the manifest; a missing body throws an Error naming it). Throws an EncodeError for a
 * value a field cannot hold.
 */
export function packArchive(
  manifest: ForgeManifest,
  bodyOf: (entry: ManifestEntry, resource: ManifestResource) => Uint8Array,
  rawOf: (entry: ManifestEntry) => Uint8Array = noRawDataFiles,
): Uint8Array {
  return assembleWrites(packArchiveWrites(manifest, bodyOf, rawOf));
}

function noRawDataFiles(): never {
  throw new Error('no raw data files');
}

/**
 * The archive a manifest describes as writes at offsets ({@link forgeWrites}): each entry's bodies
 * asked of `bodyOf` (or its raw data file of `rawOf`) only when its data file is made, so a large
 * archive is packed one data file at a time, never whole in memory. Returns the archive's size.
 */
export function packArchiveWrites(
  manifest: ForgeManifest,
  bodyOf: (entry: ManifestEntry, resource: ManifestResource) => Uint8Array,
  rawOf: (entry: ManifestEntry) => Uint8Array = noRawDataFiles,
): Generator<ForgeWrite, number, undefined> {
  const profile = forgeProfileByName(manifest.profile)!;
  const framing = {
    version: manifest.version,
    tocRecord: manifest.tocRecord,
    setVersion: manifest.framing.setVersion,
    method: manifest.framing.method,
    blockSize: manifest.framing.blockSize,
    compress: manifest.framing.compression === 'LZO1X' ? compressLzo1xBlock : undefined,
  };
  const resourcesOf = (e: ManifestEntry): ForgeWriterResource[] =>
    e.resources.map((r) => {
      const subHeader: RecordSubHeader =
        r.subHeader === null
          ? { flag: 0, extra: null }
          : { flag: 1, extra: { head: fromHex(r.subHeader.head), entries: r.subHeader.entries.map(fromHex) } };
      return {
        classHash: Number.parseInt(r.class, 16),
        id: BigInt(r.id),
        name: r.name,
        body: bodyOf(e, r),
        subHeader,
        tocRest: r.tocRest ?? undefined,
      };
    });
  const entries: ForgeLazyEntry[] = manifest.entries.map((e) => ({
    id: BigInt(e.id),
    name: e.name,
    resourceType: Number.parseInt(e.type, 16),
    timestamp: e.timestamp,
    dataFile: () => (e.raw === undefined ? writeForgeDataFile({ resources: resourcesOf(e) }, profile, framing) : rawOf(e)),
  }));
  return forgeWrites({ profile, ...framing, entries, maxEntriesPerBlock: manifest.maxEntriesPerBlock });
}
