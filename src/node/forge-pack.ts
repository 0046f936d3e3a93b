/**
 * `forge pack` as a workflow: the manifest of a folder laid out as `forge extract` writes it (its
 * own, or one made from its folders for a profile), and the archive packed from the folder's files.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { checkManifest, FORGE_MANIFEST_FILE, packArchive, type ForgeManifest } from '../archive/forge-pack.js';
import { ForgePackLayoutError, manifestFromFolders, manifestWithProfile } from '../archive/forge-pack-folders.js';
import { forgeProfileByName } from '../archive/profile/profiles.js';
import { count } from '../io/format.js';

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

/** The bytes of a file of the folder, or null (and its name noted as missing) when it is not there. */
function readOrMiss(path: string | null, shown: string, missing: string[]): Uint8Array {
  if (path === null || !existsSync(path)) {
    missing.push(shown);
    return new Uint8Array(0);
  }
  return new Uint8Array(readFileSync(path));
}

/**
 * The archive `manifest` describes, packed from the files of `dir`. A resource of the manifest
 * missing from the folder is a {@link ForgePackError} naming the first three.
 */
export function packForgeFolder(dir: string, manifest: ForgeManifest): Uint8Array {
  const missing: string[] = [];
  const bytes = packArchive(
    manifest,
    (entry, resource) =>
      readOrMiss(
        resource.file === null ? null : join(dir, entry.folder, resource.file),
        `${entry.folder}/${resource.file ?? `${resource.name} (not extracted)`}`,
        missing,
      ),
    (entry) => readOrMiss(join(dir, entry.raw!), entry.raw!, missing),
  );
  if (missing.length > 0) {
    const some = `${missing.slice(0, 3).join(', ')}${missing.length > 3 ? ', …' : ''}`;
    const message = `${count(missing.length, 'resource')} of the manifest missing (${some}); extract with --class all to pack every resource; nothing written`;
    throw new ForgePackError(message, false);
  }
  return bytes;
}
