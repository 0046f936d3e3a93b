/**
 * The Assembly tab of `view archive.forge`: the archive is listed by its tables, so the tab reads
 * the skeletal data files itself when it is first shown, and assembles the rider component from
 * its Skeletons anywhere in the archive as `assemble` does on the same archive (the command's own
 * JSON is the expectation).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';

import { join } from 'node:path';

import { describe, expect, it } from 'vitest';
import { handArchive, type HandEntry } from '../archive/forge-hand.js';
import { bikeEntry, COMPONENT, COMPONENT_BODY, filler, MESH, RIDER, SKELETON } from '../archive/forge-fixtures.js';
import { ROOT, type AssembleJson, viewOfWrittenFiles } from './harness.js';

const ADDONS = ['Head', 'UpperBody', 'LowerBody', 'Outfit', 'Hair'];
const addonBody = (name: string): Uint8Array =>
  new Uint8Array(readFileSync(join(ROOT, 'samples/anvilnext/addons', `MAD_CHR_SkelAddon_${name}.Skeleton`)));

/** A mesh first, then the component, the bike, the addons (out of the component's order) and the main Skeleton last. */
function entries(): HandEntry[] {
  return [
    { id: 0x44n, name: 'PROP_Crate.Mesh', type: MESH, resources: [{ classHash: MESH, id: 0xd1n, name: 'Crate', body: filler(2000, 2) }] },
    {
      id: 0x12n,
      name: 'CHR_Rider.SkeletonComponent',
      type: COMPONENT,
      resources: [{ classHash: COMPONENT, id: 0xc1n, name: 'RiderComponent', body: COMPONENT_BODY }],
    },
    bikeEntry(),
    ...[...ADDONS].reverse().map((name, i) => ({
      id: BigInt(0x20 + i),
      name: `CHR_Addon_${name}.Skeleton`,
      type: SKELETON,
      resources: [{ classHash: SKELETON, id: BigInt(0xe0 + i), name, body: addonBody(name) }],
    })),
    { id: 0x11n, name: 'CHR_Rider.Skeleton', type: SKELETON, resources: [{ classHash: SKELETON, id: 0xa1n, name: 'Rider', body: RIDER }] },
  ];
}

const fixture = viewOfWrittenFiles('anvil-view-assembly-', (dir) => {
  const path = join(dir, 'DataPC.forge');
  writeFileSync(path, handArchive(entries(), { version: 27 }).bytes);
  return [path];
});

describe('the Assembly tab of an archive listed by its tables', () => {
  it('reads the skeletal data files when first shown and assembles the rider as `assemble` does on the archive', async () => {
    // An archive's components are assembled from its own records (its folder is the test's own).
    const run = JSON.parse(
      execFileSync(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'assemble', '--json', fixture.paths[0]!], { cwd: ROOT }).toString(),
    ) as { components: AssembleJson[] };
    expect(run.components).toHaveLength(1);
    const expected = run.components[0]!;
    expect(expected.addons.map((a) => a.file !== null)).toEqual([true, true, true, true, true]);
    const page = await fixture.browser.newPage({ viewport: { width: 1400, height: 900 } });
    const entryRequests: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/entry/')) entryRequests.push(r.url());
    });
    await page.goto(fixture.view.url);
    await page.waitForFunction(() => document.body.dataset.listed !== undefined, undefined, { timeout: 60_000 });
    await page.click('#tab-assembly');
    const section = page.locator('#assembly-view section:has(h2:has-text("CHR_Rider.SkeletonComponent"))');
    await section.waitFor({ timeout: 60_000 });
    const totals = section.locator('.assembly-totals');
    expect(await totals.getAttribute('data-bones')).toBe(String(expected.boneCount));
    expect(await totals.getAttribute('data-added')).toBe(String(expected.added));
    expect(await totals.getAttribute('data-joined')).toBe(String(expected.joined));
    expect(await totals.getAttribute('data-missing')).toBe('0');
    expect(await section.locator('tr.addon-found').count()).toBe(5);
    expect(await section.locator('.assembly-main').textContent()).toContain('CHR_Rider.Skeleton');
    // Every skeletal data file was asked for (the mesh's was not): component, bike, five addons, main.
    expect(new Set(entryRequests.map((u) => u.replace(/.*\/api\/entry\/[^/]+\//, ''))).size).toBe(8);
    expect(entryRequests.some((u) => u.endsWith('/0'))).toBe(false);
    await page.close();
  }, 120_000);
});
