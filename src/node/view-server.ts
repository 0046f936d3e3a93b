/**
 * The viewer's HTTP server: the app's own files and the inputs listed (listViewInputs), on the
 * loopback address only. Nothing is found from a request's path: each URL is looked up in a table
 * built at start, so `..`, encoded traversal and absolute paths are simply not in it (404).
 */
import { open } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { basename } from 'node:path';
import { ListedFileError, readListedFile, type ListedFile, type ViewArchive, type ViewEntryRead, type ViewInput } from './view-listing.js';

/** One file of the app itself: its URL path, type and content. */
export interface AppFile {
  /** Its URL path, `/app.js`. */
  path: string;
  /** Its Content-Type. */
  type: string;
  body: Uint8Array;
}

/** What {@link startViewServer} serves, and where. */
export interface ViewServerOptions {
  /** The port to listen on; 0 picks a free one. */
  port: number;
  /** The app's files (index.html served at `/` too). */
  app: readonly AppFile[];
  /**
   * The inputs, served as `/api/input/<index>`, and all at once as `/api/bytes`; each archive a
   * placed record came from is served by byte ranges as `/api/archive/<k>`, which the listing names.
   */
  inputs: readonly ViewInput[];
  /** Archives listed by their tables, in `/api/inputs` as `archives`; each served as `/api/archive/<k>` after those of the inputs' records. */
  archives?: readonly ViewArchive[];
  /** What `/api/inputs` says besides the list: extra bone names and read options. */
  config: Record<string, unknown>;
}

/** A running viewer server. */
export interface ViewServer {
  /** `http://127.0.0.1:<port>/`. */
  url: string;
  /** The port it listens on (the one chosen, for port 0). */
  port: number;
  /** Stops listening and drops every connection. */
  close(): Promise<void>;
}

/** The only address the viewer listens on: the page reads local files, so it is never on a network. */
export const VIEW_HOST = '127.0.0.1';

/** Scripts and styles only from the app's own files; no eval, no inline script, no plugins, no framing. */
export const VIEW_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

const SECURITY_HEADERS: Record<string, string> = {
  'Content-Security-Policy': VIEW_CSP,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'X-Frame-Options': 'DENY',
  'Cache-Control': 'no-store',
};

/** A piece of an answer: bytes held, or a listed file read from disk when the piece is written. */
type Piece = Uint8Array | ListedFile;

const pieceSize = (piece: Piece): number => (piece instanceof Uint8Array ? piece.length : piece.size);

interface Route {
  type: string;
  /** The answer's body, in one piece or in pieces written one after the other. */
  pieces: readonly Piece[];
  /** A file served from disk by byte ranges instead (an archive's path). */
  archive?: string;
}

function send(res: ServerResponse, status: number, type: string, body: Uint8Array | readonly Uint8Array[] | string, head: boolean): void {
  const pieces = typeof body === 'string' ? [Buffer.from(body, 'utf8')] : body instanceof Uint8Array ? [body] : body;
  const length = pieces.reduce((sum, piece) => sum + piece.length, 0);
  res.writeHead(status, { ...SECURITY_HEADERS, 'Content-Type': type, 'Content-Length': String(length) });
  if (head) {
    res.end();
    return;
  }
  // Piece by piece, each when the socket has taken the last: the pieces are never copied into one.
  let next = 0;
  const write = (): void => {
    while (next < pieces.length) if (!res.write(pieces[next++]!)) return void res.once('drain', write);
    res.end();
  };
  write();
}

/** The answer to a listed file that cannot be read as listed: 409 when it changed, 404 when it is gone or unreadable. */
function sendListedFileError(res: ServerResponse, error: unknown, head: boolean): void {
  const changed = error instanceof ListedFileError && error.changed;
  const reason = error instanceof ListedFileError ? error.reason : (error as Error).message;
  send(res, changed ? 409 : 404, 'text/plain; charset=utf-8', `${reason}\n`, head);
}

/**
 * Answers with a route's pieces, a listed file read only when its turn comes, so the first bytes go
 * out before the last file is read and no more than one file is held at a time. A route of one
 * listed file is read before the status is sent: changed or gone, it answers an error. In a longer
 * answer (the listing's sizes set its length) such a file cuts it short there: the page reads the
 * files after it one by one, and each says its own error.
 */
