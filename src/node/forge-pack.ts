/**
 * `forge pack` as a workflow: the manifest of a folder laid out as `forge extract` writes it (its
 * own, or one made from its folders for a profile), and the archive packed from the folder's files.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import {
  checkManifest,
  FORGE_MANIFEST_FILE,
  packArchive,
  packArchiveWrites,
  type ForgeManifest,
  type ManifestEntry,
  type ManifestResource,
} from '../archive/forge-pack.js';
import { ForgePackLayoutError, manifestFromFolders, manifestWithProfile } from '../archive/forge-pack-folders.js';
import { forgeProfileByName } from '../archive/profile/profiles.js';
import { count } from '../io/format.js';
import { fsReason } from './files.js';

/**
 * Why a folder cannot be packed. `usage`: the call's mistake (no folder, no profile named for a
 * folder without a manifest, a layout the folder does not have); otherwise what the folder holds is
 * refused (a bad manifest, a resource of it missing). The message starts `forge pack: `.
 */
export class ForgePackError extends Error {
  override name = 'ForgePackError';
  constructor(
    message: string,
    /** The call's mistake rather than the folder's content. */
    readonly usage: boolean,
  ) {
    super(`forge pack: ${message}`);
  }
}

/** What {@link forgeFolderManifest} packs with: a profile by name (`auto` or absent: the manifest's), and an archive version. */
export interface ForgeFolderOptions {
  /** The profile to write with; required when the folder has no manifest. */
  profile?: string;
  /** The archive version to write (the manifest's, or the profile's first, by default). */
  archiveVersion?: number;
}

/** The manifest of a folder laid out as `forge extract` writes it, when it has no manifest. */
function manifestOfFolder(dir: string, profileName: string, version: number): ForgeManifest {
  const profile = forgeProfileByName(profileName);
  if (profile === undefined) throw new ForgePackError(`--forge-profile names no profile (${profileName})`, true);
  const folders = readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => ({
      name: d.name,
      files: readdirSync(join(dir, d.name), { withFileTypes: true })
        .filter((f) => f.isFile())
        .map((f) => f.name),
    }));
  try {
    return manifestFromFolders(dir, folders, profile, version, (folder, file) => new Uint8Array(readFileSync(join(dir, folder, file))));
  } catch (error) {
    if (error instanceof ForgePackLayoutError) throw new ForgePackError(error.message, true);
    throw error;
  }
}

/**
 * The manifest `dir` packs with: its `forge-manifest.json` (with the profile given, when one is),
 * or, without one, the manifest of its folders for the profile given. Throws a {@link ForgePackError}.
 */
export function forgeFolderManifest(dir: string, options: ForgeFolderOptions = {}): ForgeManifest {
  if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new ForgePackError(`${dir} is not a folder`, true);
  const manifestPath = join(dir, FORGE_MANIFEST_FILE);
  const named = options.profile === undefined || options.profile === 'auto' ? undefined : options.profile;
  let manifest: ForgeManifest;
  if (existsSync(manifestPath)) {
    try {
      manifest = checkManifest(JSON.parse(readFileSync(manifestPath, 'utf8')));
    } catch (error) {
      throw new ForgePackError(`${manifestPath}: ${(error as Error).message}`, false);
    }
    if (named !== undefined) manifest = manifestWithProfile(manifest, forgeProfileByName(named)!);
  } else {
    if (named === undefined)
      throw new ForgePackError(`${dir} has no ${FORGE_MANIFEST_FILE}; name the profile to write with --forge-profile`, true);
    const profile = forgeProfileByName(named)!;
    manifest = manifestOfFolder(dir, named, options.archiveVersion ?? profile.versions.value[0]!);
  }
  return options.archiveVersion === undefined ? manifest : { ...manifest, version: options.archiveVersion };
}

/** A file of the folder named by the manifest: its path (null for a resource not extracted) and its name in messages. */
function folderFile(dir: string, entry: ManifestEntry, resource: ManifestResource | null): { path: string | null; shown: string } {
  if (resource === null) return { path: join(dir, entry.raw!), shown: entry.raw! };
  return {
    path: resource.file === null ? null : join(dir, entry.folder, resource.file),
    shown: `${entry.folder}/${resource.file ?? `${resource.name} (not extracted)`}`,
  };
}

/**
 * Throws a {@link ForgePackError} naming the first three files of the manifest missing from `dir`,
 * before a byte is written: a pack either has every file or writes nothing.
 */
function refuseMissingFiles(dir: string, manifest: ForgeManifest): void {
  const missing: string[] = [];
  for (const entry of manifest.entries) {
    const files = entry.raw === undefined ? entry.resources.map((r) => folderFile(dir, entry, r)) : [folderFile(dir, entry, null)];
    for (const file of files) if (file.path === null || !existsSync(file.path)) missing.push(file.shown);
  }
  if (missing.length > 0) {
    const some = `${missing.slice(0, 3).join(', ')}${missing.length > 3 ? ', …' : ''}`;
    const message = `${count(missing.length, 'resource')} of the manifest missing (${some}); extract with --class all to pack every resource; nothing written`;
    throw new ForgePackError(message, false);
  }
}

/** The bytes of a file of the folder (checked present before packing began). */
function readFolderFile(dir: string, entry: ManifestEntry, resource: ManifestResource | null): Uint8Array {
  const { path, shown } = folderFile(dir, entry, resource);
  try {
    return new Uint8Array(readFileSync(path!));
  } catch (error) {
    throw new ForgePackError(`${shown}: ${fsReason(error)}; nothing written`, false);
  }
}

/**
 * The archive `manifest` describes, packed from the files of `dir`, whole in memory. A resource of
 * the manifest missing from the folder is a {@link ForgePackError} naming the first three.
 */
export function packForgeFolder(dir: string, manifest: ForgeManifest): Uint8Array {
  refuseMissingFiles(dir, manifest);
  return packArchive(
    manifest,
    (entry, resource) => readFolderFile(dir, entry, resource),
    (entry) => readFolderFile(dir, entry, null),
  );
}

/** Where a pack is written: bytes placed at an offset of the output file. */
export interface PositionalSink {
  /** Places `bytes` at `position` of the output. */
  writeAt(bytes: Uint8Array, position: number): Promise<void>;
}

/**
 * The same archive written into `sink` one data file at a time (each entry's files read only when
 * its data file is made, the tables written last at the start), so an archive of any size is packed
 * in the memory of its largest data file. Missing files are refused before anything is written, as
 * {@link packForgeFolder} does. Resolves to the archive's size.
 */
export async function packForgeFolderTo(dir: string, manifest: ForgeManifest, sink: PositionalSink): Promise<number> {
  refuseMissingFiles(dir, manifest);
  const writes = packArchiveWrites(
    manifest,
    (entry, resource) => readFolderFile(dir, entry, resource),
    (entry) => readFolderFile(dir, entry, null),
  );
  for (let step = writes.next(); ; step = writes.next()) {
    if (step.done === true) return step.value;
    await sink.writeAt(step.value.bytes, step.value.offset);
  }
}
