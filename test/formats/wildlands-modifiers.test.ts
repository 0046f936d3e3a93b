/**
 * Wildlands BoneModifiers, read by class as its public reader reads them: Skeletons assembled here
 * byte by byte (little-endian), the decoded values asserted, the bytes written back identically,
 * and the refusals at the offsets worked out by hand.
 *
 * The fixtures (test/helpers/wildlands-modifier-fixtures.ts) lay out a two-bone Skeleton whose
 * bone 1's modifiers start at offset 249; each test spells out the modifiers' bytes.
 */
import { describe, expect, it } from 'vitest';
import { readResource, readResourceAs, writeResource } from '../../src/formats/resource.js';
import { skeletonFromResource } from '../../src/model/read.js';
import { expectSameBytes } from '../helpers/bytes.js';
import {
  BALL_JOINT,
  BONE0,
  BONE1,
  common,
  MAX_LOOK_AT,
  MODIFIERS_AT,
  ORIENTATION_CONSTRAINT,
  PENDULUM,
  ROLL,
  ROTATION_PASTE,
  run,
  skeletonWith,
  SPRING_BOX,
  TARGET,
  WILDLANDS,
} from '../helpers/wildlands-modifier-fixtures.js';
import { refusalOf } from '../helpers/refusal.js';

/** Reads the file as Wildlands and checks it writes back to the same bytes; returns bone 1's modifiers. */
function readBack(bytes: Uint8Array): Record<string, unknown>[] {
  const { resource } = readResourceAs(bytes, WILDLANDS);
  expectSameBytes(writeResource(resource), bytes);
  // Detection finds the layout too: the main title's refuses the first bone's missing BoneDisplayData.
  expect(readResource(bytes)!.resource.dialect).toBe('anvilnext/wildlands');
  // To its exact end: one byte more is refused at that byte.
  const longer = Uint8Array.from([...bytes, 0]);
  expect(refusalOf(() => readResourceAs(longer, WILDLANDS)).offset).toBe(bytes.length);
  return (resource.record as { bones: { modifiers: Record<string, unknown>[] }[] }).bones[1]!.modifiers;
}

const ref = (id: bigint) => ({ kind: 'ref', id });

