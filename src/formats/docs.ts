/**
 * Format tables generated from the declarations, in the seed's shape: offset, size, type, field,
 * confidence, notes. The same declarations read and write the bytes, so the tables cannot drift.
 */
import { sizeText, type AnyCodec } from '../grammar/codec.js';
import type { StructCodec } from '../grammar/struct.js';
import { hex } from '../io/format.js';
import { anvilnextSkeletonCodec, ANVILNEXT_READING_CHOICES, ANVILNEXT_READING_DEFAULTS, skeletonComponent } from './anvilnext/index.js';
import { scimitarSkeleton } from './scimitar/index.js';

function isStruct(codec: AnyCodec): codec is StructCodec<unknown> {
  return Array.isArray((codec as Partial<StructCodec<unknown>>).fields);
}

/** Every structure reachable from `root`, parents before children, each once. */
function collectStructs(root: AnyCodec): StructCodec<unknown>[] {
  const seen = new Set<string>();
  const out: StructCodec<unknown>[] = [];
  const visit = (codec: AnyCodec): void => {
    if (isStruct(codec)) {
      if (seen.has(codec.structName)) return;
      seen.add(codec.structName);
      out.push(codec);
    }
    for (const child of codec.children ?? []) visit(child);
  };
  visit(root);
  return out;
}

const cell = (text: string): string => text.replace(/\|/g, '\\|');

export function structTable(codec: StructCodec<unknown>): string {
  const rows = ['| Offset | Size | Type | Field | Confidence | Notes |', '|---|---|---|---|---|---|'];
  let offset: number | null = 0;
  for (const f of codec.fields) {
    const at = offset === null ? 'variable' : hex(offset, 1);
    rows.push(`| ${at} | ${cell(sizeText(f.codec))} | ${cell(f.codec.typeName)} | ${f.name} | ${f.confidence} | ${cell(f.note)} |`);
    offset = offset !== null && f.codec.fixedSize !== null ? offset + f.codec.fixedSize : null;
  }
  const size = codec.fixedSize !== null ? `${codec.fixedSize} bytes` : `at least ${codec.minSize} bytes`;
  return `### ${codec.structName}\n\n${codec.summary ? `${codec.summary} ` : ''}Size: ${size}. Offsets are relative to the structure's start; little-endian.\n\n${rows.join('\n')}\n`;
}

function document(title: string, intro: string, roots: AnyCodec[]): string {
  const structs: StructCodec<unknown>[] = [];
  const names = new Set<string>();
  for (const root of roots) {
    for (const s of collectStructs(root)) {
      if (names.has(s.structName)) continue;
      names.add(s.structName);
      structs.push(s);
    }
  }
  return `# ${title}\n\n<!-- Generated from the grammar by \`npm run docs\`; do not edit. A test fails when it is stale. -->\n\n${intro}\n\n${structs.map(structTable).join('\n')}`;
}

export function anvilnextFormatDoc(): string {
  const choices = Object.entries(ANVILNEXT_READING_CHOICES)
    .map(
      ([key, values]) =>
        `- \`${key}\`: ${(values as readonly string[]).map((v) => (v === (ANVILNEXT_READING_DEFAULTS as unknown as Record<string, string>)[key] ? `\`${v}\` (default)` : `\`${v}\``)).join(', ')}`,
    )
    .join('\n');
  const intro = [
    "The main title's layout: 64-bit object ids. Pointers are `03` (null), `02` + u64 id (a reference) or `00` + object (inline).",
    'Where the seed names a portion but not its bytes, the project\'s reading fixes one choice (Confidence `Inferred`, notes say "our reading").',
    'The choices that change bytes can be switched with `--reading key=value`:',
    '',
    choices,
    '',
    'The tables show the default reading.',
  ].join('\n');
  return document('Skeleton format: anvilnext', intro, [anvilnextSkeletonCodec(), skeletonComponent]);
}

export function scimitarFormatDoc(): string {
  const intro =
    "Shaun White Skateboarding's layout: 32-bit object ids; every offset as the seed gives it. Pointers are tag `03` (none), `02` + u32 id, or `00` + inline object.";
  return document('Skeleton format: scimitar', intro, [scimitarSkeleton]);
}

/** Every generated document, by path relative to the repository. */
export function formatDocs(): Record<string, string> {
  return { 'docs/format-anvilnext.md': anvilnextFormatDoc(), 'docs/format-scimitar.md': scimitarFormatDoc() };
}
