/** The census in a few sentences, in the seed's manner (the default output of `census`). */
import type { CensusReport } from '../analysis/census.js';
import type { ArchiveCensus, CensusRunReport } from '../analysis/census/archive.js';
import { count, groupThousands } from '../io/format.js';

const fmt = groupThousands;

/** Whether the components' main and addon Skeletons are in the corpus, in one sentence. */
export function resolutionSentence(r: CensusReport['components']['resolution']): string {
  const total = r.components.length;
  return `${fmt(r.complete)} of ${fmt(total)} find their main and every addon Skeleton among the Skeletons read (by object id); the main is missing for ${fmt(r.mainMissing)}, an addon for ${fmt(r.addonMissing)}.`;
}

/**
 * `8 Skeletons (7 anvilnext, 1 scimitar)`, or `0 Skeletons`, in parts: a count with the layouts it
 * spreads over (each with at least one), each layout's name as `name` gives it (as code, in a document).
 */
export function countByLayoutParts<T>(
  total: number,
  counts: Readonly<Record<string, number>>,
  noun: string,
  name: (layout: string) => T,
): (string | T)[] {
  const layouts = Object.entries(counts).filter(([, n]) => n > 0);
  if (layouts.length === 0) return [count(total, noun)];
  const parts: (string | T)[] = [`${count(total, noun)} (`];
  layouts.forEach(([layout, n], i) => parts.push(`${i > 0 ? ', ' : ''}${fmt(n)} `, name(layout)));
  parts.push(')');
  return parts;
}

/** `8 Skeletons (7 anvilnext, 1 scimitar)`, or `0 Skeletons`: a count with the layouts it spreads over. */
export function countByLayout(total: number, counts: Readonly<Record<string, number>>, noun: string): string {
  return countByLayoutParts(total, counts, noun, (layout) => layout).join('');
}

/** `1 (1), 5 (1), 8 (5)`: each value counted, with how many times it occurs. */
export function valueCounts(counts: Readonly<Record<string, number>>): string {
  return Object.entries(counts)
    .map(([value, n]) => `${value} (${fmt(n)})`)
    .join(', ');
}

/** What the census could not read besides the resources it refused: `, 1 unreadable, 2 refused in archives`. */
export function notReadCounts(report: CensusReport): string {
  const parts: string[] = [];
  if (report.unreadable > 0) parts.push(`${fmt(report.unreadable)} unreadable`);
  if (report.archiveRefused > 0) parts.push(`${fmt(report.archiveRefused)} refused in archives (tables or data files)`);
  return parts.map((p) => `, ${p}`).join('');
}

/**
 * The root-local comparison, its denominator said: the Skeletons read to their end that store an own
 * transform and a root local (the anvilnext family's, with bones and a root reference).
 */
export function rootLocalSentence(report: CensusReport): string {
  const n = report.rootLocalCompared;
  const which = n === 1 ? '1 Skeleton that stores' : `${fmt(n)} Skeletons that store`;
  return `In ${fmt(report.rootLocalEqualsOwn)} of the ${which} an own transform and a root local (the anvilnext family's, read to their end, with bones and a root reference), the stored root local already equals the own transform.`;
}

/**
 * The census report in a few sentences (what `census` prints), `source` naming where the files came from,
 * then a line per archive when the census read any ({@link archiveCensusText}). Never throws.
 */
