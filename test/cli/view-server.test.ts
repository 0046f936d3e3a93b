/**
 * The viewer's server, over raw sockets so nothing normalises the requests: loopback only, the
 * listed URLs only, no bodies, no foreign Host, and the security headers on every answer.
 */
import { mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startViewServer, type ViewServer } from '../../src/node.js';
import { raw, type Answer } from '../helpers/raw-http.js';

const INPUT = new Uint8Array([0xde, 0xad, 0xbe, 0xef, 1, 2, 3]);
let server: ViewServer;
const get = (path: string, host = `127.0.0.1:${server.port}`): Promise<Answer> =>
  raw(server.port, `GET ${path} HTTP/1.1\r\nHost: ${host}\r\n\r\n`);

beforeAll(async () => {
  server = await startViewServer({
    port: 0,
    app: [
      { path: '/index.html', type: 'text/html; charset=utf-8', body: Buffer.from('<!doctype html><p>app</p>') },
      { path: '/app.js', type: 'text/javascript; charset=utf-8', body: Buffer.from('export {};') },
    ],
    inputs: [
      { name: 'rigs/secret-folder/A.Skeleton', bytes: INPUT },
      { name: 'B.Skeleton', bytes: null, note: 'larger than the limit' },
    ],
    config: { names: ['Hips'] },
  });
});
afterAll(async () => {
  await server.close();
});