async function sendPieces(res: ServerResponse, type: string, pieces: readonly Piece[], head: boolean): Promise<void> {
  if (pieces.length === 1 && !(pieces[0] instanceof Uint8Array)) {
    let bytes;
    try {
      bytes = await readListedFile(pieces[0]!);
    } catch (error) {
      sendListedFileError(res, error, head);
      return;
    }
    send(res, 200, type, bytes, head);
    return;
  }
  if (pieces.every((piece) => piece instanceof Uint8Array)) {
    send(res, 200, type, pieces as readonly Uint8Array[], head);
    return;
  }
  const length = pieces.reduce((sum, piece) => sum + pieceSize(piece), 0);
  res.writeHead(200, { ...SECURITY_HEADERS, 'Content-Type': type, 'Content-Length': String(length) });
  if (head) {
    res.end();
    return;
  }
  for (const piece of pieces) {
    let bytes: Uint8Array;
    try {
      bytes = piece instanceof Uint8Array ? piece : await readListedFile(piece);
    } catch {
      res.destroy();
      return;
    }
    if (res.destroyed) return;
    if (!res.write(bytes)) await new Promise<void>((taken) => res.once('drain', taken).once('close', taken));
  }
  res.end();
}

/**
 * The byte range a `Range` header asks of a file of `size` bytes: [start, end] inclusive; null
 * when the header is absent or not one range of bytes (ignored, as HTTP lets a server do: the whole
 * file is sent); `unsatisfiable` when it is one range that starts past the end.
 */
