/**
 * The registry of layouts: every place that needs "each layout" (detection, `--layout`, the census,
 * the docs, the generated readers, the fuzz targets, the tests) iterates it. Adding a layout is one
 * folder under `src/formats/` and one line in BUILT_IN_LAYOUTS (see docs/library.md, "Adding a layout").
 */
import { anvilnextLayout } from './anvilnext/index.js';
import { breakpointLayout } from './anvilnext-breakpoint/index.js';
import { unityLayout } from './anvilnext-unity/index.js';
import { wildlandsLayout } from './anvilnext-wildlands/index.js';
import { splitReadingPair, type LayoutName, type Layout, type ResourceKind } from './layout.js';
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

/**
 * A set of layouts, in the order detection tries them: the value readers take (`layouts` in their
 * options) to know which layouts exist. Immutable: {@link LayoutSet.with} gives a new set.
 */
export class LayoutSet {
  /** The layouts, in detection order. */
  readonly all: readonly Layout[];
  readonly #byName: ReadonlyMap<LayoutName, Layout>;

  /** A set of these layouts, in this order; throws a RangeError when two share a name. */
  constructor(layouts: Iterable<Layout>) {
    const all = [...layouts];
    const byName = new Map<LayoutName, Layout>();
    for (const layout of all) {
      if (byName.has(layout.name)) throw new RangeError(`a layout named "${layout.name}" is registered already`);
      byName.set(layout.name, layout);
    }
    this.all = all;
    this.#byName = byName;
  }

  /** The layouts' names, in detection order. */
  names(): LayoutName[] {
    return this.all.map((layout) => layout.name);
  }

  /** The layout of this name; throws a RangeError naming the known ones otherwise. */
  get(name: LayoutName): Layout {
    const layout = this.#byName.get(name);
    if (layout === undefined) throw new RangeError(`unknown layout "${name}"; known: ${this.names().join(', ')}`);
    return layout;
  }

  /** The layout of this name, or undefined. */
  find(name: LayoutName): Layout | undefined {
    return this.#byName.get(name);
  }

  /** This set with `layout` after its own; throws a RangeError when one of that name is in it. */
  with(layout: Layout): LayoutSet {
    return new LayoutSet([...this.all, layout]);
  }

  /** This set without `layout`. */
  without(layout: Layout): LayoutSet {
    return new LayoutSet(this.all.filter((l) => l !== layout));
  }

  /** The layouts and kinds a header fits, in this set's order (only `dialect` when given); empty when none. Never throws. */
  classify(bytes: Uint8Array, dialect?: LayoutName): HeaderClass[] {
    const found: HeaderClass[] = [];
    for (const layout of this.all) {
      if (dialect !== undefined && layout.name !== dialect) continue;
      const kind = layout.detect(bytes);
      if (kind !== null) found.push({ kind, dialect: layout.name });
    }
    return found;
  }
}

/** The built-in layouts as a set. */
export const BUILT_IN_LAYOUT_SET = new LayoutSet(BUILT_IN_LAYOUTS);

// What a reader uses when it is given no set: the built-ins, and the layouts plug-ins registered.
let registered: LayoutSet = BUILT_IN_LAYOUT_SET;

/** The set readers use when their options name none: the built-ins and what {@link registerLayout} added. */
export function defaultLayouts(): LayoutSet {
  return registered;
}

/** Every registered layout, in detection order. */
export function layouts(): readonly Layout[] {
  return registered.all;
}

/** Every registered layout's name, in detection order. */
export function layoutNames(): LayoutName[] {
  return registered.names();
}

/** The registered layout of this name; throws a RangeError naming the known ones otherwise. */
export function layoutByName(name: LayoutName): Layout {
  return registered.get(name);
}

/** The registered layout of this name, or undefined. */
export function findLayout(name: LayoutName): Layout | undefined {
  return registered.find(name);
}

/**
 * Adds a layout to the default set, after the built-in ones (a plug-in's, or a test's). Throws a
 * RangeError when one of that name is registered already. Returns a function that removes it again.
 * A caller that wants no shared state passes its own {@link LayoutSet} to the readers instead.
 */
export function registerLayout(layout: Layout): () => void {
  registered = registered.with(layout);
  return () => {
    if (!BUILT_IN_LAYOUTS.includes(layout)) registered = registered.without(layout);
  };
}

/** A class and layout a header fits. */
export interface HeaderClass {
  /** The resource class. */
  kind: ResourceKind;
  /** The layout's name. */
  dialect: LayoutName;
}

/**
 * The layouts and kinds a header fits, in the set's order (only `dialect` when given; the default
 * set when `set` is absent); empty when none. Never throws.
 */
export function classifyHeader(bytes: Uint8Array, dialect?: LayoutName, set: LayoutSet = registered): HeaderClass[] {
  return set.classify(bytes, dialect);
}

/** A reading with every registered layout's defaults under the given choices: what a run reads with, in full. */
export function readingWithDefaults(reading: Readonly<Record<string, string>> = {}): Record<string, string> {
  return Object.assign({}, ...registered.all.map((layout) => layout.defaultReading), reading) as Record<string, string>;
}

/**
 * A reading from `key=value` pairs (`--reading`), over every registered layout's defaults: a key
 * any layout has, with a value that layout allows. Throws a RangeError naming an unknown key or value.
 */
export function parseReading(pairs: readonly string[]): Record<string, string> {
  const reading = readingWithDefaults();
  for (const pair of pairs) {
    const [key, value] = splitReadingPair(pair);
    const values = [...new Set(registered.all.flatMap((layout) => layout.readingChoices[key] ?? []))];
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
  for (const layout of registered.all)
    for (const [key, values] of Object.entries(layout.readingChoices)) out[key] = [...new Set([...(out[key] ?? []), ...values])];
  return out;
}
