/**
 * The Assembly tab of `view archive.forge` on an archive of more skeletal entries than the page's
 * body cache holds: the rider component, its main Skeleton and five addons, and 150 copies of the
 * bike no component names. The tab reads every skeletal data file but keeps only the component
 * and the six Skeletons it names, the cache stays within its bound, and the rider is assembled as
 * `assemble` assembles it on the same archive (the command's own JSON is the expectation).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';

import { join } from 'node:path';

import { describe, expect, it } from 'vitest';
import { handArchive, type HandEntry } from '../archive/forge-hand.js';
import { BIKE, COMPONENT, COMPONENT_BODY, RIDER, SKELETON } from '../archive/forge-fixtures.js';
import { BODY_CACHE } from '../../viewer/archive-listing.js';
import { ROOT, type AssembleJson, viewOfWrittenFiles } from './harness.js';

const ADDONS = ['Head', 'UpperBody', 'LowerBody', 'Outfit', 'Hair'];
const BIKES = 150;
const addonBody = (name: string): Uint8Array =>
  new Uint8Array(readFileSync(join(ROOT, 'samples/anvilnext/addons', `MAD_CHR_SkelAddon_${name}.Skeleton`)));

/** The component first, then 150 bikes, the addons, and the main Skeleton last. */
function entries(): HandEntry[] {
  const skeleton = (id: bigint, name: string, body: Uint8Array, resourceId: bigint): HandEntry => ({
    id,
    name,
    type: SKELETON,
    resources: [{ classHash: SKELETON, id: resourceId, name: name.replace('.Skeleton', ''), body }],
  });
  return [
    {
      id: 0x12n,
      name: 'CHR_Rider.SkeletonComponent',
      type: COMPONENT,
      resources: [{ classHash: COMPONENT, id: 0xc1n, name: 'RiderComponent', body: COMPONENT_BODY }],
    },
    ...Array.from({ length: BIKES }, (_, k) => skeleton(0x1000n + BigInt(k), `CHR_Bike_${k}.Skeleton`, BIKE, 0x2000n + BigInt(k))),
    ...ADDONS.map((name, i) => skeleton(BigInt(0x20 + i), `CHR_Addon_${name}.Skeleton`, addonBody(name), BigInt(0xe0 + i))),
    skeleton(0x11n, 'CHR_Rider.Skeleton', RIDER, 0xa1n),
  ];
}

const fixture = viewOfWrittenFiles('anvil-view-assembly-bounded-', (dir) => {
  const path = join(dir, 'DataPC.forge');
  writeFileSync(path, handArchive(entries(), { version: 27 }).bytes);
  return [path];
});

describe('the Assembly tab on an archive of more Skeletons than the cache holds', () => {
  it('keeps only the component and the Skeletons it names, the cache bounded, and assembles the rider as `assemble` does', async () => {
    const run = JSON.parse(
      execFileSync(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'assemble', '--json', fixture.paths[0]!], { cwd: ROOT }).toString(),
    ) as { components: AssembleJson[] };
    expect(run.components).toHaveLength(1);
    const expected = run.components[0]!;
    const page = await fixture.browser.newPage({ viewport: { width: 1400, height: 900 } });
    await page.goto(fixture.view.url);
    await page.waitForSelector('body[data-ready="true"]', { timeout: 60_000 });
    await page.click('#tab-assembly');
    const section = page.locator('#assembly-view section:has(h2:has-text("CHR_Rider.SkeletonComponent"))');
    await section.waitFor({ timeout: 120_000 });
    const totals = section.locator('.assembly-totals');
    expect(await totals.getAttribute('data-bones')).toBe(String(expected.boneCount));
    expect(await totals.getAttribute('data-added')).toBe(String(expected.added));
    expect(await totals.getAttribute('data-joined')).toBe(String(expected.joined));
    expect(await totals.getAttribute('data-missing')).toBe(String(expected.missing.length));
    expect(await section.locator('tr.addon-found').count()).toBe(5);
    // 157 skeletal records read: held for assembly, the component, its main Skeleton and five addons; the cache within its bound.
    expect(await page.getAttribute('body', 'data-assembly-bodies')).toBe('7');
    expect(Number(await page.getAttribute('body', 'data-cached-bodies'))).toBeLessThanOrEqual(BODY_CACHE);
    await page.close();
  }, 180_000);
});
