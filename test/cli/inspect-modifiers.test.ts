/**
 * `inspect` shows a Wildlands bone's BoneModifiers: in the JSON contract (a `modifiers` array per
 * bone), in the text summary, and in the annotated hex dump (spans from the declarations).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { BONE0, BONE1, common, ORIENTATION_CONSTRAINT, ROLL, run, skeletonWith, TARGET } from '../helpers/wildlands-modifier-fixtures.js';

/** Bone 1: a Roll (factor 0.5, source bone 0), then an OrientationConstraint with two targets. */
const bytes = skeletonWith(2, (b) => {
  common(b, 0x201n, ROLL, 0.75, -1, 1);
  b.f32(0.5).u8(2).u64(BONE0);
  common(b, 0x202n, ORIENTATION_CONSTRAINT, 0.5, 2, 0);
  b.u32(2);
  b.u8(0).u64(0x301n).u32(TARGET).u8(2).u64(BONE0).f32(0.25);
  b.u8(0).u64(0x302n).u32(TARGET).u8(2).u64(BONE1).f32(0.75);
  b.u8(1).u8(...run(16, 0xa0));
});
const file = join(mkdtempSync(join(tmpdir(), 'inspect-modifiers-')), 'wildlands.Skeleton');
writeFileSync(file, bytes);

const hexId = (id: bigint) => `0x${id.toString(16).toUpperCase().padStart(16, '0')}`;

describe('inspect of a Wildlands Skeleton whose bone carries modifiers', () => {
  it('--json lists each bone modifiers, class named, common fields apart, pointers with the bone they name', async () => {
    const result = await runCli(['inspect', '--json', file]);
    expect(result.code).toBe(0);
    const json = JSON.parse(result.stdout);
    expect(json.dialect).toBe('anvilnext/wildlands');
    expect(json.bones[0].modifiers).toEqual([]);
    // The keys the contract had are all still there.
    for (const key of ['index', 'id', 'nameHash', 'name', 'parent', 'mirror', 'localPosition', 'descendants', 'storedIndex'])
      expect(json.bones[1]).toHaveProperty(key);
    const [roll, constraint] = json.bones[1].modifiers;
    expect(roll).toEqual({
      class: 'Roll',
      classHash: '0x76D082F6',
      id: hexId(0x201n),
      common: { tag: 0, owner: { id: hexId(BONE1), bone: 1 }, blendWeight: 0.75, lodLimit: -1, useModifiedBoneMatrix: 1 },
      fields: { rollFactor: 0.5, rollSource: { id: hexId(BONE0), bone: 0 } },
    });
    expect(constraint.class).toBe('OrientationConstraint');
    expect(constraint.common.lodLimit).toBe(2);
    expect(constraint.fields).toEqual({
      targets: [
        { id: hexId(0x301n), bone: { id: hexId(BONE0), bone: 0 }, weight: 0.25 },
        { id: hexId(0x302n), bone: { id: hexId(BONE1), bone: 1 }, weight: 0.75 },
      ],
      keepInitialOffset: 1,
      offset: 'A0A1A2A3A4A5A6A7A8A9AAABACADAEAF',
    });
  });

  it('the text summary lists the modifiers under the bone table', async () => {
    const result = await runCli(['inspect', file]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('bone modifiers (2):');
    expect(result.stdout).toMatch(
      /1 0x[0-9A-F]{8}: Roll \(0x76D082F6\) id 0x0000000000000201; tag 0, owner → bone 1, blendWeight 0\.75, lodLimit -1/,
    );
    expect(result.stdout).toContain('rollFactor 0.5, rollSource → bone 0');
    expect(result.stdout).toContain(
      'targets [{id 0x0000000000000301, bone → bone 0, weight 0.25}; {id 0x0000000000000302, bone → bone 1, weight 0.75}]',
    );
  });

  it('--hex annotates the modifier fields with their paths', async () => {
    const result = await runCli(['inspect', '--hex', file]);
    expect(result.code).toBe(0);
    for (const path of ['bones[1].modifiers[0].classHash', 'bones[1].modifiers[0].rollSource', 'bones[1].modifiers[1].targets[1].weight'])
      expect(result.stdout).toContain(path);
  });
});
