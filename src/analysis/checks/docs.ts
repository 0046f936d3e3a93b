/**
 * The named checks' page, docs/checks.md, generated from the checks' declarations as the format
 * pages are from the grammar: each check's id, title, fact, confidence (per layout where it
 * differs), the layouts it applies to, the values a declared check compares, and what a failure
 * names. `npm run docs` writes it; a test fails when the committed page is stale.
 */
import { BUILT_IN_LAYOUTS } from '../../formats/registry.js';
import type { Layout } from '../../formats/layout.js';
import { DECLARED_CHECKS, declaredCheckFields } from './declared.js';
import { CHECKS, checkAppliesTo } from './index.js';
import { confidenceFor } from './report.js';
import { MAX_OFFENDERS } from './tolerances.js';
import type { Check, CheckConfidence } from './types.js';

/** Where the page goes. */
export const CHECKS_DOC_PATH = 'docs/checks.md';

const cell = (text: string): string => text.replace(/\|/g, '\\|');

/**
 * The built-in layouts a check applies to, in registry order: for a check of declared values, those
 * whose declarations name it (elsewhere it reports `not-applicable`, whatever its family).
 */
function layoutsOf(check: Check): Layout[] {
  const declared = DECLARED_CHECKS.includes(check);
  return BUILT_IN_LAYOUTS.filter(
    (layout) => checkAppliesTo(check, layout.name) && (!declared || declaredCheckFields(check.id, layout.name).length > 0),
  );
}

/** Layout names in words: a whole family as `the anvilnext family`, every layout as `every layout`. */
function layoutsText(names: readonly string[]): string {
  if (names.length === BUILT_IN_LAYOUTS.length) return 'every layout';
  const parts: string[] = [];
  const left = new Set(names);
  for (const family of [...new Set(BUILT_IN_LAYOUTS.map((l) => l.family))]) {
    const members = BUILT_IN_LAYOUTS.filter((l) => l.family === family).map((l) => l.name);
    if (members.length > 1 && members.every((m) => left.has(m))) {
      parts.push(`the ${family} family`);
      for (const m of members) left.delete(m);
    }
  }
  return [...parts, ...names.filter((n) => left.has(n)).map((n) => `\`${n}\``)].join(', ');
}

/** Each confidence the check reports, with the layouts that get it, in the order of the layouts. */
function confidenceGroups(check: Check): { confidence: CheckConfidence; layouts: string[] }[] {
  const groups: { confidence: CheckConfidence; layouts: string[] }[] = [];
  for (const layout of layoutsOf(check)) {
    const confidence = confidenceFor(check, layout.name);
    const group = groups.find((g) => g.confidence === confidence);
    if (group === undefined) groups.push({ confidence, layouts: [layout.name] });
    else group.layouts.push(layout.name);
  }
  return groups;
}

/** `Proven`, or `Observed (the anvilnext family) / Proven (the scimitar family)` where layouts differ. */
function confidenceText(check: Check): string {
  const groups = confidenceGroups(check);
  if (groups.length <= 1) return groups[0]?.confidence ?? check.confidence;
  return groups.map((g) => `${g.confidence} (${layoutsText(g.layouts)})`).join(' / ');
}

function section(check: Check): string {
  const applies = layoutsOf(check).map((l) => l.name);
  const lines = [`## ${check.id}`, '', `**${check.title}.** ${check.statement}`, ''];
  lines.push(`- **Confidence:** ${confidenceText(check)}.`);
  lines.push(`- **Applies to:** ${layoutsText(applies)}; elsewhere its result is \`not-applicable\`.`);
  lines.push(`- **A failure names:** ${check.failure}`);
  const declared = applies.map((layout) => ({ layout, fields: declaredCheckFields(check.id, layout) })).filter((d) => d.fields.length > 0);
  if (declared.length > 0) {
    lines.push('', 'The values it compares, as each layout declares them on its fields (the format pages list the fields):', '');
    lines.push('| layout | field | declared value |', '|---|---|---|');
    for (const { layout, fields } of declared)
      for (const f of fields) lines.push(`| \`${layout}\` | \`${f.field}\` | ${cell(f.expected)} |`);
  }
  return `${lines.join('\n')}\n`;
}

/** The page, by its path. Never throws. */
export function checksDocs(): Record<string, string> {
  const table = ['| id | confidence | applies to | fact |', '|---|---|---|---|'];
  for (const check of CHECKS)
    table.push(
      `| [\`${check.id}\`](#${check.id}) | ${cell(confidenceText(check))} | ${cell(layoutsText(layoutsOf(check).map((l) => l.name)))} | ${cell(check.statement)} |`,
    );
  const text = `# Named checks

<!-- Generated from the checks' declarations (src/analysis/checks/) by \`npm run docs\`; do not edit. A test fails when it is stale. -->

Every Skeleton that reads to its exact end is run through these ${CHECKS.length} checks: by \`validate\`,
\`inspect\` and \`census\`, in the viewer, and in the library by \`checkSkeletonResource\` and
\`runChecks\` ([the CLI](cli.md#validate), [the library](library.md#validate-and-run-the-checks)). Each
encodes one fact with the confidence its source gives it ([confidence labels](glossary.md#confidence-labels)):

- a failed **Proven** check fails the file (exit status 1);
- a failed **Observed** or **Inferred** check is a warning, unless \`--strict\` makes it a failure;
- an **Informative** check is never a failure: when its fact does not hold its status is \`noted\`;
- a check that does not apply to the file's layout is \`not-applicable\` there.

A result's status is \`held\`, \`failed\`, \`not-applicable\` or \`noted\`. A failure lists its offenders (at
most ${MAX_OFFENDERS} a check; \`offenderCount\` keeps the total), each the bone by index (−1 for the Skeleton as
a whole), its name when a resolver was given, the measured error where there is one, what was
expected and what was found, and a message. The commands add the offset of the bone's record:
\`bone 4 (Spine2) at offset 0x201 (513), bones[4]: global differs from bone 3's global ∘ local: …\`.

${table.join('\n')}

${CHECKS.map(section).join('\n')}`;
  return { [CHECKS_DOC_PATH]: text };
}
