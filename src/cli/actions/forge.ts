/** What `forge list` and `forge extract` do (declared in commands/forge.ts). */
import { existsSync } from 'node:fs';
import { parseForgeClasses } from '../../archive/forge-select.js';
import type { Forge } from '../../archive/forge.js';
import { forgeListingText, listForge } from '../../archive/forge-listing.js';
import type { OpenForgeOptions } from '../../archive/forge-open.js';
import { forgeExtractText, forgeListJson } from '../../export/forge-report.js';
import { toJsonText } from '../../export/json.js';
import { extractForgeArchive } from '../../node/forge-extract.js';
import { EXIT_FAILED, EXIT_USAGE, UsageError } from '../errors.js';
import { ArchiveRefusal, isForgeFile, openForgeFile } from '../forge-archive.js';
import { forgeOpenOptions, type ForgeProfileValues } from '../options.js';
import { Progress } from '../progress.js';

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

function parseClasses(value: string | undefined): Set<number> | null {
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
  const wanted = parseClasses(options.class);
  let opened;
  try {
    opened = await open(archive, forgeOpenOptions(options));
  } catch (error) {
    return reportOpenFailure(error, json);
  }
  const { forge } = opened;
  const resources = options.resources === true;
  const progress = resources ? new Progress('forge list', forge.entries.length) : null;
  let report;
  try {
    report = await listForge(forge, archive, {
      classes: wanted,
      resources,
      ...(options.name === undefined ? {} : { name: options.name }),
      onMessage: (line) => void process.stderr.write(`${line}\n`),
      onProgress: (done) => progress?.update(done),
    });
  } finally {
    progress?.done();
    await opened.close();
  }
  const { rows: listed, refusals } = report;
  if (json) process.stdout.write(toJsonText(forgeListJson(archive, forge, listed, refusals)));
  else process.stdout.write(forgeListingText(archive, forge, listed, refusals.length));
  if (refusals.length > 0) process.exitCode = EXIT_FAILED;
}

/** Runs `forge extract` with what commander parsed. */
export async function extractCommand(archive: string, options: ForgeExtractOptions): Promise<void> {
  const classes = parseClasses(options.class);
  let opened;
  try {
    opened = await open(archive, forgeOpenOptions(options));
  } catch (error) {
    return reportOpenFailure(error, false);
  }
  const progress = new Progress('forge extract');
  let result;
  try {
    result = await extractForgeArchive(opened.forge, archive, options.output, {
      classes,
      ...(options.name === undefined ? {} : { name: options.name }),
      force: options.force === true,
      onMessage: (line) => void process.stderr.write(`${line}\n`),
      onProgress: (done, total) => {
        progress.setTotal(total);
        progress.update(done);
      },
    });
  } finally {
    progress.done();
    await opened.close();
  }
  process.stdout.write(forgeExtractText(archive, options.output, result));
  if (result.refused > 0) process.exitCode = EXIT_FAILED;
  // A file the output rule keeps is the command line's to change (another folder, or --force), as for every command.
  if (result.kept > 0) process.exitCode = EXIT_USAGE;
}
