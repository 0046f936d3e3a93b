/** What `forge probe` does (declared in commands/forge.ts): every profile's reading of an archive's first data files. */
import { existsSync } from 'node:fs';
import { probeForgeProfiles } from '../../archive/forge-open.js';
import { readForgeTables } from '../../archive/forge.js';
import { toJsonText } from '../../export/json.js';
import { ParseError } from '../../io/errors.js';
import { count } from '../../io/format.js';
import { openArchiveFile } from '../archive-file-source.js';
import type { ForgeProbeOptions } from '../commands/forge.js';
import { EXIT_FAILED, UsageError } from '../errors.js';
import { ArchiveRefusal, isForgeFile } from '../forge-archive.js';
import { reportOpenFailure } from './forge.js';

/** Runs `forge probe` with what commander parsed: every profile's reading of the first data files. */
export async function probeCommand(archive: string, options: ForgeProbeOptions): Promise<void> {
  const json = options.json === true;
  const limit = Number(options.probe ?? '4');
  if (!Number.isInteger(limit) || limit < 1)
    throw new UsageError(`forge probe: --probe takes a count of at least 1, not ${JSON.stringify(options.probe)}`);
  if (!isForgeFile(archive)) {
    if (!existsSync(archive)) throw new UsageError(`no such file: ${archive}`);
    return reportOpenFailure(new Error(`${archive}: not a .forge archive (it does not start with "scimitar\\0")`), json);
  }
  const source = await openArchiveFile(archive);
  try {
    let tables;
    try {
      tables = await readForgeTables(source);
    } catch (error) {
      if (error instanceof ParseError) return reportOpenFailure(new ArchiveRefusal(archive, error), json);
      throw error;
    }
    const probe = await probeForgeProfiles(tables, { limit });
    const trials = probe.trials.map((t) => ({
      profile: t.profile,
      readsVersion: t.readsVersion,
      read: t.read,
      lenient: t.lenient,
      framed: t.framed,
      bodyHints: t.bodyHints,
      dataFiles: t.dataFiles.map((d) => ({
        entry: d.entry,
        name: d.name,
        read: d.refusal === null,
        inexact: d.inexact,
        resources: d.resources,
        refusal: d.refusal?.toJSON() ?? null,
      })),
    }));
    const result = {
      archive,
      version: probe.version,
      entryCount: tables.entries.length,
      tableRefusals: tables.refusals.map((r) => r.toJSON()),
      findings: tables.findings,
      probed: probe.probed.map((e) => ({ number: e.number, name: e.name })),
      chosen: probe.chosen,
      how: probe.how,
      alike: probe.alike,
      ambiguous: probe.ambiguous,
      profiles: trials,
    };
    if (json) process.stdout.write(toJsonText(result));
    else process.stdout.write(probeText(result));
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

function probeText(result: {
  archive: string;
  version: number;
  entryCount: number;
  probed: { number: number; name: string }[];
  chosen: string | null;
  how: string;
  alike: string[];
  ambiguous: string[];
  findings: { path: string; message: string }[];
  profiles: {
    profile: string;
    readsVersion: boolean;
    read: number;
    lenient: number;
    dataFiles: { entry: number; read: boolean; inexact: string | null; refusal: { message: string } | null }[];
  }[];
}): string {
  const n = result.probed.length;
  const lines = [
    `${result.archive}: version ${result.version}, ${count(result.entryCount, 'entry', 'entries')}; ${count(n, 'data file')} probed (${result.probed.map((p) => p.number).join(', ') || 'none'})`,
  ];
  for (const f of result.findings) lines.push(`  note: ${f.path}: ${f.message}`);
  for (const p of result.profiles) {
    let verdict: string;
    if (!p.readsVersion) verdict = `does not read version ${result.version}`;
    else if (p.read === n && n > 0) verdict = `reads all ${n} to their exact ends`;
    else {
      const stop = p.dataFiles.find((d) => !d.read || d.inexact !== null);
      const where =
        stop === undefined
          ? ''
          : stop.read
            ? `entry ${stop.entry}: read, but ${stop.inexact}`
            : `entry ${stop.entry}: stops at ${stop.refusal!.message}`;
      verdict = `reads ${p.read} of ${n} exactly${p.lenient ? ` (${p.lenient} more leniently)` : ''}; ${where}`;
    }
    lines.push(`  ${p.profile.padEnd(16)} ${verdict}`);
  }
  if (result.ambiguous.length > 0)
    lines.push(`ambiguous: ${result.ambiguous.join(', ')} read them differently; name one with --forge-profile`);
  else if (result.chosen === null) lines.push('no profile reads this archive');
  else
    lines.push(
      `profile: ${result.chosen}${result.how === 'framing' ? ' (a guess: its framing fits, but no profile reads the probed data files)' : ''}${result.alike.length ? `; ${result.alike.join(', ')} read them alike` : ''}`,
    );
  return `${lines.join('\n')}\n`;
}
