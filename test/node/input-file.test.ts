/**
 * readInputFile reads a small file whole at its first read and judges its header from those bytes;
 * a larger one by its header first. Either way the bytes given are the file's, a file over the
 * size limit is not given, and a file of another class keeps only its header.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { readInputFile } from '../../src/node/input-file.js';

const SAMPLE = join(dirname(fileURLToPath(import.meta.url)), '../../samples/anvilnext/MAD_CHR_Skel_U.Skeleton');
const scratch = mkdtempSync(join(tmpdir(), 'anvil-input-file-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('readInputFile', () => {
  const skeleton = new Uint8Array(readFileSync(SAMPLE));

  it('gives a small resource’s bytes exactly', () => {
    const read = readInputFile(SAMPLE);
    expect(read.kind).toBe('resource');
    if (read.kind !== 'resource') return;
    expect(Buffer.from(read.bytes).equals(Buffer.from(skeleton))).toBe(true);
    expect(read.header).toMatchObject({ kind: 'Skeleton', dialect: 'anvilnext' });
  });

  it('gives a resource larger than a first read takes exactly too (its header, then its body)', () => {
    // The sample's header with 300 KiB after it: what the reader makes of the body is not asked here.
    const large = new Uint8Array(skeleton.length + (300 << 10));
    large.set(skeleton);
    for (let i = skeleton.length; i < large.length; i++) large[i] = i & 0xff;
    const path = join(scratch, 'Large.Skeleton');
    writeFileSync(path, large);
    const read = readInputFile(path);
    expect(read.kind).toBe('resource');
    if (read.kind === 'resource') expect(Buffer.from(read.bytes).equals(Buffer.from(large))).toBe(true);
  });

  it('refuses a resource over the size limit, however small the limit', () => {
    const read = readInputFile(SAMPLE, { maxSize: 1000 });
    expect(read).toMatchObject({ kind: 'unreadable', skippable: true });
    if (read.kind === 'unreadable') expect(read.reason).toContain('larger than the 1000 bytes limit');
  });

  it('keeps only the header of a file of another class, not the file read with it', () => {
    const other = new Uint8Array(100 << 10).fill(0x41);
    const path = join(scratch, 'notes.bin');
    writeFileSync(path, other);
    const read = readInputFile(path);
    expect(read.kind).toBe('other');
    if (read.kind !== 'other') return;
    expect([...read.head]).toEqual(new Array(16).fill(0x41));
    expect(read.head.buffer.byteLength).toBe(16);
  });
});
