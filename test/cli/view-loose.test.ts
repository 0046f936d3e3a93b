/**
 * `view` on a folder of loose files: the listing gives each file's name and size from the walk, a
 * stat and its header, and reads no body; the server reads a body when the page asks for it. Each
 * test changes the files after listing, so a listing that read the bodies up front would serve
 * the old bytes and fail.
 */
import { mkdtempSync, readFileSync, realpathSync, rmSync, unlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { listViewInputs, readListedFile, ListedFileError, startViewServer, type ViewListing, type ViewServer } from '../../src/node.js';
import { raw } from '../helpers/raw-http.js';

const SAMPLES = join(import.meta.dirname, '../../samples/anvilnext');
// The samples' sizes, from samples/README.md.
const RIDER = new Uint8Array(readFileSync(join(SAMPLES, 'MAD_CHR_Skel_U.Skeleton'))); // 4,095 bytes
const BIKE = new Uint8Array(readFileSync(join(SAMPLES, 'MAD_CHR_Skel_Bike_U.Skeleton'))); // 1,221 bytes
const COMPONENT = new Uint8Array(readFileSync(join(SAMPLES, 'MAD_CHR_Rider.SkeletonComponent'))); // 158 bytes

const temp = realpathSync(mkdtempSync(join(tmpdir(), 'anvil-view-loose-')));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

/** A whole second, so the time stamped on a file is the one read back to the millisecond. */
const STAMP = 1_767_225_600; // 2026-01-01T00:00:00Z
/** Writes `bytes` at `path` and stamps it with STAMP: rewritten so, a file keeps its listed size and time. */
function write(path: string, bytes: Uint8Array | string): void {
  writeFileSync(path, bytes);
  utimesSync(path, STAMP, STAMP);
}

let folderCount = 0;
/** A fresh folder holding the three samples and a text file, named so walk order is A, B, C, notes. */
function folder(): string {
  const dir = mkdtempSync(join(temp, `f${folderCount++}-`));
  write(join(dir, 'A.Skeleton'), RIDER);
  write(join(dir, 'B.Skeleton'), BIKE);
  write(join(dir, 'C.SkeletonComponent'), COMPONENT);
  write(join(dir, 'notes.txt'), 'not a resource');
  return dir;
}

let listing: ViewListing | undefined;
let server: ViewServer | undefined;
afterEach(async () => {
  await server?.close();
  await listing?.close();
  server = undefined;
  listing = undefined;
});

async function serve(dir: string): Promise<{ get: (path: string) => ReturnType<typeof raw>; url: string }> {
  listing = await listViewInputs([dir], { maxSize: 1 << 20 });
  server = await startViewServer({ port: 0, app: [], inputs: listing.inputs, archives: listing.archives, config: {} });
  const port = server.port;
  return { get: (path) => raw(port, `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`), url: server.url };
}

describe('view on a folder of loose files', () => {
  it('lists each resource by name and size with no body read, and lists the folder after its files are gone', async () => {
    const dir = folder();
    const listed = await listViewInputs([dir], { maxSize: 1 << 20 });
    listing = listed;
    expect(listed.inputs.map((i) => [i.name, i.bytes, i.file?.size])).toEqual([
      ['A.Skeleton', null, 4095],
      ['B.Skeleton', null, 1221],
      ['C.SkeletonComponent', null, 158],
    ]);
    // Every file removed after listing: nothing was read, so nothing is left to serve but errors.
    for (const name of ['A.Skeleton', 'B.Skeleton', 'C.SkeletonComponent']) unlinkSync(join(dir, name));
    server = await startViewServer({ port: 0, app: [], inputs: listed.inputs, config: {} });
    const port = server.port;
    const files = JSON.parse((await raw(port, `GET /api/inputs HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`)).body.toString()) as {
      files: { id: string; size: number | null }[];
    };
    expect(files.files.map((f) => [f.id, f.size])).toEqual([
      ['0', 4095],
      ['1', 1221],
      ['2', 158],
    ]);
    expect((await raw(port, `GET /api/input/0 HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`)).status).toBe(404);
  });

  it('serves /api/input/<id> read when asked, byte for byte, and /api/bytes all of them back to back', async () => {
    const dir = folder();
    const { get } = await serve(dir);
    // Rewritten after listing with other bytes of the same size and time: what is served is what is on disk now.
    const later = RIDER.map((b) => b ^ 0x5a);
    expect(listing!.inputs[0]!.file!.mtimeMs).toBe(STAMP * 1000);
    write(join(dir, 'A.Skeleton'), later);
    const a = await get('/api/input/0');
    expect(a.status).toBe(200);
    expect(Buffer.compare(a.body, later)).toBe(0);
    expect(Buffer.compare((await get('/api/input/1')).body, BIKE)).toBe(0);
    expect(Buffer.compare((await get('/api/input/2')).body, COMPONENT)).toBe(0);
    const all = await get('/api/bytes');
    expect(all.headers['content-length']).toBe(String(4095 + 1221 + 158));
    expect(Buffer.compare(all.body, Buffer.concat([later, BIKE, COMPONENT]))).toBe(0);
  });

  it('a file removed after listing answers 404, one rewritten 409, with the reason; the server goes on', async () => {
    const dir = folder();
    const { get } = await serve(dir);
    unlinkSync(join(dir, 'A.Skeleton'));
    writeFileSync(join(dir, 'B.Skeleton'), BIKE.subarray(0, 1000));
    const gone = await get('/api/input/0');
    expect(gone.status).toBe(404);
    expect(gone.body.toString()).toBe('no such file or directory\n');
    const changed = await get('/api/input/1');
    expect(changed.status).toBe(409);
    expect(changed.body.toString()).toBe('changed since it was listed\n');
    expect(Buffer.compare((await get('/api/input/2')).body, COMPONENT)).toBe(0);
    await expect(readListedFile(listing!.inputs[1]!.file!)).rejects.toBeInstanceOf(ListedFileError);
  });

  it('/api/bytes is cut short at a file that changed: the files before it whole, none after', async () => {
    const dir = folder();
    const { url } = await serve(dir);
    writeFileSync(join(dir, 'B.Skeleton'), BIKE.subarray(0, 1000));
    const answer = await fetch(`${url}api/bytes`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-length')).toBe(String(4095 + 1221 + 158));
    const reader = answer.body!.getReader();
    const got: Uint8Array[] = [];
    let cut = false;
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        got.push(value);
      }
    } catch {
      cut = true;
    }
    expect(cut).toBe(true);
    expect(Buffer.compare(Buffer.concat(got), RIDER)).toBe(0);
  });

  it('a named file that is not a resource is listed by its size and read when asked', async () => {
    const dir = folder();
    const named = join(dir, 'notes.txt');
    listing = await listViewInputs([named], { maxSize: 1 << 20 });
    expect(listing.inputs.map((i) => [i.name, i.bytes, i.file?.size])).toEqual([[named, null, 14]]);
    write(named, 'other content!'); // the same 14 bytes long
    expect(Buffer.from(await readListedFile(listing.inputs[0]!.file!)).toString()).toBe('other content!');
  });
});
