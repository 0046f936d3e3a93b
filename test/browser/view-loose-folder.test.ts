/**
 * `view DIR` on the inventory corpus (1,805 loose resources, written here by the library's
 * generator): the server lists the folder without reading a body, so the Files panel shows its
 * first row while no body has been served (the page's one answer of every body is held back by the
 * test); once let through, the rows fill in, and a file the test removed after listing says it
 * could not be fetched.
 */
import { mkdirSync, unlinkSync, writeFileSync } from 'node:fs';

import { dirname, join } from 'node:path';

import { describe, expect, it } from 'vitest';
import { inventoryCorpus, inventoryFileCount } from '../../src/samples.js';
import { viewOfWrittenFiles } from './harness.js';

const fixture = viewOfWrittenFiles('anvil-view-loose-', (dir) => {
  for (const file of inventoryCorpus()) {
    mkdirSync(dirname(join(dir, file.path)), { recursive: true });
    writeFileSync(join(dir, file.path), file.bytes);
  }
  return [dir];
});

describe('view on a loose folder of the inventory corpus', () => {
  it('shows the first row before any body is served; rows fill in after, and a file removed since listing says so', async () => {
    const names = [...fixture.view.ids.keys()];
    expect(names).toHaveLength(inventoryFileCount());
    // The last file of the list removed after the server listed it: a server that had read it up front would still serve it.
    const removed = names.at(-1)!;
    unlinkSync(join(fixture.dir, removed));

    const page = await fixture.browser.newPage({ viewport: { width: 1400, height: 900 } });
    const served: string[] = [];
    page.on('response', (r) => {
      if (/\/api\/(bytes|input\/)/.test(r.url())) served.push(r.url());
    });
    let release: () => void = () => {};
    const released = new Promise<void>((go) => (release = go));
    await page.route('**/api/bytes', async (route) => {
      await released;
      await route.continue();
    });
    await page.goto(fixture.view.url);
    await page.waitForSelector('#file-list li:not([hidden]) .file-name', { timeout: 60_000 });
    // The first row is drawn, named as the walk found it, and not one body has reached the page.
    const first = await page.$$eval('#file-list li:not([hidden]) .file-name', (n) => n.map((e) => e.textContent ?? ''));
    expect(first[0]).toBe(names[0]);
    expect(served).toEqual([]);
    expect(await page.getAttribute('body', 'data-ready')).toBeNull();

    release();
    await page.waitForSelector('body[data-ready="true"]', { timeout: 120_000 });
    // Filled in from the bytes that arrived: the first row's meta names its layout (found by the filter: the list scrolls to the rig shown).
    await page.fill('#file-filter', names[0]!);
    const firstMeta = await page.waitForSelector(`#file-list li[data-id="${fixture.view.ids.get(names[0]!)!}"] .file-meta`);
    expect(await firstMeta.textContent()).toMatch(/anvilnext|scimitar/);
    // The removed file: the streamed answer stopped at it, it was asked for alone, and the server said it is gone.
    await page.fill('#file-filter', removed);
    const meta = await page.waitForSelector(`#file-list li[data-id="${fixture.view.ids.get(removed)!}"] .file-meta`);
    expect(await meta.textContent()).toContain('could not be fetched: the server answered 404 (no such file or directory)');
    await page.close();
  }, 180_000);
});
