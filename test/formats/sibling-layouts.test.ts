/**
 * The sibling titles' layouts, each read from a fixture assembled here byte by byte from
 * the sibling layouts' pages (docs/format-anvilnext-*.md, docs/format-scimitar-ac1.md), with the decoded values
 * asserted, the bytes written back identically, and the other layouts refusing the file.
 */
import { describe, expect, it } from 'vitest';
import { classifyHeader, readResource, readResourceAs, writeResource } from '../../src/formats/resource.js';
import { layoutByName } from '../../src/formats/registry.js';
import { skeletonFromResource } from '../../src/model/read.js';
import { checkSkeletonResource } from '../../src/analysis/check-resource.js';
import { ac1File, breakpointFile, HIPS_HASH, ROOT_HASH, unityFile, wildlandsFile } from '../helpers/sibling-fixtures.js';
import { refusalOf } from '../helpers/refusal.js';

const exactUnder = (bytes: Uint8Array, dialect: string): boolean => {
  try {
    readResourceAs(bytes, { kind: 'Skeleton', dialect });
    return true;
  } catch {
    return false;
  }
};

const ALL = ['anvilnext', 'scimitar', 'anvilnext/unity', 'anvilnext/wildlands', 'anvilnext/breakpoint', 'scimitar/ac1'];

describe.each([
  ['anvilnext/wildlands', wildlandsFile()],
  ['anvilnext/unity', unityFile()],
  ['anvilnext/breakpoint', breakpointFile(true)],
  ['scimitar/ac1', ac1File()],
])('%s', (dialect, bytes) => {
  it('reads the hand-assembled file to its exact end, and only this layout does', () => {
    expect(ALL.filter((d) => exactUnder(bytes, d))).toEqual([dialect]);
    const read = readResource(bytes)!;
    expect(read.resource.dialect).toBe(dialect);
    expect(writeResource(read.resource)).toEqual(bytes);
  });

  it('presents the bones, parents and transforms the bytes hold', () => {
    const { resource } = readResource(bytes)!;
    if (resource.kind !== 'Skeleton') throw new Error('not a Skeleton');
    const skeleton = skeletonFromResource(resource);
    expect(skeleton.dialect).toBe(dialect);
    expect(skeleton.bones.map((b) => [b.nameHash, b.parent, b.storedIndex, b.descendants])).toEqual([
      [ROOT_HASH, -1, 0, 1],
      [HIPS_HASH, 0, 1, 0],
    ]);
    expect(skeleton.bones[1]!.local.position).toEqual([0, 0, 0.5, 0]);
  });

  it('labels what the sources give as public reading, and the bytes it keeps raw as Unknown', () => {
    const layout = layoutByName(dialect);
    expect(layout.source).toBe('public reading');
    const confidences = new Set(layout.bone.fields.map((f) => f.confidence));
    expect([...confidences].every((c) => c === 'public reading' || c === 'Unknown')).toBe(true);
  });
});

