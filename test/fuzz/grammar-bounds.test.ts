/**
 * Structural bounds that make the readers safe on any input, checked on the declarations
 * themselves: the codec graph has no cycle (nesting depth is fixed by the declarations, not by
 * the input), and every repeated element takes at least one byte (a counted array cannot loop
 * without consuming input, and its count is checked against count × minSize ≤ remaining bytes).
 */
import { describe, expect, it } from 'vitest';
import { layouts } from '../../src/formats/registry.js';
import type { AnyCodec } from '../../src/grammar/codec.js';
import { counted } from '../../src/grammar/array.js';
import { u32 } from '../../src/grammar/primitives.js';
import { struct } from '../../src/grammar/struct.js';

// Every registered layout's classes under every reading.
const roots: [string, AnyCodec][] = layouts().flatMap((layout) =>
  layout.kinds.flatMap((kind) =>
    layout.readings().map((r): [string, AnyCodec] => [`${layout.name} ${kind} (${layout.readingKey(r)})`, layout.codec(kind, r)]),
  ),
);

/** Deepest chain of nested codecs below `codec`; throws on a cycle. */
function depth(codec: AnyCodec, onPath: Set<AnyCodec> = new Set()): number {
  if (onPath.has(codec)) throw new Error(`the codec graph has a cycle through ${codec.typeName}`);
  onPath.add(codec);
  let deepest = 0;
  for (const child of codec.children ?? []) deepest = Math.max(deepest, depth(child, onPath));
  onPath.delete(codec);
  return deepest + 1;
}

function everyCodec(codec: AnyCodec, out: Set<AnyCodec> = new Set()): Set<AnyCodec> {
  if (out.has(codec)) return out;
  out.add(codec);
  for (const child of codec.children ?? []) everyCodec(child, out);
  return out;
}

describe.each(roots)('the %s declaration', (_name, root) => {
  it('nests a fixed, small number of levels (no recursion driven by the input)', () => {
    expect(depth(root)).toBeLessThanOrEqual(12);
  });

  it('gives every counted element at least one byte, and every codec a consistent minimum size', () => {
    for (const codec of everyCodec(root)) {
      expect(codec.minSize, codec.typeName).toBeGreaterThanOrEqual(0);
      if (codec.fixedSize !== null) expect(codec.minSize, codec.typeName).toBe(codec.fixedSize);
      if (codec.typeName.startsWith('u32 count, then')) expect(codec.children![0]!.minSize, codec.typeName).toBeGreaterThanOrEqual(1);
    }
  });
});

describe('counted arrays', () => {
  it('refuse, when declared, an element that could take no bytes', () => {
    expect(() => counted(struct('Empty', {}))).toThrow(/at least one byte/);
    expect(() => counted(u32)).not.toThrow();
  });
});
