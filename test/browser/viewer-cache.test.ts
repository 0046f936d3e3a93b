/**
 * The bounded cache of the bodies read from a listed archive (viewer/archive-listing.ts), against
 * a server answer written here: past its capacity the least recently used body is let go, and read
 * again from the server when it is next asked for. Runs in Node, `fetch` answered by the test.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ArchiveEntries, BODY_CACHE, type ListedArchive } from '../../viewer/archive-listing.js';

const archive: ListedArchive = {
  id: '0',
  name: 'DataPC.forge',
  archive: '0',
  archiveName: 'DataPC.forge',
  note: null,
  refusals: [],
  entries: [0, 1, 2].map((number) => ({ number, name: `E${number}`, type: 0x24aecb7c, size: 100, skeletal: true })),
};

/** Entry n's one record: the bytes n, n+1, n+2 (base64 of them), so each body is told apart. */
const body = (n: number): number[] => [n, n + 1, n + 2];

afterEach(() => vi.unstubAllGlobals());

describe('the bodies of a listed archive', () => {
  it('holds at most its capacity; the least recently used goes first and is fetched again when asked for', async () => {
    const asked: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      asked.push(url);
      const n = Number(/\/(\d+)$/.exec(url)![1]);
      const records = [
        { index: 0, name: `r${n}`, classHash: 0x24aecb7c, size: 3, note: null, body: Buffer.from(body(n)).toString('base64') },
      ];
      return new Response(JSON.stringify({ note: null, refused: false, records }));
    });
    expect(BODY_CACHE).toBe(64);
    const loads = new ArchiveEntries(2);
    const [a, b, c] = [await loads.load(archive, 0), await loads.load(archive, 1), await loads.load(archive, 2)];
    expect(asked).toEqual(['api/entry/0/0', 'api/entry/0/1', 'api/entry/0/2']);
    // Three bodies read, two held: the first one read is let go.
    expect(loads.heldCount).toBe(2);
    expect(a.resources[0]!.bytes).toBeNull();
    expect([...b.resources[0]!.bytes!]).toEqual(body(1));
    expect([...c.resources[0]!.bytes!]).toEqual(body(2));
    // Asked for again: read from the server, and now the second (least recently used) goes.
    expect([...(await loads.bytes(a.resources[0]!))!]).toEqual(body(0));
    expect(asked).toHaveLength(4);
    expect(b.resources[0]!.bytes).toBeNull();
    expect(loads.heldCount).toBe(2);
    // Held bodies are not fetched again; a load done is not asked again either.
    expect([...(await loads.bytes(c.resources[0]!))!]).toEqual(body(2));
    await loads.load(archive, 1);
    expect(asked).toHaveLength(4);
    expect(loads.requests).toBe(4);
  });
});