describe('each Wildlands BoneModifier class, read and written byte-exact', () => {
  it('Roll: roll factor, roll source bone (13 bytes after the common part)', () => {
    const bytes = skeletonWith(1, (b) => {
      common(b, 0x201n, ROLL, 0.75, -1, 1);
      b.f32(0.5).u8(2).u64(BONE0);
    });
    // Total: modifiers at 249, 31 + 13 = 44 bytes, then the dependency count.
    expect(bytes[MODIFIERS_AT + 44]).toBe(1);
    const [m] = readBack(bytes);
    expect(m).toEqual({
      tag: 0,
      id: 0x201n,
      classHash: ROLL,
      owner: ref(BONE1),
      blendWeight: 0.75,
      lodLimit: -1,
      useModifiedBoneMatrix: 1,
      rollFactor: 0.5,
      rollSource: ref(BONE0),
    });
  });

  it('MaxLookAt: up node, look-at bone, 16 + 16 raw bytes', () => {
    const bytes = skeletonWith(1, (b) => {
      common(b, 0x202n, MAX_LOOK_AT, 1, 2, 0);
      b.u8(3); // up node: null
      b.u8(2).u64(BONE0); // look-at bone
      b.u8(...run(16, 0x10)).u8(...run(16, 0x40));
    });
    const [m] = readBack(bytes);
    expect(m).toMatchObject({ classHash: MAX_LOOK_AT, blendWeight: 1, lodLimit: 2, upNode: { kind: 'null' }, lookAtBone: ref(BONE0) });
    expect([...(m!.positionOffset as Uint8Array)]).toEqual(run(16, 0x10));
    expect([...(m!.axes as Uint8Array)]).toEqual(run(16, 0x40));
  });

  it('OrientationConstraint with two targets: count, (00, id, class 0xDF638110, bone, weight) × 2, keep flag, 16 bytes', () => {
    const bytes = skeletonWith(1, (b) => {
      common(b, 0x203n, ORIENTATION_CONSTRAINT, 0.5, 0, 0);
      b.u32(2);
      b.u8(0).u64(0x301n).u32(TARGET).u8(2).u64(BONE0).f32(0.25);
      b.u8(0).u64(0x302n).u32(TARGET).u8(3).f32(0.75); // a null target bone
      b.u8(1).u8(...run(16, 0x80));
    });
    // 31 + 4 + (1 + 8 + 4 + 9 + 4) + (1 + 8 + 4 + 1 + 4) + 1 + 16 = 96 bytes.
    expect(bytes[MODIFIERS_AT + 96]).toBe(1); // the dependency count
    const [m] = readBack(bytes);
    expect(m).toMatchObject({
      classHash: ORIENTATION_CONSTRAINT,
      blendWeight: 0.5,
      targets: [
        { id: 0x301n, bone: ref(BONE0), weight: 0.25 },
        { id: 0x302n, bone: { kind: 'null' }, weight: 0.75 },
      ],
      keepInitialOffset: 1,
    });
    expect([...(m!.offset as Uint8Array)]).toEqual(run(16, 0x80));
  });

  it('BallJoint: i32, 40 bytes, i32, 16 bytes, 12 bytes, file reference, bone, file reference', () => {
    const bytes = skeletonWith(1, (b) => {
      common(b, 0x204n, BALL_JOINT, 0.125, 3, 1);
      b.u32(-2 >>> 0)
        .u8(...run(40, 0))
        .u32(4);
      b.u8(...run(16, 0x30)).u8(...run(12, 0x60));
      b.u8(1).u8(0).u64(0x7001n); // common data: 01, flag 0, id
      b.u8(2).u64(BONE0); // orientation bone
      b.u8(3).u8(1).u64(0n); // lite ragdoll: 03, flag 1, id 0
    });
    // 31 + 4 + 40 + 4 + 16 + 12 + 10 + 9 + 10 = 136 bytes.
    expect(bytes[MODIFIERS_AT + 136]).toBe(1);
    const [m] = readBack(bytes);
    expect(m).toMatchObject({
      classHash: BALL_JOINT,
      lodLimit: 3,
      constraintAngleType: -2,
      gravityMode: 4,
      commonData: { mode: 1, global: 0, id: 0x7001n },
      orientationBone: ref(BONE0),
      liteRagdoll: { mode: 3, global: 1, id: 0n },
    });
    expect([...(m!.scalarSettings as Uint8Array)]).toEqual(run(40, 0));
    expect([...(m!.gravity as Uint8Array)]).toEqual(run(16, 0x30));
    expect([...(m!.localOffsets as Uint8Array)]).toEqual(run(12, 0x60));
  });

  it.each([
    ['SpringBox', SPRING_BOX, 'springBoxSettings'],
    ['Pendulum', PENDULUM, 'pendulumSettings'],
  ])('%s: 60 bytes of settings', (_name, cls, key) => {
    const bytes = skeletonWith(1, (b) => {
      common(b, 0x205n, cls, 2, 1, 0);
      b.u8(...run(60, 0x90));
    });
    expect(bytes[MODIFIERS_AT + 31 + 60]).toBe(1);
    const [m] = readBack(bytes);
    expect(m).toMatchObject({ classHash: cls, blendWeight: 2, lodLimit: 1 });
    expect([...(m![key] as Uint8Array)]).toEqual(run(60, 0x90));
  });

  it('RotationPaste: paste bone, parent-rotation flag', () => {
    const bytes = skeletonWith(1, (b) => {
      common(b, 0x206n, ROTATION_PASTE, 1, 0, 0);
      b.u8(2).u64(BONE0).u8(1);
    });
    expect(bytes[MODIFIERS_AT + 31 + 10]).toBe(1);
    const [m] = readBack(bytes);
    expect(m).toMatchObject({ classHash: ROTATION_PASTE, pasteBone: ref(BONE0), parentRotation: 1 });
  });
});

