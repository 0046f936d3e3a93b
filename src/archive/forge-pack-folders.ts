/**
 * A manifest for `forge pack` from a folder laid out as `forge extract` writes one, when it has no
 * manifest of its own: a folder per data file, a file per resource named `name.Class` (or
 * `name.0x415D9568`). The caller lists the folders and reads the files; this decides what each is.
 * Browser-safe.
 */
import { resourceIdentities } from '../formats/resource.js';
import { hex } from '../io/format.js';
import { crc32 } from '../names/crc32.js';
import { FORGE_MANIFEST_FORMAT, type ForgeManifest } from './forge-pack.js';
import { parseForgeClasses } from './forge-select.js';
import type { ForgeProfile } from './profile/profiles.js';

/** A layout that names no manifest: a folder without resources, a file without a class extension. The message names the file. */
export class ForgePackLayoutError extends Error {
  /** Always `ForgePackLayoutError`. */
  override name = 'ForgePackLayoutError';
}

/** One folder of the layout: its name, and the names of the files in it. */
export interface PackFolder {
  /** The folder's name: the entry's name. */
  name: string;
  /** The names of its files, one per resource. */
  files: readonly string[];
}

/**
 * The manifest of `folders` (of the folder `dir`), sorted by name, entries numbered in that order
 * and resources in file-name order, written with `profile` and archive `version`. A resource's id is
 * the one its body's header carries where a layout reads it; otherwise the project's choice, the
 * CRC-32 of `folder/name`, stable so that packing twice gives the same archive. `read` gives a
 * file's bytes. Throws a ForgePackLayoutError naming what does not fit.
 */
export function manifestFromFolders(
  dir: string,
  folders: readonly PackFolder[],
  profile: ForgeProfile,
  version: number,
  read: (folder: string, file: string) => Uint8Array,
): ForgeManifest {
  const sorted = [...folders].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  if (sorted.length === 0) throw new ForgePackLayoutError(`${dir} holds no folder (one folder per data file, one file per resource)`);
  const entries = sorted.map(({ name: folder, files }, number) => {
    const resources = [...files].sort().map((file, index) => {
      const dot = file.lastIndexOf('.');
      if (dot <= 0) throw new ForgePackLayoutError(`${folder}/${file} has no class extension (name.Skeleton, name.0x415D9568)`);
      const classes = parseForgeClasses(file.slice(dot + 1));
      if (classes === null || classes.size !== 1) throw new ForgePackLayoutError(`${folder}/${file}: the extension names no one class`);
      const id = resourceIdentities(read(folder, file))[0]?.id ?? BigInt(crc32(`${folder}/${file.slice(0, dot)}`));
      return { index, id: hex(id, 16), class: hex([...classes][0]!), name: file.slice(0, dot), file, subHeader: null, tocRest: null };
    });
    if (resources.length === 0) throw new ForgePackLayoutError(`${dir}/${folder} holds no resource file`);
    return { number, id: resources[0]!.id, name: folder, type: resources[0]!.class, timestamp: 0, folder, resources };
  });
  return {
    format: FORGE_MANIFEST_FORMAT,
    archive: dir,
    version,
    profile: profile.name,
    tocRecord: profile.tocRecord.value,
    maxEntriesPerBlock: 5000,
    framing: { setVersion: 1, method: 0, blockSize: 0x8000, compression: 'LZO1X' },
    entries,
  };
}

/** `manifest` written with another profile (its TOC record reading with it), when `profile` is not the manifest's. Never throws. */
export function manifestWithProfile(manifest: ForgeManifest, profile: ForgeProfile): ForgeManifest {
  return profile.name === manifest.profile ? manifest : { ...manifest, profile: profile.name, tocRecord: profile.tocRecord.value };
}
