/**
 * The first read of the files the server listed: their bytes streamed in one answer and each
 * summarised as it arrives, so the list is on screen at once and fills in row by row while the
 * progress line counts ("reading 412 of 1,829 files…"). Between slices of work the page is given
 * back to the browser, so it draws and answers clicks throughout.
 */
import type { Entry } from './file-list.js';

export interface ListedReadHooks {
  /** The entry's bytes (fetched once, then kept), or null when there are none. */
  bytes(entry: Entry): Promise<Uint8Array | null>;
  /** Called once an entry's bytes are in (or known absent): summarise it and redraw its row. */
  read(entry: Entry, bytes: Uint8Array | null): void;
  /** Called after each entry with the count read so far. */
  progress(done: number, total: number): void;
}

/**
 * The bytes of an entry: kept once read, fetched from the server (`api/input/<id>`) when listed with
 * a size, none otherwise. A fetch under way is shared, so a file asked for twice (the first read, a
 * click) is fetched once; a failed one is said in the entry's note, and gives none.
 */
export function entryBytesFetcher(): (entry: Entry) => Promise<Uint8Array | null> {
  const fetching = new Map<Entry, Promise<Uint8Array | null>>();
  return (entry) => {
    if (entry.bytes !== null) return Promise.resolve(entry.bytes);
    if (entry.size === null) return Promise.resolve(null);
    let pending = fetching.get(entry);
    if (pending === undefined) {
      pending = (async () => {
        const response = await fetch(`api/input/${encodeURIComponent(entry.id)}`);
        // The server's words say why (a file gone or changed since it was listed), when it gives any.
        if (!response.ok) {
          const reason = (await response.text().catch(() => '')).trim();
          throw new Error(`the server answered ${response.status}${reason === '' ? '' : ` (${reason})`}`);
        }
        entry.bytes = new Uint8Array(await response.arrayBuffer());
        return entry.bytes;
      })()
        .catch((error: unknown) => {
          entry.note = `could not be fetched: ${(error as Error).message}`;
          entry.summary = null;
          return null;
        })
        .finally(() => fetching.delete(entry));
      fetching.set(entry, pending);
    }
    return pending;
  };
}

/** Fetches in flight at once when files are fetched one by one: enough to hide the round trips, few enough to leave the page its connections. */
const IN_FLIGHT = 6;
/** Work between two yields to the page, in milliseconds: about two frames' worth. */
const SLICE_MS = 30;

/**
 * Yields to the page until it has drawn a frame (a task alone is not enough: Chromium may run task
 * after task without drawing), or 100 ms at most, since a hidden page draws none.
 */
const nextFrame = (): Promise<void> =>
  new Promise((resolve) => {
    let gone = false;
    const go = (): void => {
      if (gone) return;
      gone = true;
      resolve();
    };
    requestAnimationFrame(() => setTimeout(go, 0));
    setTimeout(go, 100);
  });

/** Yields to the page (a task, not a microtask), so it draws and answers. */
export const nextTask = (): Promise<void> =>
  new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });

/**
 * Reads the bytes of every entry with bytes from one answer of the server (`api/bytes`: the bytes
 * back to back in list order), calling `arrived` for each as soon as its last byte is in, and
 * yielding to the page between slices of work. Throws when the answer cannot be had; an answer cut
 * short leaves the entries after the cut unread.
 */
async function streamListedBytes(entries: readonly Entry[], arrived: (entry: Entry, bytes: Uint8Array) => void): Promise<void> {
  const withBytes = entries.filter((e) => e.size !== null);
  if (withBytes.length === 0) return;
  const response = await fetch('api/bytes');
  if (!response.ok || response.body === null) throw new Error(`the server answered ${response.status}`);
  const reader = response.body.getReader();
  let k = 0;
  let buffer = new Uint8Array(withBytes[0]?.size ?? 0);
  let filled = 0;
  let sliceStart = performance.now();
  // Entries whose bytes are all in (an empty one at once) are handed on, and the next one begun.
  const handOn = (): void => {
    while (k < withBytes.length && filled === withBytes[k]!.size) {
      arrived(withBytes[k]!, buffer);
      k++;
      buffer = new Uint8Array(withBytes[k]?.size ?? 0);
      filled = 0;
    }
  };
  handOn();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    let at = 0;
    while (at < value.length && k < withBytes.length) {
      const take = Math.min(withBytes[k]!.size! - filled, value.length - at);
      buffer.set(value.subarray(at, at + take), filled);
      filled += take;
      at += take;
      handOn();
    }
    if (performance.now() - sliceStart > SLICE_MS) {
      await nextFrame();
      sliceStart = performance.now();
    }
  }
}

/**
 * Reads every entry of `entries`, `first` before the others when given (the file the URL names,
 * fetched alone so it is shown at once), the rest from one answer of the server as it arrives;
 * entries that answer did not bring are fetched one by one. Resolves once all are read. Never
 * rejects: an entry whose fetch fails is read as without bytes.
 */
export async function readListedEntries(entries: readonly Entry[], hooks: ListedReadHooks, first: Entry | null = null): Promise<void> {
  const total = entries.length;
  const read = new Set<Entry>();
  const finish = (entry: Entry, bytes: Uint8Array | null): void => {
    if (read.has(entry)) return;
    read.add(entry);
    hooks.read(entry, bytes);
    hooks.progress(read.size, total);
  };
  const fetchOne = async (entry: Entry): Promise<void> => {
    let bytes: Uint8Array | null;
    try {
      bytes = await hooks.bytes(entry);
    } catch {
      bytes = null;
    }
    finish(entry, bytes);
  };
  hooks.progress(0, total);
  if (first !== null) await fetchOne(first);
  for (const entry of entries) if (entry.size === null) finish(entry, null);
  try {
    await streamListedBytes(entries, (entry, bytes) => {
      // Fetched meanwhile (the user opened it): that copy is kept.
      entry.bytes ??= bytes;
      finish(entry, entry.bytes);
    });
  } catch {
    // No answer for all at once: each file is fetched alone below.
  }
  const rest = entries.filter((e) => !read.has(e));
  let next = 0;
  let sliceStart = performance.now();
  const worker = async (): Promise<void> => {
    while (next < rest.length) {
      await fetchOne(rest[next++]!);
      if (performance.now() - sliceStart > SLICE_MS) {
        await nextFrame();
        sliceStart = performance.now();
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(IN_FLIGHT, rest.length) }, () => worker()));
}
