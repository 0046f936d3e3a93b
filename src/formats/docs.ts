/**
 * Format tables generated from the declarations, in the seed's shape: offset, size, type, field,
 * confidence, notes. The same declarations read and write the bytes, so the tables cannot drift.
 */
import { sizeText, type AnyCodec } from '../grammar/codec.js';
import type { StructCodec } from '../grammar/struct.js';
import { hex } from '../io/format.js';
import type { Layout } from './layout.js';
import { layouts } from './registry.js';

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

/**
 * A layout's format page: its introduction (the text of its `docs.intro` file, which `readText`
 * returns), its reading choices, and a table per structure under the default reading.
 */
export function layoutFormatDoc(layout: Layout, readText: (path: string) => string): string {
  const choices = Object.entries(layout.readingChoices).map(
    ([key, values]) =>
      `- \`${key}\`: ${values.map((v) => (v === layout.defaultReading[key] ? `\`${v}\` (default)` : `\`${v}\``)).join(', ')}`,
  );
  const intro = [readText(layout.docs.intro).trimEnd()];
  if (layout.source !== 'seed')
    intro.push(
      '',
      `Confidence \`public reading\`: how public readers of ${layout.title} read the field, not proven on our data; \`Unknown\`: bytes kept raw, which round-trip.`,
    );
  if (choices.length > 0)
    intro.push(
      '',
      'The choices that change bytes can be switched with `--reading key=value`:',
      '',
      ...choices,
      '',
      'The tables show the default reading.',
    );
  const roots = layout.kinds.map((kind) => layout.codec(kind));
  return document(layout.docs.title, intro.join('\n'), roots);
}

/** Every generated document, by path relative to the repository: one page per registered layout. */
export function formatDocs(readText: (path: string) => string): Record<string, string> {
  return Object.fromEntries(layouts().map((layout) => [layout.docs.path, layoutFormatDoc(layout, readText)]));
}