export function byteRange(header: string | undefined, size: number): [number, number] | null | 'unsatisfiable' {
  const m = header === undefined ? null : /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (m === null || (m[1] === '' && m[2] === '')) return null;
  if (m[1] === '') {
    // The last n bytes.
    const n = Number(m[2]);
    return n === 0 || size === 0 ? 'unsatisfiable' : [Math.max(0, size - n), size - 1];
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (m[2] !== '' && Number(m[2]) < start) return null;
  return start >= size ? 'unsatisfiable' : [start, end];
}

/**
 * Answers with the file at `path`, or the one range of it the request asks for (206), streamed
 * from disk a chunk at a time: an archive of many gigabytes is never held. The file is opened per
 * request, so its size is the one it has now (Content-Range says it); gone or unreadable: 404.
 */
async function sendRange(req: IncomingMessage, res: ServerResponse, path: string, head: boolean): Promise<void> {
  let handle;
  let size;
  try {
    handle = await open(path, 'r');
    const info = await handle.stat();
    if (!info.isFile()) throw new Error('not a regular file');
    size = info.size;
  } catch {
    await handle?.close();
    send(res, 404, 'text/plain; charset=utf-8', 'the archive can no longer be read\n', head);
    return;
  }
  const range = byteRange(req.headers.range, size);
  if (range === 'unsatisfiable') {
    await handle.close();
    res.setHeader('Content-Range', `bytes */${size}`);
    send(res, 416, 'text/plain; charset=utf-8', 'range not satisfiable\n', head);
    return;
  }
  const [start, end] = range ?? [0, size - 1];
  res.writeHead(range === null ? 200 : 206, {
    ...SECURITY_HEADERS,
    'Content-Type': 'application/octet-stream',
    'Content-Length': String(end - start + 1),
    'Accept-Ranges': 'bytes',
    ...(range === null ? {} : { 'Content-Range': `bytes ${start}-${end}/${size}` }),
  });
  if (head || end < start) {
    await handle.close();
    res.end();
    return;
  }
  const stream = handle.createReadStream({ start, end });
  // A read that fails halfway cannot change the status sent: the answer is cut, and the page sees it short.
  stream.on('error', () => res.destroy());
  res.on('close', () => stream.destroy());
  stream.pipe(res);
}

/**
 * Answers with what one entry's data file gives, read now: JSON of its records, each body in
 * base64 (null when not kept, its note saying why), and the data file's refusal. 404 for an
 * archive or entry not listed.
 */
async function sendEntry(res: ServerResponse, archive: ViewArchive | undefined, number: number, head: boolean): Promise<void> {
  const listed = archive?.entries.some((e) => e.number === number) === true;
  if (archive === undefined || !listed) {
    send(res, 404, 'text/plain; charset=utf-8', 'not found\n', head);
    return;
  }
  let read: ViewEntryRead;
  try {
    read = await archive.readEntry(number);
  } catch (error) {
    read = { records: [], note: `cannot read the archive: ${(error as Error).message}`, refused: false };
  }
  const body = {
    note: read.note,
    refused: read.refused,
    ...(read.refusal !== undefined ? { refusal: read.refusal } : {}),
    // Resource records of every class in the data file: the census's archive line counts them.
    ...(read.resources !== undefined ? { resources: read.resources } : {}),
    records: read.records.map((r) => ({
      index: r.index,
      name: r.name,
      classHash: r.classHash,
      size: r.bytes?.length ?? null,
      note: r.note,
      body: r.bytes === null ? null : Buffer.from(r.bytes.buffer, r.bytes.byteOffset, r.bytes.length).toString('base64'),
    })),
  };
  send(res, 200, 'application/json; charset=utf-8', JSON.stringify(body), head);
}

/** Whether the request carries (or announces) a body: the viewer accepts none. */
function hasBody(req: IncomingMessage): boolean {
  if (req.headers['transfer-encoding'] !== undefined) return true;
  const length = req.headers['content-length'];
  return length !== undefined && length !== '0';
}

/**
 * Starts the server. Resolves once it listens on 127.0.0.1 (the port from `options.port`, or a free
 * one for 0); rejects with the listen error (e.g. EADDRINUSE). Only GET and HEAD of the listed URLs
 * are answered; a request with a body is refused (413, 405 for other methods), and a Host header
 * other than `127.0.0.1:<port>` or `localhost:<port>` is refused (421), so a page of another site
 * cannot reach the server through a rebound DNS name.
 */
export async function startViewServer(options: ViewServerOptions): Promise<ViewServer> {
  const routes = new Map<string, Route>();
  for (const file of options.app) routes.set(file.path, { type: file.type, pieces: [file.body] });
  const index = routes.get('/index.html');
  if (index !== undefined) routes.set('/', index);
  // The archives of placed records, each under an id of its own: read from disk a range at a time, never whole.
  const archives = new Map<string, string>();
  for (const input of options.inputs)
    if (input.place !== undefined && input.archive !== undefined && !archives.has(input.archive))
      archives.set(input.archive, String(archives.size));
  const tables = options.archives ?? [];
  for (const archive of tables) if (!archives.has(archive.path)) archives.set(archive.path, String(archives.size));
  for (const [path, id] of archives) routes.set(`/api/archive/${id}`, { type: 'application/octet-stream', pieces: [], archive: path });
  const list = options.inputs.map((input, i) => ({
    id: String(i),
    name: input.name,
    size: input.bytes?.length ?? input.file?.size ?? null,
    note: input.note ?? null,
    ...(input.refused === true ? { refused: true } : {}),
    ...(input.place !== undefined && input.archive !== undefined
      ? { origin: { archive: archives.get(input.archive)!, archiveName: basename(input.archive), ...input.place } }
      : {}),
  }));
  const archiveList = tables.map((archive, k) => ({
    id: String(k),
    name: archive.name,
    archive: archives.get(archive.path)!,
    archiveName: basename(archive.path),
    note: archive.note ?? null,
    ...(archive.refused === true ? { refused: true } : {}),
    ...(archive.refusal !== undefined ? { refusal: archive.refusal } : {}),
    refusals: archive.refusals,
    entries: archive.entries,
  }));
  const listing = Buffer.from(JSON.stringify({ files: list, archives: archiveList, ...options.config }), 'utf8');
  routes.set('/api/inputs', { type: 'application/json; charset=utf-8', pieces: [listing] });
  const pieces = options.inputs.map((input) => input.bytes ?? input.file ?? null);
  pieces.forEach((piece, i) => {
    if (piece !== null) routes.set(`/api/input/${i}`, { type: 'application/octet-stream', pieces: [piece] });
  });
  // Every input's bytes in list order, back to back (the listing's sizes cut them apart): one
  // request for thousands of files, which the page reads as it arrives to show its progress.
  routes.set('/api/bytes', { type: 'application/octet-stream', pieces: pieces.filter((piece): piece is Piece => piece !== null) });

  let port = 0;
  const server = createServer((req, res) => {
    const head = req.method === 'HEAD';
    const host = req.headers.host;
    if (host !== `${VIEW_HOST}:${port}` && host !== `localhost:${port}`) {
      send(res, 421, 'text/plain; charset=utf-8', 'misdirected request: this server answers only to its loopback address\n', head);
      return;
    }
    if (req.method !== 'GET' && !head) {
      res.setHeader('Allow', 'GET, HEAD');
      send(res, 405, 'text/plain; charset=utf-8', 'method not allowed\n', head);
      req.resume();
      return;
    }
    if (hasBody(req)) {
      send(res, 413, 'text/plain; charset=utf-8', 'request bodies are not accepted\n', head);
      req.resume();
      return;
    }
    const url = req.url ?? '';
    const query = url.indexOf('?');
    const path = query < 0 ? url : url.slice(0, query);
    const entry = /^\/api\/entry\/(\d{1,9})\/(\d{1,9})$/.exec(path);
    if (entry !== null) {
      void sendEntry(res, tables[Number(entry[1])], Number(entry[2]), head);
      return;
    }
    const route = url.startsWith('/') ? routes.get(path) : undefined;
    if (route === undefined) {
      send(res, 404, 'text/plain; charset=utf-8', 'not found\n', head);
      return;
    }
    if (route.archive !== undefined) void sendRange(req, res, route.archive, head);
    else void sendPieces(res, route.type, route.pieces, head).catch(() => res.destroy());
  });
  server.headersTimeout = 10_000;
  server.requestTimeout = 30_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, VIEW_HOST, () => {
      server.off('error', reject);
      resolve();
    });
  });
  port = (server.address() as AddressInfo).port;
  return {
    url: `http://${VIEW_HOST}:${port}/`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
