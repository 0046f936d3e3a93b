/** What `forge replace` and `forge pack` do (declared in commands/forge.ts): archives written, never in place. */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { checkManifest, FORGE_MANIFEST_FILE, packArchive, type ForgeManifest } from '../../archive/forge-pack.js';
import { replaceResources, ReplacementRefusal, type ReplaceReport, type ResourceReplacement } from '../../archive/forge-rewrite.js';
import { forgeProfileByName } from '../../archive/profile/profiles.js';
import { ForgePackLayoutError, manifestFromFolders, manifestWithProfile } from '../../archive/forge-pack-folders.js';
import { toJsonText } from '../../export/json.js';
import { ParseError } from '../../io/errors.js';
import { count, groupThousands, hex } from '../../io/format.js';
import { UsageError } from '../errors.js';
import { walkInputs } from '../files.js';
import { ArchiveRefusal, isForgeFile, openForgeFile } from '../forge-archive.js';
import { forgeProfileLabel } from '../../archive/forge-listing.js';
import { addressFailure } from '../forge-resource.js';
import { ForgeAddressError, locateForgeResource } from '../../archive/forge-address.js';
import { formatAddress, refusalReport } from '../../io/address.js';
import { DEFAULT_MAX_SIZE } from '../../node/limits.js';
import { forgeOpenOptions } from '../options.js';
import { Progress } from '../progress.js';
import { ARCHIVE_OUTPUT } from '../../export/output-kind.js';
import { refuseUnsafeOutputs, writeStreamAtomic } from '../../node/output-file.js';
import type { ForgeProfileValues } from '../options.js';

export interface ForgeReplaceOptions extends ForgeProfileValues {
  output: string;
  entry?: string;
  resource?: string;
  json?: boolean;
  force?: boolean;
}

export interface ForgePackOptions extends ForgeProfileValues {
  output: string;
  archiveVersion?: string;
  json?: boolean;
  force?: boolean;
}

/** The report as JSON: ids in hex. */
function reportJson(archive: string, output: string, report: ReplaceReport): unknown {
  return {
    archive,
    output,
    profile: report.profile,
    replaced: report.replaced.map((r) => ({ ...r, classHash: hex(r.classHash), id: hex(r.id, 16) })),
    rebuilt: report.rebuilt,
    moved: report.moved,
    oldArchiveSize: report.oldArchiveSize,
    newArchiveSize: report.newArchiveSize,
  };
}

function readInput(path: string): Uint8Array {
  let info;
  try {
    info = statSync(path);
  } catch (error) {
    throw new UsageError(
      `forge replace: cannot read ${path}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message}`,
    );
  }
  if (!info.isFile()) throw new UsageError(`forge replace: ${path} is not a file`);
  if (info.size > DEFAULT_MAX_SIZE)
    throw new UsageError(`forge replace: ${path} is larger than any resource read (${groupThousands(info.size)} bytes)`);
  return new Uint8Array(readFileSync(path));
}

/** Runs `forge replace` with what commander parsed. */
export async function replaceCommand(archive: string, files: string[], options: ForgeReplaceOptions): Promise<void> {
  if (!isForgeFile(archive)) {
    if (!existsSync(archive)) throw new UsageError(`forge replace: no such file: ${archive}`);
    throw new UsageError(`forge replace: ${archive} is not a .forge archive (it does not start with "scimitar\\0")`);
  }
  if (files.length === 0) throw new UsageError('forge replace: name at least one resource file to put in');
  if ((options.entry !== undefined || options.resource !== undefined) && files.length !== 1)
    throw new UsageError('forge replace: --entry and --resource address one resource; give one file with them');
  // Never in place: the output is neither the archive nor any file it is given, through links too.
  await refuseUnsafeOutputs(
    [{ path: options.output, option: '-o', kind: ARCHIVE_OUTPUT }],
    [archive, ...files],
    'forge replace',
    undefined,
    {
      force: options.force === true,
    },
  );
  const bodies = files.map(readInput);
  const opened = await openForgeFile(archive, forgeOpenOptions(options)).catch((error: unknown) => {
    if (error instanceof ArchiveRefusal) throw new InputRefusal(error.message);
    throw error;
  });
  let report: ReplaceReport;
  try {
    const { forge } = opened;
    const replacements: ResourceReplacement[] = [];
    for (const [i, body] of bodies.entries()) {
      const replacement: ResourceReplacement = { body, label: files[i]! };
      if (options.entry !== undefined) {
        const found = await locateForgeResource(forge, archive, options.entry, options.resource).catch((error: unknown) => {
          if (error instanceof ForgeAddressError) throw addressFailure(error);
          if (error instanceof ParseError && error.address !== undefined)
            throw new InputRefusal(`${formatAddress(error.address)}: ${refusalReport(error).message}`);
          throw error;
        });
        replacement.target = { entry: found.entry.number, resource: found.index };
      }
      replacements.push(replacement);
    }
    const progress = new Progress('forge replace', forge.source.size);
    try {
      let made: ReplaceReport | null = null;
      await writeStreamAtomic(
        { path: options.output, kind: ARCHIVE_OUTPUT, option: '-o' },
        async (sink) => {
          made = await replaceResources(forge, replacements, sink, {
            onProgress: (done, total) => {
              progress.setTotal(total);
              progress.update(done);
            },
          });
        },
        { command: 'forge replace', force: options.force === true },
      );
      report = made!;
    } finally {
      progress.done();
    }
  } catch (error) {
    if (error instanceof ReplacementRefusal) throw new InputRefusal(`forge replace: ${error.message}; nothing written`);
    if (error instanceof ParseError) throw new InputRefusal(`forge replace: ${archive}: ${refusalReport(error).message}; nothing written`);
    throw error;
  } finally {
    await opened.close();
  }
  if (options.json === true) process.stdout.write(toJsonText(reportJson(archive, options.output, report)));
  else {
    const lines = [
      `${options.output}: ${archive} with ${count(report.replaced.length, 'resource')} replaced (profile ${forgeProfileLabel(opened.forge)})`,
    ];
    for (const r of report.replaced)
      lines.push(
        `  entry ${r.entry} ${JSON.stringify(r.entryName)}: resource ${r.resource} ${JSON.stringify(r.resourceName)} (${r.className ?? hex(r.classHash)} ${hex(r.id, 16)}): ${groupThousands(r.oldSize)} → ${groupThousands(r.newSize)} bytes, from ${r.label}`,
      );
    for (const d of report.rebuilt)
      lines.push(
        `  data file of entry ${d.entry}: ${groupThousands(d.oldSize)} → ${groupThousands(d.newSize)} bytes at ${d.newOffset} (${d.blocks} blocks)`,
      );
    lines.push(
      `  ${count(report.moved, 'later data file')} moved, unchanged; archive ${groupThousands(report.oldArchiveSize)} → ${groupThousands(report.newArchiveSize)} bytes`,
    );
    process.stdout.write(`${lines.join('\n')}\n`);
  }
}

