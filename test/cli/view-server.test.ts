/**
 * The viewer's server, over raw sockets so nothing normalises the requests: loopback only, the
 * listed URLs only, no bodies, no foreign Host, and the security headers on every answer.
 */
import { networkInterfaces } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startViewServer, type ViewServer } from '../../src/cli/view-server.js';
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
