/** What `forge replace` and `forge pack` do (declared in commands/forge.ts): archives written, never in place. */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import type { ForgeManifest } from '../../archive/forge-pack.js';
import { replaceResources, ReplacementRefusal, type ReplaceReport, type ResourceReplacement } from '../../archive/forge-rewrite.js';
import { forgePackSummary, forgePackText, forgeReplaceJson, forgeReplaceText } from '../../export/forge-report.js';
import { toJsonText } from '../../export/json.js';
import { forgeFolderManifest, ForgePackError, packForgeFolderTo } from '../../node/forge-pack.js';
import { ParseError } from '../../io/errors.js';
import { groupThousands } from '../../io/format.js';
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
  if (options.json === true) process.stdout.write(toJsonText(forgeReplaceJson(archive, options.output, report)));
  else process.stdout.write(forgeReplaceText(archive, options.output, report, forgeProfileLabel(opened.forge)));
}

/** A refusal of what the command was given (exit 1, one line). */
class InputRefusal extends Error {
  override name = 'InputRefusal';
}
export { InputRefusal };

/** A refusal of the library's as the CLI reports it: the call's mistake exit 2, the folder's content exit 1. */
function packFailure(error: unknown): unknown {
  if (!(error instanceof ForgePackError)) return error;
  return error.usage ? new UsageError(error.message) : new InputRefusal(error.message);
}

/** Runs `forge pack` with what commander parsed. */
export async function packCommand(dir: string, options: ForgePackOptions): Promise<void> {
  let manifest: ForgeManifest;
  try {
    manifest = forgeFolderManifest(dir, {
      ...(options.forgeProfile === undefined ? {} : { profile: options.forgeProfile }),
      ...(options.archiveVersion === undefined ? {} : { archiveVersion: Number(options.archiveVersion) }),
    });
  } catch (error) {
    throw packFailure(error);
  }
  const walk = walkInputs([dir]);
  const force = options.force === true;
  await refuseUnsafeOutputs([{ path: options.output, option: '-o', kind: ARCHIVE_OUTPUT }], [dir], 'forge pack', walk, { force });
  // One data file at a time into the output's temporary file: a pack never holds the archive whole.
  let size = 0;
  try {
    await writeStreamAtomic(
      { path: options.output, kind: ARCHIVE_OUTPUT, option: '-o' },
      async (sink) => {
        size = await packForgeFolderTo(dir, manifest, sink);
      },
      { command: 'forge pack', force },
    );
  } catch (error) {
    throw packFailure(error);
  }
  const summary = forgePackSummary(resolve(options.output), manifest, size);
  process.stdout.write(options.json === true ? toJsonText(summary) : forgePackText(options.output, summary));
}
