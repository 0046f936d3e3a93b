/**
 * `forge replace` as a workflow: resource files put into a copy of an archive, each in place of
 * the resource it names (or the one `entry` and `resource` address), the copy written to another
 * file through the output rule — never in place.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { archiveRefusalReport, ForgeAddressError, locateForgeResource } from '../archive/forge-address.js';
import { forgeProfileLabel } from '../archive/forge-listing.js';
import type { OpenForgeOptions } from '../archive/forge-open.js';
import { replaceResources, ReplacementRefusal, type ReplaceReport, type ResourceReplacement } from '../archive/forge-rewrite.js';
import { ARCHIVE_OUTPUT } from '../export/output-kind.js';
import { formatAddress, refusalReport } from '../io/address.js';
import { ParseError } from '../io/errors.js';
import { groupThousands } from '../io/format.js';
import { isForgeFile, openForgeFile } from './forge-file.js';
import { DEFAULT_MAX_SIZE } from './limits.js';
import { refuseUnsafeOutputs, writeStreamAtomic, type OutputSink } from './output-file.js';

/**
 * Why nothing was written. `usage`: the call's mistake (no archive, no file to put in, a wrong
 * address); otherwise what the inputs hold is refused (the archive's tables, a resource that fits
 * no place, a data file that cannot be rewritten).
 */
export class ForgeReplaceError extends Error {
  override name = 'ForgeReplaceError';
  constructor(
    message: string,
    /** The call's mistake rather than the inputs' content. */
    readonly usage: boolean,
  ) {
    super(message);
  }
}

/** How {@link replaceInForgeFile} replaces. */
export interface ForgeReplaceFileOptions {
  /** With one file: the entry (number or name) whose resource it replaces. */
  entry?: string;
  /** With `entry`: the resource (index, id or name) in it. */
  resource?: string;
  /** How the archive is opened (its profile). */
  forge?: OpenForgeOptions;
  /** Replace an output the rule keeps. */
  force?: boolean;
  /** Bytes written of the output, as it is written. */
  onProgress?: (done: number, total: number) => void;
}

/** What a replace wrote: the report, and the archive's profile as a listing names it. */
export interface ForgeReplaceResult {
  report: ReplaceReport;
  profile: string;
}

const usage = (message: string) => new ForgeReplaceError(`forge replace: ${message}`, true);

function readBody(path: string): Uint8Array {
  let info;
  try {
    info = statSync(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw usage(`cannot read ${path}: ${code === 'ENOENT' ? 'no such file' : (error as Error).message}`);
  }
  if (!info.isFile()) throw usage(`${path} is not a file`);
  if (info.size > DEFAULT_MAX_SIZE) throw usage(`${path} is larger than any resource read (${groupThousands(info.size)} bytes)`);
  return new Uint8Array(readFileSync(path));
}

/**
 * Writes to `output` a copy of `archive` with each of `files` in place of its resource. The output
 * is neither the archive nor any file it is given (links followed). Throws a
 * {@link ForgeReplaceError} when nothing could be written, an ArchiveProfileChoiceError when the
 * archive's profile must be named, and the output rule's errors.
 */
export async function replaceInForgeFile(
  archive: string,
  files: string[],
  output: string,
  options: ForgeReplaceFileOptions = {},
): Promise<ForgeReplaceResult> {
  if (!isForgeFile(archive)) {
    if (!existsSync(archive)) throw usage(`no such file: ${archive}`);
    throw usage(`${archive} is not a .forge archive (it does not start with "scimitar\\0")`);
  }
  if (files.length === 0) throw usage('name at least one resource file to put in');
  if ((options.entry !== undefined || options.resource !== undefined) && files.length !== 1)
    throw usage('--entry and --resource address one resource; give one file with them');
  const target = { path: output, option: '-o', kind: ARCHIVE_OUTPUT };
  const force = options.force === true;
  await refuseUnsafeOutputs([target], [archive, ...files], 'forge replace', undefined, { force });
  const bodies = files.map(readBody);
  const opening = await openForgeFile(archive, options.forge);
  if (opening.kind === 'unreadable') throw new Error(opening.message);
  if (opening.kind === 'refused') throw new ForgeReplaceError(`${archive}: ${archiveRefusalReport(opening.refusal).message}`, false);
  const { forge, source } = opening;
  try {
    const replacements: ResourceReplacement[] = [];
    for (const [i, body] of bodies.entries()) {
      const replacement: ResourceReplacement = { body, label: files[i]! };
      if (options.entry !== undefined) {
        const found = await locateForgeResource(forge, archive, options.entry, options.resource).catch((error: unknown) => {
          if (error instanceof ForgeAddressError) throw new ForgeReplaceError(error.message, error.isUsage);
          if (error instanceof ParseError && error.address !== undefined)
            throw new ForgeReplaceError(`${formatAddress(error.address)}: ${refusalReport(error).message}`, false);
          throw error;
        });
        replacement.target = { entry: found.entry.number, resource: found.index };
      }
      replacements.push(replacement);
    }
    let report: ReplaceReport | null = null;
    const progress = options.onProgress === undefined ? {} : { onProgress: options.onProgress };
    const write = async (sink: OutputSink) => void (report = await replaceResources(forge, replacements, sink, progress));
    await writeStreamAtomic(target, write, { command: 'forge replace', force });
    return { report: report!, profile: forgeProfileLabel(forge) };
  } catch (error) {
    if (error instanceof ReplacementRefusal) throw new ForgeReplaceError(`forge replace: ${error.message}; nothing written`, false);
    if (error instanceof ParseError)
      throw new ForgeReplaceError(`forge replace: ${archive}: ${refusalReport(error).message}; nothing written`, false);
    throw error;
  } finally {
    await source.close();
  }
}