/** A refusal of what the command was given (exit 1, one line). */
class InputRefusal extends Error {
  override name = 'InputRefusal';
}
export { InputRefusal };

/** The manifest of a folder laid out as `forge extract` writes it, when it has no manifest. */
function manifestOfFolder(dir: string, profileName: string, version: number): ForgeManifest {
  const profile = forgeProfileByName(profileName);
  if (profile === undefined) throw new UsageError(`forge pack: --forge-profile names no profile (${profileName})`);
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
    if (error instanceof ForgePackLayoutError) throw new UsageError(`forge pack: ${error.message}`);
    throw error;
  }
}

/** Runs `forge pack` with what commander parsed. */
export async function packCommand(dir: string, options: ForgePackOptions): Promise<void> {
  if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new UsageError(`forge pack: ${dir} is not a folder`);
  const manifestPath = join(dir, FORGE_MANIFEST_FILE);
  let manifest: ForgeManifest;
  if (existsSync(manifestPath)) {
    try {
      manifest = checkManifest(JSON.parse(readFileSync(manifestPath, 'utf8')));
    } catch (error) {
      throw new InputRefusal(`forge pack: ${manifestPath}: ${(error as Error).message}`);
    }
    if (options.forgeProfile !== undefined && options.forgeProfile !== 'auto')
      manifest = manifestWithProfile(manifest, forgeProfileByName(options.forgeProfile)!);
  } else {
    if (options.forgeProfile === undefined || options.forgeProfile === 'auto')
      throw new UsageError(`forge pack: ${dir} has no ${FORGE_MANIFEST_FILE}; name the profile to write with --forge-profile`);
    const profile = forgeProfileByName(options.forgeProfile)!;
    manifest = manifestOfFolder(
      dir,
      options.forgeProfile,
      options.archiveVersion === undefined ? profile.versions.value[0]! : Number(options.archiveVersion),
    );
  }
  if (options.archiveVersion !== undefined) manifest = { ...manifest, version: Number(options.archiveVersion) };
  const walk = walkInputs([dir]);
  await refuseUnsafeOutputs([{ path: options.output, option: '-o', kind: ARCHIVE_OUTPUT }], [dir], 'forge pack', walk, {
    force: options.force === true,
  });
  const missing: string[] = [];
  const bytes = packArchive(
    manifest,
    (entry, resource) => {
      const path = resource.file === null ? null : join(dir, entry.folder, resource.file);
      if (path === null || !existsSync(path)) {
        missing.push(`${entry.folder}/${resource.file ?? `${resource.name} (not extracted)`}`);
        return new Uint8Array(0);
      }
      return new Uint8Array(readFileSync(path));
    },
    (entry) => {
      const path = join(dir, entry.raw!);
      if (!existsSync(path)) {
        missing.push(entry.raw!);
        return new Uint8Array(0);
      }
      return new Uint8Array(readFileSync(path));
    },
  );
  if (missing.length > 0)
    throw new InputRefusal(
      `forge pack: ${count(missing.length, 'resource')} of the manifest missing (${missing.slice(0, 3).join(', ')}${missing.length > 3 ? ', …' : ''}); extract with --class all to pack every resource; nothing written`,
    );
  await writeStreamAtomic({ path: options.output, kind: ARCHIVE_OUTPUT, option: '-o' }, (sink) => sink.write(bytes), {
    command: 'forge pack',
    force: options.force === true,
  });
  const resources = manifest.entries.reduce((n, e) => n + e.resources.length, 0);
  const summary = {
    output: resolve(options.output),
    profile: manifest.profile,
    version: manifest.version,
    entries: manifest.entries.length,
    resources,
    size: bytes.length,
  };
  if (options.json === true) process.stdout.write(toJsonText(summary));
  else
    process.stdout.write(
      `${options.output}: ${count(manifest.entries.length, 'entry', 'entries')}, ${count(resources, 'resource')}, profile ${manifest.profile}, version ${manifest.version}, ${groupThousands(bytes.length)} bytes\n`,
    );
}
