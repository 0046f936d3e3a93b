/**
 * A modder's whole loop, as one test: an archive → `forge extract` → `export` → an edit in glTF
 * space (one bone moved, with glTF-Transform, as another program would) → `import` → `forge
 * replace`. The result must list as the original but for the rebuilt data file, hold the imported
 * body, keep every other data file's bytes, and hold every check the original held.
 */
import { mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WebIO } from '@gltf-transform/core';
import { afterAll, expect, it, vi } from 'vitest';
import { handArchive } from '../archive/forge-hand.js';
import { bikeEntry, componentEntry, filler, riderEntry } from '../archive/forge-fixtures.js';
import { runCli } from '../helpers/cli.js';

const dir = realpathSync(mkdtempSync(join(tmpdir(), 'anvil-modding-loop-')));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const at = (name: string): string => join(dir, name);
const LEFT_FORE_ARM = '0x89B93A80';

it('extract, export, move LeftForeArm in Blender-space, import, replace: only the rider changes', async () => {
  vi.stubEnv('ANVIL_SKEL_NAMES', '');
  const layout = handArchive([riderEntry(filler(300, 1)), bikeEntry(), componentEntry()], { version: 27, framing: 'unity' });
  writeFileSync(at('DataPC.forge'), layout.bytes);

  expect((await runCli(['forge', 'extract', at('DataPC.forge'), '-o', at('x')])).code).toBe(0);
  const riderFile = at('x/CHR_Rider.Skeleton/Rider.Skeleton');
  expect((await runCli(['export', riderFile, '-o', at('rider.glb')])).code).toBe(0);

  // The edit: LeftForeArm's node moved by (0.1, 0.2, −0.05) in glTF space.
  const io = new WebIO();
  const doc = await io.readBinary(new Uint8Array(readFileSync(at('rider.glb'))));
  const node = doc
    .getRoot()
    .listNodes()
    .find((n) => (n.getExtras() as { nameHash?: string }).nameHash === LEFT_FORE_ARM)!;
  const t = node.getTranslation();
  node.setTranslation([t[0] + 0.1, t[1] + 0.2, t[2] - 0.05]);
  writeFileSync(at('edited.glb'), await io.writeBinary(doc));

  const imported = await runCli(['import', riderFile, at('edited.glb'), '-o', at('Rider.edited.Skeleton'), '--json']);
  expect(imported.code).toBe(0);
  // One bone moved: the import reports the change, and the file is not the original.
  const importReport = JSON.parse(imported.stdout);
  expect(importReport.identical).toBe(false);
  expect(importReport.changes.length).toBeGreaterThan(0);

  const replace = await runCli([
    'forge',
    'replace',
    at('DataPC.forge'),
    at('Rider.edited.Skeleton'),
    '-o',
    at('DataPC.modded.forge'),
    '--json',
  ]);
  expect(replace.stderr).toBe('');
  expect(replace.code).toBe(0);
  const report = JSON.parse(replace.stdout);
  expect(report.replaced.map((r: { entry: number; resource: number }) => [r.entry, r.resource])).toEqual([[0, 0]]);
  const delta = report.rebuilt[0].newSize - report.rebuilt[0].oldSize;

  // forge list: the original's, but for the rider data file's size and the offsets after it.
  const before = JSON.parse((await runCli(['forge', 'list', at('DataPC.forge'), '--resources', '--json'])).stdout);
  const after = JSON.parse((await runCli(['forge', 'list', at('DataPC.modded.forge'), '--resources', '--json'])).stdout);
  before.archive = at('DataPC.modded.forge');
  before.entries[0].size += delta;
  before.entries[0].resources[0].size = readFileSync(at('Rider.edited.Skeleton')).length;
  for (const e of before.entries.slice(1)) {
    e.offset += delta;
    e.dataOffset += delta;
  }
  expect(after).toEqual(before);

  // The replaced body is the imported file; the other data files are the original's bytes.
  expect((await runCli(['forge', 'extract', at('DataPC.modded.forge'), '-o', at('y'), '--class', 'all'])).code).toBe(0);
  expect(Buffer.compare(readFileSync(at('y/CHR_Rider.Skeleton/Rider.Skeleton')), readFileSync(at('Rider.edited.Skeleton')))).toBe(0);
  const modded = readFileSync(at('DataPC.modded.forge'));
  for (const d of layout.dataFiles.slice(1)) {
    expect(
      Buffer.compare(
        modded.subarray(d.offset + delta, d.offset + delta + d.size),
        Buffer.from(layout.bytes.subarray(d.offset, d.offset + d.size)),
      ),
    ).toBe(0);
  }

  // Every check that held before holds.
  const census = async (path: string) =>
    JSON.parse((await runCli(['census', path, '--json'])).stdout).checks as Record<string, { held: number; failed: number }>;
  const checksBefore = await census(at('DataPC.forge'));
  const checksAfter = await census(at('DataPC.modded.forge'));
  for (const [id, { failed }] of Object.entries(checksBefore)) if (failed === 0) expect(checksAfter[id]!.failed, id).toBe(0);
  vi.unstubAllEnvs();
});