/** Roll with a null roll source (31 + 4 + 1 = 36 bytes), then RotationPaste (41), then SpringBox (91) on bone 1. */
function threeModifiers(): Uint8Array {
  return skeletonWith(3, (b) => {
    common(b, 0x211n, ROLL, 1, 0, 0);
    b.f32(-0.5).u8(3); // roll source: null
    common(b, 0x212n, ROTATION_PASTE, 0.5, 1, 1);
    b.u8(2).u64(BONE1).u8(0);
    common(b, 0x213n, SPRING_BOX, 0.25, 2, 0);
    b.u8(...run(60, 0));
  });
}

describe('several modifiers on one bone', () => {
  it('reads Roll, RotationPaste and SpringBox in order, each from where the last ended', () => {
    const modifiers = readBack(threeModifiers());
    expect(modifiers.map((m) => [m.classHash, m.id, m.blendWeight, m.lodLimit])).toEqual([
      [ROLL, 0x211n, 1, 0],
      [ROTATION_PASTE, 0x212n, 0.5, 1],
      [SPRING_BOX, 0x213n, 0.25, 2],
    ]);
    expect(modifiers[0]).toMatchObject({ rollFactor: -0.5, rollSource: { kind: 'null' } });
    expect(modifiers[1]).toMatchObject({ pasteBone: ref(BONE1), parentRotation: 0 });
  });

  it('records spans for each field, the class fields after the common part', () => {
    const { spans } = readResourceAs(threeModifiers(), WILDLANDS, { spans: true });
    const span = (path: string) => spans!.find((s) => s.path === path);
    // Second modifier: 249 + 36 = 285; its class at +9, its paste bone at +31, its flag at +40.
    expect(span('bones[1].modifiers[1]')).toEqual({
      path: 'bones[1].modifiers[1]',
      segments: ['bones', 1, 'modifiers', 1],
      start: 285,
      end: 285 + 41,
    });
    expect(span('bones[1].modifiers[1].classHash')).toMatchObject({ start: 294, end: 298 });
    expect(span('bones[1].modifiers[1].pasteBone')).toMatchObject({ start: 316, end: 325 });
    // Third: 285 + 41 = 326; its settings after the common part.
    expect(span('bones[1].modifiers[2].springBoxSettings')).toMatchObject({ start: 326 + 31, end: 326 + 91 });
  });

  it('shows them in the model, the class named, the common fields apart from the class fields', () => {
    const { resource } = readResourceAs(threeModifiers(), WILDLANDS);
    const skeleton = skeletonFromResource(resource as never);
    expect(skeleton.bones[0]!.modifiers).toBeUndefined();
    const [roll, paste] = skeleton.bones[1]!.modifiers!;
    expect(roll).toEqual({
      className: 'Roll',
      classHash: ROLL,
      id: 0x211n,
      common: { tag: 0, owner: ref(BONE1), blendWeight: 1, lodLimit: 0, useModifiedBoneMatrix: 0 },
      fields: { rollFactor: -0.5, rollSource: { kind: 'null' } },
    });
    expect(paste!.className).toBe('RotationPaste');
  });
});

