/**
 * A span names its field twice: as text (`bones[1].parent`) and as segments (`['bones', 1, 'parent']`),
 * so a viewer walks the path without parsing it. Checked on a Wildlands Skeleton assembled byte by byte.
 */
import { describe, expect, it } from 'vitest';
import { readResource, resourceSpansUntilRefusal } from '../../src/index.js';
import { wildlandsFile } from '../helpers/sibling-fixtures.js';

describe('Span.segments', () => {
  const { spans } = readResource(wildlandsFile(), { spans: true })!;
  const at = (path: string) => spans!.find((s) => s.path === path);

  it('names each field as segments, array positions as numbers', () => {
    // Header: u64 id, u32 class (12 bytes); managed u8 at 12, SkeletonType u32 at 13, the bone count at 17.
    expect(at('managed')).toEqual({ path: 'managed', segments: ['managed'], start: 12, end: 13 });
    expect(at('bones')).toEqual({ path: 'bones', segments: ['bones'], start: 17, end: 261 });
    // A bone without BoneDisplayData is 124 bytes: bone 1 from 21 + 116 = 137 (the first bone's null parent is 1 byte, not 9).
    expect(at('bones[1]')).toEqual({ path: 'bones[1]', segments: ['bones', 1], start: 137, end: 261 });
    // Its parent pointer after tag u8, id u64, class u32 and name u32: 137 + 17 = 154, tag and id (9 bytes).
    expect(at('bones[1].parent')).toEqual({ path: 'bones[1].parent', segments: ['bones', 1, 'parent'], start: 154, end: 163 });
    // An inline pointer target's fields below its field.
    expect(at('lookAt.id')?.segments).toEqual(['lookAt', 'id']);
  });

  it('gives every span segments that spell its path, each its own array', () => {
    for (const span of spans!) {
      let text = '';
      for (const s of span.segments) text += typeof s === 'number' ? `[${s}]` : text === '' ? s : `.${s}`;
      expect(text).toBe(span.path);
    }
    // Recorded as copies: the reader's path moves on, the spans keep theirs.
    expect(new Set(spans!.map((s) => s.segments)).size).toBe(spans!.length);
  });

  it('keeps the segments of the spans read before a refusal', () => {
    const bytes = wildlandsFile();
    bytes[154] = 9; // bone 1's parent pointer: a tag no pointer has
    const until = resourceSpansUntilRefusal(bytes, { kind: 'Skeleton', dialect: 'anvilnext/wildlands' });
    expect(until.error?.pathSegments).toEqual(['bones', 1, 'parent']);
    expect(until.spans.find((s) => s.path === 'bones[1].nameHash')).toEqual({
      path: 'bones[1].nameHash',
      segments: ['bones', 1, 'nameHash'],
      start: 150,
      end: 154,
    });
  });
});
