/** What `forge probe` does (declared in commands/forge.ts): every profile's reading of an archive's first data files. */
import { existsSync } from 'node:fs';
import { probeForgeProfiles } from '../../archive/forge-open.js';
import { readForgeTables } from '../../archive/forge.js';
import { toJsonText } from '../../export/json.js';
import { ParseError } from '../../io/errors.js';
import { forgeProbeReport, forgeProbeText } from '../../archive/forge-probe-report.js';
import { openArchiveFile } from '../../node/archive-file-source.js';
import { EXIT_FAILED, UsageError } from '../errors.js';
import { isForgeFile } from '../../node/forge-file.js';
import { archiveRefusalReport } from '../../archive/forge-address.js';
import { notAnArchive, openFailed } from './forge.js';

export interface ForgeProbeOptions {
  json?: boolean;
  probe?: string;
}

/** Runs `forge probe` with what commander parsed: every profile's reading of the first data files. */
export async function probeCommand(archive: string, options: ForgeProbeOptions): Promise<void> {
  const json = options.json === true;
  const limit = Number(options.probe ?? '4');
  if (!Number.isInteger(limit) || limit < 1)
    throw new UsageError(`forge probe: --probe takes a count of at least 1, not ${JSON.stringify(options.probe)}`);
  if (!isForgeFile(archive)) {
    if (!existsSync(archive)) throw new UsageError(`no such file: ${archive}`);
    return void openFailed(notAnArchive(archive), null, json);
  }
  const source = await openArchiveFile(archive);
  try {
    let tables;
    try {
      tables = await readForgeTables(source);
    } catch (error) {
      if (error instanceof ParseError) return void openFailed(`${archive}: ${archiveRefusalReport(error).message}`, error, json);
      throw error;
    }
    const probe = await probeForgeProfiles(tables, { limit });
    const result = forgeProbeReport(archive, tables, probe);
    if (json) process.stdout.write(toJsonText(result));
    else process.stdout.write(forgeProbeText(result));
    if (probe.ambiguous.length > 0) {
      process.stderr.write(
        `${archive}: profiles ${probe.ambiguous.join(', ')} read the probed data files differently; name one with --forge-profile\n`,
      );
      process.exitCode = 2;
    } else if (probe.chosen === null || probe.how !== 'fits' || tables.refusals.length > 0) process.exitCode = EXIT_FAILED;
  } finally {
    await source.close();
  }
}
