/**
 * The registry of layouts: every place that needs "each layout" (detection, `--dialect`, the census,
 * the docs, the generated readers, the fuzz targets, the tests) iterates it. Adding a layout is one
 * folder under `src/formats/` and one line in BUILT_IN_LAYOUTS (see docs/library.md, "Adding a layout").
 */
import { anvilnextLayout } from './anvilnext/index.js';
import { breakpointLayout } from './anvilnext-breakpoint/index.js';
import { unityLayout } from './anvilnext-unity/index.js';
import { wildlandsLayout } from './anvilnext-wildlands/index.js';
import { splitReadingPair, type Dialect, type Layout, type ResourceKind } from './layout.js';
import { scimitarLayout } from './scimitar/index.js';
import { ac1Layout } from './scimitar-ac1/index.js';

/** The built-in layouts, in the order detection tries them: the seed's two first, then their siblings. */
export const BUILT_IN_LAYOUTS: readonly Layout[] = [
  anvilnextLayout,
  scimitarLayout,
  unityLayout,
  wildlandsLayout,
  breakpointLayout,
  ac1Layout,
];

const registered: Layout[] = [...BUILT_IN_LAYOUTS];
// By name, for the lookups every file makes.
const byName = new Map<Dialect, Layout>(registered.map((layout) => [layout.name, layout]));

/** Every registered layout, in detection order. */
export function layouts(): readonly Layout[] {
  return registered;
}

/** Every registered layout's name, in detection order. */
export function layoutNames(): Dialect[] {
  return registered.map((layout) => layout.name);
}

/** The registered layout of this name; throws a RangeError naming the known ones otherwise. */
export function layoutByName(name: Dialect): Layout {
  const layout = byName.get(name);
  if (layout === undefined) throw new RangeError(`unknown layout "${name}"; known: ${layoutNames().join(', ')}`);
  return layout;
}

/** The registered layout of this name, or undefined. */
export function findLayout(name: Dialect): Layout | undefined {
  return byName.get(name);
}

/**
 * Registers a layout after the built-in ones (a plug-in's, or a test's). Throws a RangeError when
 * one of that name is registered already. Returns a function that removes it again.
 */
export function registerLayout(layout: Layout): () => void {
  if (findLayout(layout.name) !== undefined) throw new RangeError(`a layout named "${layout.name}" is registered already`);
  registered.push(layout);
  byName.set(layout.name, layout);
  return () => {
    const at = registered.indexOf(layout);
    if (at >= 0 && !BUILT_IN_LAYOUTS.includes(layout)) {
      registered.splice(at, 1);
      byName.delete(layout.name);
    }
  };
}

/** A class and layout a header fits. */
export interface HeaderClass {
  /** The resource class. */
  kind: ResourceKind;
  /** The layout's name. */
  dialect: Dialect;
}

/** The layouts and kinds a header fits, in registry order (only `dialect` when given); empty when none. Never throws. */
export function classifyHeader(bytes: Uint8Array, dialect?: Dialect): HeaderClass[] {
  const found: HeaderClass[] = [];
  for (const layout of registered) {
    if (dialect !== undefined && layout.name !== dialect) continue;
    const kind = layout.detect(bytes);
    if (kind !== null) found.push({ kind, dialect: layout.name });
  }
  return found;
}

/** A reading with every registered layout's defaults under the given choices: what a run reads with, in full. */
export function readingWithDefaults(reading: Readonly<Record<string, string>> = {}): Record<string, string> {
  return Object.assign({}, ...registered.map((layout) => layout.defaultReading), reading) as Record<string, string>;
}

/**
 * A reading from `key=value` pairs (`--reading`), over every registered layout's defaults: a key
 * any layout has, with a value that layout allows. Throws a RangeError naming an unknown key or value.
 */
export function parseReading(pairs: readonly string[]): Record<string, string> {
  const reading = readingWithDefaults();
  for (const pair of pairs) {
    const [key, value] = splitReadingPair(pair);
    const values = [...new Set(registered.flatMap((layout) => layout.readingChoices[key] ?? []))];
    if (values.length === 0)
      throw new RangeError(`unknown reading option "${key}"; known: ${Object.keys(readingWithDefaults()).join(', ')}`);
    if (!values.includes(value)) throw new RangeError(`reading option ${key} takes ${values.join(' or ')}, got "${value}"`);
    reading[key] = value;
  }
  return reading;
}

/** Every reading choice any registered layout has, with its values: what `--reading` takes. */
export function readingChoices(): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const layout of registered)
    for (const [key, values] of Object.entries(layout.readingChoices)) out[key] = [...new Set([...(out[key] ?? []), ...values])];
  return out;
}
