/** What `forge list` and `forge extract` do (declared in commands/forge.ts). */
import { existsSync } from 'node:fs';
import { parseForgeClasses } from '../../archive/forge-select.js';
import type { Forge } from '../../archive/forge.js';
import { forgeListingText, listForge } from '../../archive/forge-listing.js';
import type { OpenForgeOptions } from '../../archive/forge-open.js';
import { forgeExtractText, forgeListJson } from '../../export/forge-report.js';
import { toJsonText } from '../../export/json.js';
import { extractForgeArchive } from '../../node/forge-extract.js';
import { isForgeFile, openForgeFile } from '../../node/forge-file.js';
import { archiveRefusalReport } from '../../archive/forge-address.js';
import type { ParseError } from '../../io/errors.js';
import { EXIT_FAILED, EXIT_USAGE, UsageError } from '../errors.js';
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

/** What `forge probe` and the others say of a file that is not an archive. */
export function notAnArchive(archive: string): string {
  return `${archive}: not a .forge archive (it does not start with "scimitar\\0")`;
}

/**
 * The archive opened (its tables read, its profile chosen), or null once the reason it is not has
 * been said (exit 1). A missing file is a usage error, as is an archive whose profile must be named.
 */
async function open(
  archive: string,
  options: OpenForgeOptions,
  json: boolean,
): Promise<{ forge: Forge; close: () => Promise<void> } | null> {
  if (!isForgeFile(archive)) {
    if (!existsSync(archive)) throw new UsageError(`no such file: ${archive}`);
    return openFailed(notAnArchive(archive), null, json);
  }
  const opening = await openForgeFile(archive, options);
  if (opening.kind === 'unreadable') return openFailed(opening.message, null, json);
  if (opening.kind === 'refused') return openFailed(`${archive}: ${archiveRefusalReport(opening.refusal).message}`, opening.refusal, json);
  return { forge: opening.forge, close: () => opening.source.close() };
}

/** A failed open as the forge commands report it: the message on stderr, with --json the refusal on stdout too; exit 1. */
export function openFailed(message: string, refusal: ParseError | null, json: boolean): null {
  process.stderr.write(`${message}\n`);
  if (json) process.stdout.write(toJsonText({ error: { kind: 'refused', ...(refusal === null ? { message } : refusal.toJSON()) } }));
  process.exitCode = EXIT_FAILED;
  return null;
}

/** Runs `forge list` with what commander parsed. */
export async function listCommand(archive: string, options: ForgeListOptions): Promise<void> {
  const json = options.json === true;
  const wanted = parseClasses(options.class);
  const opened = await open(archive, forgeOpenOptions(options), json);
  if (opened === null) return;
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
  const opened = await open(archive, forgeOpenOptions(options), false);
  if (opened === null) return;
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