export function censusSummaryText(report: CensusRunReport, source: string): string {
  const s = report.skeletons;
  const c = report.components;
  const lines = [
    `Census of ${source}: ${count(report.files, 'file')}, ${countByLayout(s.total, s.byDialect, 'Skeleton')}, ` +
      `${count(c.total, 'SkeletonComponent')}, ${count(report.skipped, 'other file')} skipped${notReadCounts(report)}.`,
  ];
  const bones = countByLayout(report.bones, report.bonesByDialect, 'bone');
  if (s.total === 0) lines.push('No Skeleton was read.');
  else if (s.refused === 0)
    lines.push(
      s.total === 1
        ? `The 1 Skeleton consumes exactly with the checked grammar, with no refusal; it holds ${bones}.`
        : `All ${fmt(s.total)} Skeletons consume exactly with the checked grammar, with no refusals; they hold ${bones}.`,
    );
  else
    lines.push(
      `${fmt(s.exact)} of ${count(s.total, 'Skeleton')} consume exactly; ${fmt(s.refused)} ${s.refused === 1 ? 'is' : 'are'} refused. The ones read hold ${count(report.bones, 'bone')}.`,
    );
  if (report.names.total > 0)
    lines.push(
      `${fmt(report.names.resolved)} of ${count(report.names.total, 'bone name hash', 'bone name hashes')} ${report.names.resolved === 1 ? 'resolves' : 'resolve'} through the name dictionary.`,
    );
  const notRead = report.refusals.filter((r) => r.dialect === null && r.kind !== 'archive').length;
  if (notRead > 0) {
    lines.push(
      `${count(notRead, 'file')} failed before any layout read ${notRead === 1 ? 'it' : 'them'} (unreadable, not a resource, or too short for its class); ${notRead === 1 ? 'it is' : 'each is'} named on stderr.`,
    );
  }
  if (report.archiveRefused > 0)
    lines.push(
      `${count(report.archiveRefused, 'archive table or data file', 'archive tables or data files')} refused; ${report.archiveRefused === 1 ? 'it is' : 'each is'} named on stderr with its archive offset.`,
    );
  const skippedPaths = report.skippedPaths.length;
  if (skippedPaths > 0)
    lines.push(
      `${count(skippedPaths, 'path')} skipped unread (files over the size limit, FIFOs, devices, sockets, symlink loops, dangling links).`,
    );
  if (c.total > 0)
    lines.push(
      `${count(c.total, 'SkeletonComponent')}: ${fmt(c.exact)} read exactly; the length rule 56 + 10 × addons + 20 × tracks holds on ${fmt(c.lengthRuleHolds)}.`,
      resolutionSentence(c.resolution),
    );
  if (Object.keys(report.skeletonTypes).length > 0) lines.push(`SkeletonType values: ${valueCounts(report.skeletonTypes)}.`);
  if (report.rootLocalCompared > 0) lines.push(rootLocalSentence(report));
  const checks = Object.entries(report.checks).filter(([, r]) => r.held + r.failed + r.noted > 0);
  const everywhere = checks.filter(([, r]) => r.failed + r.noted === 0).length;
  const failing = checks
    .filter(([, r]) => r.failed > 0)
    .map(([id, r]) => `${id} failed on ${fmt(r.failed)}${r.provenFailed > 0 ? ' (Proven)' : ''}`);
  const noted = checks.filter(([, r]) => r.noted > 0).map(([id, r]) => `${id} noted on ${fmt(r.noted)}`);
  if (checks.length > 0)
    lines.push(
      `Checks: ${fmt(everywhere)} of ${fmt(checks.length)} held on every Skeleton they apply to${[...failing, ...noted].length ? `; ${[...failing, ...noted].join('; ')}` : ''}.`,
    );
  return `${lines.join('\n')}\n${archiveCensusText(report.archives ?? [])}`;
}

/** The archives' lines of the census summary: `DataPC.forge: 12,000 entries, 2,000 data files read (10,000 skipped by type), …`. Never throws. */
export function archiveCensusText(lines: readonly ArchiveCensus[]): string {
  return lines
    .map((line) => {
      if (line.version === null) return `${line.archive}: archive refused\n`;
      const alike = line.profileChoice?.alike.length ? ` (${line.profileChoice.alike.join(', ')} read it alike)` : '';
      const parts = [
        `version ${line.version}`,
        `profile ${line.profile ?? 'none'}${alike}`,
        count(line.entries, 'entry', 'entries'),
        `${groupThousands(line.dataFilesRead)} data files read (${groupThousands(line.dataFilesSkipped)} skipped by type${line.bookkeepingEntries ? `, ${groupThousands(line.bookkeepingEntries)} bookkeeping` : ''})`,
        count(line.resources, 'resource'),
        count(line.skeletons, 'Skeleton'),
        count(line.skeletonComponents, 'SkeletonComponent'),
      ];
      if (line.refused > 0) parts.push(`${groupThousands(line.refused)} refused`);
      return `${line.archive}: ${parts.join(', ')}\n`;
    })
    .join('');
}