describe('refusals', () => {
  it('an unknown class, at its class field, naming it', () => {
    const bytes = skeletonWith(1, (b) => {
      common(b, 0x221n, 0x12345678, 1, 0, 0);
      b.u8(...run(13, 0));
    });
    const error = refusalOf(() => readResourceAs(bytes, WILDLANDS));
    // The class field: the modifier at 249, then tag 1 and id 8.
    expect(error.offset).toBe(249 + 9);
    expect(error.path).toBe('bones[1].modifiers[0].classHash');
    expect(error.message).toContain('0x12345678 (unnamed)');
  });

  it('the second modifier of a bone with an unknown class, after a known one', () => {
    const bytes = skeletonWith(2, (b) => {
      common(b, 0x222n, ROLL, 1, 0, 0);
      b.f32(1).u8(3);
      common(b, 0x223n, 0x95741049, 1, 0, 0); // the Bone class: no modifier
    });
    const error = refusalOf(() => readResourceAs(bytes, WILDLANDS));
    // The first modifier is 31 + 5 = 36 bytes (a null roll source): the second at 285, its class at 294.
    expect([error.offset, error.path]).toEqual([294, 'bones[1].modifiers[1].classHash']);
  });

  it('a modifier cut short, at the end of the data, inside its class fields', () => {
    const whole = skeletonWith(1, (b) => {
      common(b, 0x224n, MAX_LOOK_AT, 1, 0, 0);
      b.u8(3)
        .u8(3)
        .u8(...run(32, 0));
    });
    // Cut inside the look-at axes: 249 + 31 + 1 + 1 + 16 = 298 is where they start; keep 5 of them.
    const cut = whole.subarray(0, 298 + 5);
    const error = refusalOf(() => readResourceAs(cut, WILDLANDS));
    expect(error.path).toBe('bones[1].modifiers[0].axes');
    expect(error.offset).toBe(298);
  });

  it('an OrientationConstraint count larger than the bytes left, before anything is allocated for it', () => {
    const bytes = skeletonWith(1, (b) => {
      common(b, 0x225n, ORIENTATION_CONSTRAINT, 1, 0, 0);
      b.u32(0x7fffffff);
    });
    const error = refusalOf(() => readResourceAs(bytes, WILDLANDS));
    // The count at 249 + 31 = 280.
    expect([error.offset, error.path]).toEqual([280, 'bones[1].modifiers[0].targets']);
    expect(error.message).toMatch(/count 2147483647/);
  });

  it('an OrientationConstraint target of another class, at that class', () => {
    const bytes = skeletonWith(1, (b) => {
      common(b, 0x226n, ORIENTATION_CONSTRAINT, 1, 0, 0);
      b.u32(1).u8(0).u64(0x301n).u32(0xdf638111).u8(3).f32(1);
      b.u8(0).u8(...run(16, 0));
    });
    const error = refusalOf(() => readResourceAs(bytes, WILDLANDS));
    // The count at 280, the target at 284: tag 1, id 8, then its class at 293.
    expect([error.offset, error.path]).toEqual([293, 'bones[1].modifiers[0].targets[0].classHash']);
    expect(error.message).toContain('0xDF638110');
  });

  it('a modifier bone pointer naming no bone of the Skeleton, once the Skeleton ends', () => {
    const bytes = skeletonWith(1, (b) => {
      common(b, 0x227n, ROLL, 1, 0, 0);
      b.f32(1).u8(2).u64(0x999n);
    });
    const error = refusalOf(() => readResourceAs(bytes, WILDLANDS));
    // The roll source pointer at 249 + 31 + 4 = 284; its id one byte further.
    expect([error.offset, error.path]).toEqual([285, 'bones[1].modifiers[0].rollSource']);
  });

  it('a file reference with a mode other than 01 or 03', () => {
    const bytes = skeletonWith(1, (b) => {
      common(b, 0x228n, BALL_JOINT, 1, 0, 0);
      b.u32(0)
        .u8(...run(40, 0))
        .u32(0)
        .u8(...run(28, 0));
      b.u8(4).u8(0).u64(1n).u8(3).u8(3).u8(0).u64(0n);
    });
    const error = refusalOf(() => readResourceAs(bytes, WILDLANDS));
    // The common data reference at 249 + 31 + 4 + 40 + 4 + 28 = 356.
    expect([error.offset, error.path]).toEqual([356, 'bones[1].modifiers[0].commonData.mode']);
  });

  it('writing a modifier of a class with no fields declared is refused, not written short', () => {
    const { resource } = readResourceAs(threeModifiers(), WILDLANDS);
    const record = resource.record as { bones: { modifiers: { classHash: number }[] }[] };
    record.bones[1]!.modifiers[0]!.classHash = 0x12345678;
    expect(() => writeResource(resource)).toThrow(/bones\[1\]\.modifiers\[0\]\.classHash: expected a classHash whose fields are known/);
  });
});
