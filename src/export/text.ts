/** Human-readable dumps of a skeleton and a component, for `inspect`. */
import type { ComponentJson, SkeletonJson, StoredValueJson } from './json.js';

const fmt = (v: number): string => (Object.is(v, -0) ? '0' : Number(v.toFixed(4)).toString());
const vec = (v: readonly number[], n = 3): string => `(${v.slice(0, n).map(fmt).join(', ')})`;

function table(rows: string[][]): string {
  // A reduce, not Math.max(...column): a spread of every row overflows the stack on large skeletons.
  const widths = rows[0]!.map((_, c) => rows.reduce((widest, r) => Math.max(widest, r[c]!.length), 0));
  return rows
    .map((r) =>
      r
        .map((cell, c) => (c === r.length - 1 ? cell : cell.padEnd(widths[c]!)))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

/**
 * A human summary of a skeleton (`inspect`): header lines and a bone table, prefixed with `file` when given. Never throws.
 */
export function skeletonText(json: SkeletonJson, file?: string): string {
  const lines: string[] = [];
  lines.push(`${file ? `${file}: ` : ''}Skeleton (${json.dialect}), ${json.size.toLocaleString('en-US')} bytes`);
  lines.push(
    `  id ${json.id}${json.skeletonType === null ? '' : `, SkeletonType ${json.skeletonType}`}, ${json.boneCount} bones, ${json.names.resolved} of ${json.names.total} names known`,
  );
  if (json.ownTransform)
    lines.push(`  own transform: position ${vec(json.ownTransform.position)}, rotation ${vec(json.ownTransform.rotation, 4)}`);
  const rows = [['#', 'name', 'hash', 'parent', 'mirror', 'below', 'local position', 'local rotation']];
  for (const b of json.bones) {
    rows.push([
      String(b.index),
      b.name ?? b.nameHash,
      b.nameHash,
      b.parent < 0 ? '-' : String(b.parent),
      b.mirror === null ? '-' : b.mirror === b.index ? 'self' : String(b.mirror),
      String(b.descendants),
      vec(b.localPosition),
      vec(b.localRotation, 4),
    ]);
  }
  lines.push(table(rows).replace(/^/gm, '  '));
  const withModifiers = json.bones.filter((b) => b.modifiers.length > 0);
  if (withModifiers.length > 0) {
    lines.push(`  bone modifiers (${withModifiers.reduce((n, b) => n + b.modifiers.length, 0)}):`);
    for (const b of withModifiers) {
      for (const m of b.modifiers) {
        const parts = [...Object.entries(m.common), ...Object.entries(m.fields)].map(([name, v]) => `${name} ${storedText(v)}`);
        lines.push(`    ${b.index} ${b.name ?? b.nameHash}: ${m.class ?? 'unnamed'} (${m.classHash}) id ${m.id}; ${parts.join(', ')}`);
      }
    }
  }
  return `${lines.join('\n')}\n`;
}

/** A stored field's value in one line: pointers as `→ bone N` (or `→ id …` when no bone has the id), objects in braces. */
function storedText(value: StoredValueJson): string {
  if (value === null) return 'null';
  if (typeof value === 'number') return fmt(value);
  if (typeof value === 'string') return value.length > 24 ? `${value.slice(0, 24)}… (${value.length / 2} bytes)` : value;
  if (Array.isArray(value)) return `[${value.map(storedText).join('; ')}]`;
  if (typeof value.id === 'string' && 'bone' in value && Object.keys(value).length === 2)
    return typeof value.bone === 'number' ? `→ bone ${value.bone}` : `→ id ${value.id}`;
  return `{${Object.entries(value)
    .map(([name, v]) => `${name} ${storedText(v)}`)
    .join(', ')}}`;
}

/** A human summary of a SkeletonComponent (`inspect`), prefixed with `file` when given. Never throws. */
export function componentText(json: ComponentJson, file?: string): string {
  const lines = [
    `${file ? `${file}: ` : ''}SkeletonComponent (${json.dialect}), ${json.size} bytes, body ${json.bodySize} bytes ` +
      `(rule 56 + 10 × ${json.addons.length} + 20 × ${json.trackCount} = ${json.lengthRule.expected}: ${json.lengthRule.holds ? 'holds' : 'does not hold'})`,
    `  id ${json.id}`,
    `  main Skeleton ${json.mainSkeleton}`,
    `  addons (${json.addons.length}): ${json.addons.length ? json.addons.join(', ') : 'none'}`,
    `  ExpressionPack: ${json.expressionPack ? json.expressionPack.id : 'null'}`,
    `  track definitions: ${json.trackCount}`,
  ];
  return `${lines.join('\n')}\n`;
}