describe('what each sibling layout stores', () => {
  it('Wildlands: the header as the main title, SkeletonType 3, the byte after the transforms 0x11, the enum 5', () => {
    const record = readResource(wildlandsFile())!.resource.record;
    expect([record.id, record.managed, record.skeletonType]).toEqual([0x100n, 1, 3]);
    // The fields the main title leaves unnamed carry the public reader's names here.
    expect(record.bones[1]).toMatchObject({
      id: 0x102n,
      parent: { kind: 'ref', id: 0x101n },
      solvingPriority: 0x11,
      mirroringType: 5,
      modifiers: [],
      dependencies: [],
      wrinkleCategory: 7,
      wrinkleFactor: 1,
    });
    expect(
      ['displayData', 'unknownByte', 'enumValue', 'words', 'constantWord', 'constantFloat'].filter((k) => k in record.bones[1]),
    ).toEqual([]);
    expect([record.float0, record.float1, record.reflexConstraints, record.trailingWords]).toEqual([0.25, 0.5, null, []]);
  });

  it('Unity: the leading byte fixed (01, as detection wants it), the four unknown header bytes kept; nothing after the two f32', () => {
    const bytes = unityFile();
    const { resource } = readResource(bytes)!;
    // The leading byte is a constant of the declaration: not a field of the record, written back as 01.
    expect([resource.record.leading, resource.record.headerWord]).toEqual([undefined, 0xaabbccdd]);
    expect(resource.record.skeletonType).toBeUndefined();
    expect(skeletonFromResource(resource as never).skeletonType).toBeNull();
    // One byte more after the floats is refused at that byte.
    const longer = Uint8Array.from([...bytes, 0]);
    expect(refusalOf(() => readResourceAs(longer, { kind: 'Skeleton', dialect: 'anvilnext/unity' })).offset).toBe(bytes.length);
  });

  it('Breakpoint: the second byte kept; the Reflex3 constraints inline with their blob raw, or null', () => {
    const record = readResource(breakpointFile(true))!.resource.record;
    expect(record.bones[0].secondByte).toBe(0x22);
    expect(record.reflex3Constraints.kind).toBe('inline');
    expect(record.reflex3Constraints.value.id).toBe(0x900n);
    // 12 bytes: magic 0x12341234, version 3, then 0xDEADBEEF, little-endian.
    expect([...record.reflex3Constraints.value.blob]).toEqual([0x34, 0x12, 0x34, 0x12, 3, 0, 0, 0, 0xef, 0xbe, 0xad, 0xde]);
    expect(record.trailingWords).toEqual([0x77]);
    const empty = readResource(breakpointFile(false))!.resource;
    expect(empty.record.reflex3Constraints).toEqual({ kind: 'null' });
    expect(writeResource(empty)).toEqual(breakpointFile(false));
  });

  it('AC1: no managed byte; a non-zero extras count is refused at the count, naming the extras', () => {
    const record = readResource(ac1File())!.resource.record;
    expect([record.id, record.unknown0, record.bones[1].initialTransforms.id]).toEqual([0x500, 0, 0x582]);
    const error = refusalOf(() => readResourceAs(ac1File(1), { kind: 'Skeleton', dialect: 'scimitar/ac1' }));
    // Header 16 bytes, then bone 0: tag 1, id 4, class 4, name 4, parent 1, transforms 1 + 4 + 4 + 64: the count at 16 + 87.
    expect(error.offset).toBe(16 + 87);
    expect(error.path).toBe('bones[0].extras');
    expect(error.message).toMatch(/bone extra/);
  });

  it.each([
    // Bone 0's modifier count: header 21 bytes, then tag 1, id 8, class 4, name 4, parent 1, mirror 9,
    // transforms 64, byte 1, enum 4 = 96 (Breakpoint: its second byte, 97).
    ['anvilnext/unity', unityFile(), 21 + 96],
    ['anvilnext/breakpoint', breakpointFile(false), 21 + 97],
  ])('a BoneModifier in %s is refused naming its class, never read with a guessed length', (dialect, bytes, at) => {
    expect([...bytes.subarray(at, at + 4)]).toEqual([0, 0, 0, 0]);
    const withModifier = Uint8Array.from([
      ...bytes.slice(0, at),
      1,
      0,
      0,
      0,
      0,
      ...new Array(8).fill(0),
      0xf6,
      0x82,
      0xd0,
      0x76,
      ...bytes.slice(at + 4),
    ]);
    const error = refusalOf(() => readResourceAs(withModifier, { kind: 'Skeleton', dialect }));
    expect(error.path).toBe('bones[0].modifiers[0]');
    expect(error.message).toContain('Roll (0x76D082F6)');
  });

  it('Unity and Breakpoint name the bone fields as Wildlands does', () => {
    for (const bytes of [unityFile(), breakpointFile(true)]) {
      const bone = readResource(bytes)!.resource.record.bones[1];
      expect(bone).toMatchObject({ solvingPriority: 0x11, mirroringType: 5, dependencies: [], wrinkleCategory: 7, wrinkleFactor: 1 });
    }
  });

  it('bone-constants holds the renamed fields to 7 and 1.0, and names them when they differ', () => {
    const { resource } = readResource(wildlandsFile())!;
    const passed = checkSkeletonResource(resource as never).find((c) => c.id === 'bone-constants')!;
    expect(passed.status).toBe('held');
    resource.record.bones[1].wrinkleCategory = 8;
    const failed = checkSkeletonResource(resource as never).find((c) => c.id === 'bone-constants')!;
    expect(failed.status).toBe('failed');
    expect(failed.offenders.map((o) => [o.bone, o.message])).toEqual([[1, 'bone 1 wrinkleCategory is 8, not 7']]);
  });

  it('the header says which layouts can hold a file: Unity and AC1 alone, Wildlands and Breakpoint with the main title', () => {
    expect(classifyHeader(unityFile()).map((h) => h.dialect)).toEqual(['anvilnext/unity']);
    expect(classifyHeader(ac1File()).map((h) => h.dialect)).toEqual(['scimitar/ac1']);
    expect(classifyHeader(wildlandsFile()).map((h) => h.dialect)).toEqual(['anvilnext', 'anvilnext/wildlands', 'anvilnext/breakpoint']);
  });
});