describe('view server', () => {
  it('listens on 127.0.0.1 only', () => {
    expect(server.url).toBe(`http://127.0.0.1:${server.port}/`);
  });

  it('is not reachable on any other address of the machine', async () => {
    const others = Object.values(networkInterfaces())
      .flat()
      .filter((a) => a !== undefined && a.family === 'IPv4' && !a.internal)
      .map((a) => a!.address);
    for (const address of others)
      await expect(raw(server.port, 'GET / HTTP/1.1\r\nHost: x\r\n\r\n', address)).rejects.toThrow(/ECONNREFUSED/);
  });

  it('serves the app at / with a strict CSP and nosniff', async () => {
    const answer = await get('/');
    expect(answer.status).toBe(200);
    expect(answer.body.toString()).toContain('<p>app</p>');
    const csp = answer.headers['content-security-policy']!;
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/unsafe-(eval|inline)/);
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
  });

  it('lists the inputs by opaque id and serves their exact bytes', async () => {
    const listing = JSON.parse((await get('/api/inputs')).body.toString()) as {
      files: { id: string; name: string; size: number | null }[];
      names: string[];
    };
    expect(listing.files).toEqual([
      { id: '0', name: 'rigs/secret-folder/A.Skeleton', size: 7, note: null },
      { id: '1', name: 'B.Skeleton', size: null, note: 'larger than the limit' },
    ]);
    expect(listing.names).toEqual(['Hips']);
    const bytes = await get('/api/input/0');
    expect(bytes.status).toBe(200);
    expect([...bytes.body]).toEqual([...INPUT]);
    expect((await get('/api/input/1')).status).toBe(404); // listed, but not read
  });

  it('serves every input with bytes at once as /api/bytes: back to back in list order, none for an input not read', async () => {
    // Three inputs of 1 MiB, 0 and 3 bytes around one not read: larger than a socket takes at once, so the pieces wait for each other.
    const big = Uint8Array.from({ length: 1 << 20 }, (_, i) => (i * 31 + 7) & 0xff);
    const many = await startViewServer({
      port: 0,
      app: [],
      inputs: [
        { name: 'big.Skeleton', bytes: big },
        { name: 'unread.Skeleton', bytes: null, note: 'larger than the limit' },
        { name: 'empty.Skeleton', bytes: new Uint8Array(0) },
        { name: 'small.Skeleton', bytes: new Uint8Array([9, 8, 7]) },
      ],
      config: {},
    });
    try {
      const answer = await raw(many.port, `GET /api/bytes HTTP/1.1\r\nHost: 127.0.0.1:${many.port}\r\n\r\n`);
      expect(answer.status).toBe(200);
      expect(answer.headers['content-length']).toBe(String((1 << 20) + 3));
      expect(answer.body.length).toBe((1 << 20) + 3);
      expect(Buffer.compare(answer.body.subarray(0, 1 << 20), big)).toBe(0);
      expect([...answer.body.subarray(1 << 20)]).toEqual([9, 8, 7]);
    } finally {
      await many.close();
    }
    const one = await get('/api/bytes');
    expect([...one.body]).toEqual([...INPUT]);
    const head = await raw(server.port, `HEAD /api/bytes HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\n\r\n`);
    expect(head.headers['content-length']).toBe('7');
    expect(head.body.length).toBe(0);
  });

  it.each([
    '/../package.json',
    '/%2e%2e/package.json',
    '/%2E%2E%2Fpackage.json',
    '/api/input/../../../etc/passwd',
    '/api/input/0/../../etc/passwd',
    '/api/input/%2e%2e%2f%2e%2e%2fetc%2fpasswd',
    '/..%5c..%5cetc%5cpasswd',
    '//etc/passwd',
    '/etc/passwd',
    '/rigs/secret-folder/A.Skeleton',
    '/api/input/2',
    '/api/input/00',
    'http://127.0.0.1/etc/passwd',
    '*',
  ])('answers 404 to %s', async (path) => {
    const answer = await get(path);
    expect(answer.status).toBe(404);
    expect(answer.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('refuses a Host header other than the loopback name and port (DNS rebinding)', async () => {
    expect((await get('/', 'evil.example')).status).toBe(421);
    expect((await get('/', `evil.example:${server.port}`)).status).toBe(421);
    expect((await get('/', `127.0.0.1:${server.port + 1}`)).status).toBe(421);
    expect((await raw(server.port, 'GET / HTTP/1.0\r\n\r\n')).status).toBe(421);
    expect((await get('/', `localhost:${server.port}`)).status).toBe(200);
  });

  it('refuses other methods and request bodies', async () => {
    const host = `127.0.0.1:${server.port}`;
    expect((await raw(server.port, `POST /api/inputs HTTP/1.1\r\nHost: ${host}\r\nContent-Length: 2\r\n\r\nhi`)).status).toBe(405);
    expect((await raw(server.port, `PUT /x HTTP/1.1\r\nHost: ${host}\r\nContent-Length: 0\r\n\r\n`)).status).toBe(405);
    expect((await raw(server.port, `GET / HTTP/1.1\r\nHost: ${host}\r\nContent-Length: 5\r\n\r\nhello`)).status).toBe(413);
    expect(
      (await raw(server.port, `GET / HTTP/1.1\r\nHost: ${host}\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n0\r\n\r\n`)).status,
    ).toBe(413);
    const head = await raw(server.port, `HEAD /api/input/0 HTTP/1.1\r\nHost: ${host}\r\n\r\n`);
    expect(head.status).toBe(200);
    expect(head.headers['content-length']).toBe('7');
  });
});

describe('the archives of placed records, by byte ranges', () => {
  // 3 MiB of a pattern: more than a socket takes at once, so a range streams in pieces.
  const ARCHIVE = Uint8Array.from({ length: 3 << 20 }, (_, i) => (i * 7 + (i >> 11)) & 0xff);
  let dir: string;
  let path: string;
  let ranged: ViewServer;
  const at = (request: string): Promise<Answer> => raw(ranged.port, request.replace('HOST', `127.0.0.1:${ranged.port}`));
  const range = (value: string): Promise<Answer> => at(`GET /api/archive/0 HTTP/1.1\r\nHost: HOST\r\nRange: ${value}\r\n\r\n`);

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'anvil-view-range-'));
    path = join(dir, 'DataPC.forge');
    writeFileSync(path, ARCHIVE);
    ranged = await startViewServer({
      port: 0,
      app: [],
      inputs: [
        { name: 'DataPC.forge: entry 2 "Rider": resource 1 "Rider"', bytes: INPUT, archive: path, place: { entry: 2, resource: 1 } },
        { name: 'DataPC.forge: entry 3 "Bike"', bytes: null, note: 'refused at …', refused: true, archive: path },
        { name: 'Other.forge', bytes: null, note: 'refused at …', refused: true, archive: join(dir, 'Other.forge') },
        { name: 'A.Skeleton', bytes: INPUT },
      ],
      config: {},
    });
  });
  afterAll(async () => {
    await ranged.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('the listing gives a placed record its archive id, the archive file name and its place; nothing else gets one', async () => {
    const listing = JSON.parse((await at('GET /api/inputs HTTP/1.1\r\nHost: HOST\r\n\r\n')).body.toString()) as {
      files: { origin?: unknown }[];
    };
    expect(listing.files.map((f) => f.origin)).toEqual([
      { archive: '0', archiveName: 'DataPC.forge', entry: 2, resource: 1 },
      undefined,
      undefined,
      undefined,
    ]);
    // Only the archive of a placed record is served: an archive that only refused is not.
    expect((await at('GET /api/archive/1 HTTP/1.1\r\nHost: HOST\r\n\r\n')).status).toBe(404);
  });

  it('answers one range with 206, its exact bytes and Content-Range; the last n bytes; past the end 416', async () => {
    const middle = await range('bytes=1000000-3000000');
    expect(middle.status).toBe(206);
    expect(middle.headers['content-range']).toBe(`bytes 1000000-3000000/${3 << 20}`);
    expect(middle.headers['content-length']).toBe('2000001');
    expect(Buffer.compare(middle.body, ARCHIVE.subarray(1000000, 3000001))).toBe(0);
    const tail = await range('bytes=-5');
    expect(tail.status).toBe(206);
    expect([...tail.body]).toEqual([...ARCHIVE.subarray((3 << 20) - 5)]);
    // An end past the file is cut at its last byte.
    const over = await range(`bytes=${(3 << 20) - 2}-99999999999`);
    expect(over.headers['content-range']).toBe(`bytes ${(3 << 20) - 2}-${(3 << 20) - 1}/${3 << 20}`);
    expect(over.body.length).toBe(2);
    const past = await range(`bytes=${3 << 20}-`);
    expect(past.status).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${3 << 20}`);
    expect(past.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('without a range (or one it does not read) the whole file, streamed; HEAD gives the size and says ranges are taken', async () => {
    const whole = await at('GET /api/archive/0 HTTP/1.1\r\nHost: HOST\r\n\r\n');
    expect(whole.status).toBe(200);
    expect(Buffer.compare(whole.body, ARCHIVE)).toBe(0);
    expect((await range('bytes=0-1,5-6')).status).toBe(200);
    const head = await at('HEAD /api/archive/0 HTTP/1.1\r\nHost: HOST\r\n\r\n');
    expect(head.status).toBe(200);
    expect(head.headers['content-length']).toBe(String(3 << 20));
    expect(head.headers['accept-ranges']).toBe('bytes');
    expect(head.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('the archive gone from disk: 404, and the server still answers', async () => {
    const moved = join(dir, 'moved.forge');
    renameSync(path, moved);
    try {
      expect((await range('bytes=0-9')).status).toBe(404);
      expect((await at('GET /api/input/0 HTTP/1.1\r\nHost: HOST\r\n\r\n')).status).toBe(200);
    } finally {
      renameSync(moved, path);
    }
    expect([...(await range('bytes=0-3')).body]).toEqual([...ARCHIVE.subarray(0, 4)]);
  });
});
