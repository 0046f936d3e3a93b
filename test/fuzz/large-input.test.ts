/**
 * Large but well-formed input: the readers are linear, and what the commands do with the result
 * must be too, and must not depend on the call stack (spreading a per-bone array into Math.max
 * overflows it at about 125,000 arguments).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANVILNEXT_READING_DEFAULTS } from '../../src/formats/anvilnext/reading.js';
import { writeResource } from '../../src/formats/resource.js';
import { anvilnextRecordFromSkeleton } from '../../src/model/from-records.js';
import { buildSkeleton } from '../../src/model/build.js';
import { runCli } from '../helpers/cli.js';

const BONES = 150_000;
/** Bones of the file for `inspect --hex`, each with one word in its u32 array (4 count bytes outside every leaf field). */
const HEX_BONES = 5_000;
// A bound against a blow-up (a quadratic dump of 5,000 bones), not a speed target: the bench measures
// speed, and a shared machine takes several times the usual 1 s.
const HEX_BUDGET_MS = 15_000;
let dir: string;
let file: string;
let hexFile: string;

const UNEXPECTED = /anvil-skel:|Maximum call stack|\n\s+at /;

function chain(bones: number) {
  const skeleton = buildSkeleton({
    dialect: 'anvilnext',
    id: 0x3a1f_0000_0900_0000n,
    ownTransform: { position: [0, 0, 1, 0], rotation: [0, 0, 0, 1] },
    bones: Array.from({ length: bones }, (_, i) => ({
      nameHash: i,
      parent: i === 0 ? -1 : (i - 1) >> 1,
      local: { position: [0, 0, 0.01, 0], rotation: [0, 0, 0, 1] },
    })),
  });
  // The packed bone word holds 16 bits of index and of descendant count, and writing refuses more;
  // these stress files need only the bone count, so past 16 bits the stored values are kept small.
  return {
    ...skeleton,
    bones: skeleton.bones.map((b) => ({ ...b, storedIndex: b.storedIndex & 0xffff, descendants: Math.min(b.descendants, 0xffff) })),
  };
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'anvil-skel-fuzz-large-'));
  file = join(dir, 'large.Skeleton');
  writeFileSync(
    file,
    writeResource({
      kind: 'Skeleton',
      dialect: 'anvilnext',
      record: anvilnextRecordFromSkeleton(chain(BONES)),
      reading: ANVILNEXT_READING_DEFAULTS,
    }),
  );
  const record = anvilnextRecordFromSkeleton(chain(HEX_BONES));
  for (const bone of record.bones) bone.words = [1];
  hexFile = join(dir, 'words.Skeleton');
  writeFileSync(hexFile, writeResource({ kind: 'Skeleton', dialect: 'anvilnext', record, reading: ANVILNEXT_READING_DEFAULTS }));
}, 60_000);

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe(`a well-formed ${BONES.toLocaleString('en-US')}-bone Skeleton`, () => {
  it('validates and re-encodes byte for byte', async () => {
    // Past 65,535 bones the 16-bit stored index and descendant count wrap: the checks warn, rightly.
    const run = await runCli(['validate', '--roundtrip', file]);
    expect(run.stderr).not.toMatch(UNEXPECTED);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('1 valid');
  });

  it('inspects as JSON', async () => {
    const run = await runCli(['inspect', '--json', file]);
    // The wrapped 16-bit stored indices are Observed-check warnings, not errors.
    expect(run.stderr).not.toMatch(UNEXPECTED);
    expect(run.stderr).toContain('warning: check failed: stored-index (Observed)');
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout).boneCount).toBe(BONES);
  });

  // Failed while src/export/text.ts spread every row into Math.max to size its columns.
  it('inspects as a table', async () => {
    const run = await runCli(['inspect', file]);
    expect(run.stderr).not.toMatch(UNEXPECTED);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`${BONES} bones`);
  });
});

describe(`a well-formed ${HEX_BONES.toLocaleString('en-US')}-bone Skeleton whose bones carry u32 words`, () => {
  // Fails until src/export/hexdump.ts labels the bytes outside leaf fields in one sweep: it looks
  // for each such byte's innermost field among all spans, so time grows with the square of the size.
  it(`inspects --hex within ${HEX_BUDGET_MS} ms`, async () => {
    const started = performance.now();
    const run = await runCli(['inspect', '--hex', hexFile]);
    const ms = performance.now() - started;
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('bones[4999].words (count or tag)');
    expect(ms).toBeLessThan(HEX_BUDGET_MS);
  });
});
