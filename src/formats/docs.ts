/**
 * Format tables generated from the declarations, in the seed's shape: offset, size, type, field,
 * confidence, notes. The same declarations read and write the bytes, so the tables cannot drift.
 */
import { sizeText, type AnyCodec } from '../grammar/codec.js';
import type { StructCodec } from '../grammar/struct.js';
import { isKeyedUnion, type KeyedUnionCodec } from '../grammar/union.js';
import { hex } from '../io/format.js';
import type { Layout } from './layout.js';
import { layouts } from './registry.js';

function isStruct(codec: AnyCodec): codec is StructCodec<unknown> {
  return Array.isArray((codec as Partial<StructCodec<unknown>>).fields);
}

/** A documented part: a structure, or a keyed union (its table lists the case each key selects). */
type Documented = StructCodec<unknown> | KeyedUnionCodec<unknown>;

const nameOf = (part: Documented): string => (isKeyedUnion(part) ? part.unionName : part.structName);

/** Every structure and keyed union reachable from `root`, parents before children, each once. */
function collectStructs(root: AnyCodec): Documented[] {
  const seen = new Set<string>();
  const out: Documented[] = [];
  const visit = (codec: AnyCodec): void => {
    if (isStruct(codec) || isKeyedUnion(codec)) {
      if (seen.has(nameOf(codec))) return;
      seen.add(nameOf(codec));
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

/** A keyed union's table: the common part, then per key value the structure that follows. */
export function unionTable(codec: KeyedUnionCodec<unknown>): string {
  const rows = [`| ${codec.key} | Case | Then | Size |`, '|---|---|---|---|'];
  for (const c of codec.cases) {
    const size = c.codec.fixedSize !== null ? `${c.codec.fixedSize}` : `at least ${c.codec.minSize}`;
    rows.push(`| ${hex(c.key)} | ${c.name} | ${c.codec.structName} | ${size} |`);
  }
  return (
    `### ${codec.unionName}

${codec.summary ? `${codec.summary} ` : ''}Size: ${sizeText(codec)} bytes. ` +
    `The ${codec.head.structName} part, then the structure its \`${codec.key}\` selects; any other ${codec.key} is refused at that field.

${rows.join('\n')}
`
  );
}

function document(title: string, intro: string, roots: AnyCodec[]): string {
  const structs: Documented[] = [];
  const names = new Set<string>();
  for (const root of roots) {
    for (const s of collectStructs(root)) {
      if (names.has(nameOf(s))) continue;
      names.add(nameOf(s));
      structs.push(s);
    }
  }
  const tables = structs.map((s) => (isKeyedUnion(s) ? unionTable(s) : structTable(s)));
  return `# ${title}\n\n<!-- Generated from the grammar by \`npm run docs\`; do not edit. A test fails when it is stale. -->\n\n${intro}\n\n${tables.join('\n')}`;
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
