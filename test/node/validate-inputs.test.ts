/**
 * `validateInputs`, the node entry's `validate`: over the samples, an archive built by hand and a
 * missing path it gives, item for item, the `files` of `anvil-skel validate --json`, and the
 * archive's records under the addresses the test put them at.
 */
import { mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { validateInputs, type ValidateInputsOptions } from '../../src/node.js';
import type { FileValidation } from '../../src/index.js';
import { handArchive } from '../archive/forge-hand.js';
import { bikeEntry, componentEntry, filler, RIDER, SKELETON } from '../archive/forge-fixtures.js';
import { runCli } from '../helpers/cli.js';

const temp = realpathSync(mkdtempSync(join(tmpdir(), 'anvil-validate-inputs-')));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

const archive = join(temp, 'hand.forge');
writeFileSync(
  archive,
  handArchive(
    [
      bikeEntry(),
      componentEntry(),
      // The rider cut short: a refusal inside the archive, the rest still read.
      {
        id: 0x5555n,
        name: 'CHR_Short.Skeleton',
        type: SKELETON,
        resources: [{ classHash: SKELETON, id: 0xe1n, name: 'Short', body: RIDER.subarray(0, 200) }],
      },
    ],
    { version: 27 },
  ).bytes,
);
// Not an archive, not a resource: named on the command line, a failure.
const stray = join(temp, 'stray.bin');
writeFileSync(stray, filler(64));
const missing = join(temp, 'missing.Skeleton');

async function collect(paths: string[], options: ValidateInputsOptions = {}): Promise<FileValidation[]> {
  const items: FileValidation[] = [];
  for await (const item of validateInputs(paths, options)) items.push(item);
  return items;
}

describe('validateInputs', () => {
  const paths = ['samples', archive, stray, missing];

  it('gives the items validate --json prints', async () => {
    const run = await runCli(['validate', ...paths, '--json']);
    expect(run.code).toBe(1);
    const printed = JSON.parse(run.stdout) as { files: unknown[] };
    const items = await collect(paths);
    expect(JSON.parse(JSON.stringify(items))).toEqual(printed.files);
  });

  it('with --roundtrip and --strict too', async () => {
    const run = await runCli(['validate', ...paths, '--json', '--roundtrip', '--strict']);
    const items = await collect(paths, { roundtrip: true, strict: true });
    expect(JSON.parse(JSON.stringify(items))).toEqual((JSON.parse(run.stdout) as { files: unknown[] }).files);
  });

  it('puts the missing path first and the archive records at their addresses', async () => {
    const items = await collect(paths);
    expect(items[0]).toMatchObject({ file: missing, status: 'unreadable' });
    const inArchive = items.filter((item) => item.file.startsWith(`${archive}:`));
    expect(inArchive.map((item) => [item.file, item.status, item.kind])).toEqual([
      [`${archive}: entry 0 "CHR_Bike.Skeleton": resource 0 "Bike"`, 'valid', 'Skeleton'],
      [`${archive}: entry 0 "CHR_Bike.Skeleton": resource 1 "Skater"`, 'valid', 'Skeleton'],
      [`${archive}: entry 1 "CHR_Rider.SkeletonComponent": resource 0 "RiderComponent"`, 'valid', 'SkeletonComponent'],
      [`${archive}: entry 2 "CHR_Short.Skeleton": resource 0 "Short"`, 'refused', 'Skeleton'],
    ]);
    expect(items.find((item) => item.file === stray)).toMatchObject({ status: 'not-a-resource' });
  });

  it('tells of failed checks only when asked, and of progress per walked file', async () => {
    const progress: [number, number][] = [];
    const failures: string[] = [];
    await collect([archive, stray], {
      onProgress: (done, total) => progress.push([done, total]),
      onCheckFailures: (file) => failures.push(file),
    });
    expect(progress).toEqual([
      [1, 2],
      [2, 2],
    ]);
    expect(failures).toEqual([]);
  });
});
