/** The census in a few sentences, in the seed's manner (the default output of `census`). */
import type { CensusReport } from '../analysis/census.js';
import { count, groupThousands } from '../io/format.js';

const fmt = groupThousands;

/** Whether the components' main and addon Skeletons are in the corpus, in one sentence. */
export function resolutionSentence(r: CensusReport['components']['resolution']): string {
  const total = r.components.length;
  return `${fmt(r.complete)} of ${fmt(total)} find their main and every addon Skeleton among the Skeletons read (by object id); the main is missing for ${fmt(r.mainMissing)}, an addon for ${fmt(r.addonMissing)}.`;
}

/**
 * The census report in a few sentences (what `census` prints), `source` naming where the files came from. Never throws.
 */
export function censusSummaryText(report: CensusReport, source: string): string {
  const s = report.skeletons;
  const c = report.components;
  // Per layout: the seed's two always, a sibling's when the census met one (the report lists exactly those).
  const perLayout = (counts: Readonly<Record<string, number>>): string =>
    Object.entries(counts)
      .map(([layout, n]) => `${fmt(n)} ${layout}`)
      .join(', ');
  const lines = [
    `Census of ${source}: ${count(report.files, 'file')}, ${count(s.total, 'Skeleton')} (${perLayout(s.byDialect)}), ` +
      `${count(c.total, 'SkeletonComponent')}, ${count(report.skipped, 'other file')} skipped${report.unreadable ? `, ${fmt(report.unreadable)} unreadable` : ''}.`,
    s.refused === 0
      ? `All ${fmt(s.total)} Skeletons consume exactly with the checked grammar, with no refusals; they hold ${fmt(report.bones)} bones (${perLayout(report.bonesByDialect)}).`
      : `${fmt(s.exact)} of ${fmt(s.total)} Skeletons consume exactly; ${fmt(s.refused)} are refused. The ones read hold ${fmt(report.bones)} bones.`,
    `${fmt(report.names.resolved)} of ${fmt(report.names.total)} bone name hashes resolve through the name dictionary.`,
  ];
  const notRead = report.refusals.filter((r) => r.dialect === null).length;
  if (notRead > 0) {
    lines.push(
      `${count(notRead, 'file')} failed before any layout read ${notRead === 1 ? 'it' : 'them'} (unreadable, not a resource, or too short for its class); each is named on stderr.`,
    );
  }
  const skippedPaths = report.skippedPaths.length;
  if (skippedPaths > 0)
    lines.push(`${count(skippedPaths, 'path')} skipped unread (files over the size limit, FIFOs, devices, sockets, symlink loops, dangling links).`);
  if (c.total > 0)
    lines.push(
      `${fmt(c.total)} SkeletonComponents: ${fmt(c.exact)} read exactly; the length rule 56 + 10 × addons + 20 × tracks holds on ${fmt(c.lengthRuleHolds)}.`,
      resolutionSentence(c.resolution),
    );
  const types = Object.entries(report.skeletonTypes).map(([t, n]) => `${t} (${fmt(n)})`);
  if (types.length > 0) lines.push(`SkeletonType values: ${types.join(', ')}.`);
  if (report.rootLocalCompared > 0)
    lines.push(
      `In ${fmt(report.rootLocalEqualsOwn)} of ${fmt(report.rootLocalCompared)} Skeletons the stored root local already equals the own transform.`,
    );
  const checks = Object.entries(report.checks).filter(([, r]) => r.held + r.failed + r.noted > 0);
  const everywhere = checks.filter(([, r]) => r.failed + r.noted === 0).length;
  const failing = checks
    .filter(([, r]) => r.failed > 0)
    .map(([id, r]) => `${id} failed on ${fmt(r.failed)}${r.provenFailed > 0 ? ' (Proven)' : ''}`);
  const noted = checks.filter(([, r]) => r.noted > 0).map(([id, r]) => `${id} noted on ${fmt(r.noted)}`);
  lines.push(
    `Checks: ${everywhere} of ${checks.length} held on every Skeleton they apply to${[...failing, ...noted].length ? `; ${[...failing, ...noted].join('; ')}` : ''}.`,
  );
  return `${lines.join('\n')}\n`;
}
