/**
 * What `forge probe` reports of an archive: each profile's reading of the first data files and the
 * choice detection makes, as plain data (the CLI's JSON) and as text. Browser-safe.
 */
import type { Forge } from './forge.js';
import type { ForgeProbe } from './forge-open.js';
import { count } from '../io/format.js';

/** One probed data file under one profile. */
export interface ForgeProbeDataFile {
  /** The entry's number. */
  entry: number;
  /** The entry's name. */
  name: string;
  /** Whether it was read (exactly or not). */
  read: boolean;
  /** What is off when it was read but not to its exact end, else null. */
  inexact: string | null;
  /** Records read in it. */
  resources: number;
  /** Where it stopped, when it was refused. */
  refusal: { offset: number; path: string; expected: string; actual: string; message: string } | null;
}

/** One profile's trial. */
export interface ForgeProbeTrialReport {
  /** The profile tried. */
  profile: string;
  /** Whether it reads the archive's version at all. */
  readsVersion: boolean;
  /** Data files it read to their exact ends. */
  read: number;
  /** Data files it read, but not exactly. */
  lenient: number;
  /** Refused data files whose framing fits all the same. */
  framed: number;
  /** Resources whose bodies start as the profile's titles' do. */
  bodyHints: number;
  /** Each probed data file. */
  dataFiles: ForgeProbeDataFile[];
}

/** The report of `forge probe`: the archive's tables, the probed entries, every trial and the choice. */
export interface ForgeProbeReport {
  /** The archive as named. */
  archive: string;
  /** The archive's version. */
  version: number;
  /** Entries in its index. */
  entryCount: number;
  /** Refusals of its own tables. */
  tableRefusals: { offset: number; path: string; expected: string; actual: string; message: string }[];
  /** Notes on its tables. */
  findings: Forge['findings'];
  /** The entries probed. */
  probed: { number: number; name: string }[];
  /** The profile chosen, or null. */
  chosen: string | null;
  /** How it was chosen (`fits`, `framing`, `none`). */
  how: string;
  /** Profiles that read alike. */
  alike: string[];
  /** Profiles that fit equally and read differently. */
  ambiguous: string[];
  /** Every profile's trial. */
  profiles: ForgeProbeTrialReport[];
}

/** The report of `probe` over the tables of the archive named `archive`. Never throws. */
export function forgeProbeReport(
  archive: string,
  tables: Pick<Forge, 'entries' | 'refusals' | 'findings'>,
  probe: ForgeProbe,
): ForgeProbeReport {
  return {
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
    profiles: probe.trials.map((t) => ({
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
    })),
  };
}

/** The report as `forge probe` prints it: one line per profile with where it stops, then the choice. Never throws. */
export function forgeProbeText(result: ForgeProbeReport): string {
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
