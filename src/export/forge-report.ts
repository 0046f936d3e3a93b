/**
 * The reports of the forge commands from their data: what `forge list --json`, `forge extract`,
 * `forge replace` and `forge pack` print.
 */
import type { Forge } from '../archive/forge.js';
import type { ForgeListRefusal, ForgeListRow } from '../archive/forge-listing.js';
import { BOOKKEEPING_FOLDER, type ForgeManifest } from '../archive/forge-pack.js';
import type { ReplaceReport } from '../archive/forge-rewrite.js';
import { count, groupThousands, hex } from '../io/format.js';

/**
 * The report of `forge list --json`: the archive's version, profile and how it was chosen, its
 * findings, the rows listed and every refusal (of its tables, and of the data files read).
 */
export function forgeListJson(
  archive: string,
  forge: Forge,
  entries: readonly ForgeListRow[],
  refusals: readonly ForgeListRefusal[],
): unknown {
  return {
    archive,
    version: forge.version,
    profile: forge.profile?.name ?? null,
    profileChoice: forge.profileChoice,
    entryCount: forge.entries.length,
    findings: forge.findings,
    entries,
    refusals,
  };
}

/** What an extraction came to, as `forge extract` counts it (the node entry's `extractForgeArchive` returns it). */
export interface ForgeExtractCounts {
  /** Resources written. */
  written: number;
  /** Entries chosen. */
  entries: number;
  /** Refusals: of the archive's tables, and of entries not written. */
  refused: number;
  /** Entries (or the manifest) not written because a file of another kind is in the way. */
  kept: number;
  /** Bookkeeping entries not extracted. */
  skippedBookkeeping: number;
  /** Bookkeeping entries kept raw for `forge pack`. */
  rawBookkeeping: number;
}

/** The one-line summary of `forge extract` of `archive` into `output`. */
export function forgeExtractText(archive: string, output: string, result: ForgeExtractCounts): string {
  const notWritten = result.kept
    ? `, ${count(result.kept, 'entry', 'entries')} not written (a file of another kind is in the way; --force replaces it)`
    : '';
  const bookkeeping = result.skippedBookkeeping
    ? ` (${count(result.skippedBookkeeping, 'bookkeeping entry', 'bookkeeping entries')} not data files, not extracted)`
    : result.rawBookkeeping
      ? ` (${count(result.rawBookkeeping, 'bookkeeping entry', 'bookkeeping entries')} kept raw in ${BOOKKEEPING_FOLDER}/ for forge pack)`
      : '';
  const refused = result.refused ? `, ${result.refused} refused` : '';
  const from = count(result.entries, 'entry', 'entries');
  return `${archive}: ${count(result.written, 'resource')} written to ${output} from ${from}${refused}${notWritten}${bookkeeping}\n`;
}

/** The report of `forge replace --json`: ids and class hashes in hex. */
export function forgeReplaceJson(archive: string, output: string, report: ReplaceReport): unknown {
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

/** The report of `forge replace` as text: each resource replaced, each data file rebuilt, and the archive's sizes. */
export function forgeReplaceText(archive: string, output: string, report: ReplaceReport, profileLabel: string): string {
  const lines = [`${output}: ${archive} with ${count(report.replaced.length, 'resource')} replaced (profile ${profileLabel})`];
  for (const r of report.replaced) {
    const what = `${r.className ?? hex(r.classHash)} ${hex(r.id, 16)}`;
    const sizes = `${groupThousands(r.oldSize)} → ${groupThousands(r.newSize)} bytes`;
    lines.push(
      `  entry ${r.entry} ${JSON.stringify(r.entryName)}: resource ${r.resource} ${JSON.stringify(r.resourceName)} (${what}): ${sizes}, from ${r.label}`,
    );
  }
  for (const d of report.rebuilt) {
    const sizes = `${groupThousands(d.oldSize)} → ${groupThousands(d.newSize)} bytes`;
    lines.push(`  data file of entry ${d.entry}: ${sizes} at ${d.newOffset} (${d.blocks} blocks)`);
  }
  const archiveSizes = `${groupThousands(report.oldArchiveSize)} → ${groupThousands(report.newArchiveSize)} bytes`;
  lines.push(`  ${count(report.moved, 'later data file')} moved, unchanged; archive ${archiveSizes}`);
  return `${lines.join('\n')}\n`;
}

/** What `forge pack` wrote: the archive's path, its manifest's profile and version, its counts and size. */
export interface ForgePackSummary {
  /** The archive written, as an absolute path. */
  output: string;
  /** The profile it was written with. */
  profile: string;
  /** Its archive version. */
  version: number;
  /** Its entries. */
  entries: number;
  /** The resources inside them. */
  resources: number;
  /** Its size in bytes. */
  size: number;
}

/** The summary of `forge pack` (`manifest` as packed). */
export function forgePackSummary(output: string, manifest: ForgeManifest, size: number): ForgePackSummary {
  const resources = manifest.entries.reduce((n, e) => n + e.resources.length, 0);
  return { output, profile: manifest.profile, version: manifest.version, entries: manifest.entries.length, resources, size };
}

/** The summary of `forge pack` as text, the archive named as it was given (`shown`). */
export function forgePackText(shown: string, summary: ForgePackSummary): string {
  const counts = `${count(summary.entries, 'entry', 'entries')}, ${count(summary.resources, 'resource')}`;
  return `${shown}: ${counts}, profile ${summary.profile}, version ${summary.version}, ${groupThousands(summary.size)} bytes\n`;
}
