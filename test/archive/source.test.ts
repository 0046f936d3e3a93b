import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ParseError } from '../../src/io/errors.js';
import { blobSource, bytesSource, type ArchiveSource } from '../../src/archive/source.js';
import { openArchiveFile } from '../../src/node/archive-file-source.js';

// 0, 1, …, 255, 0, 1, … : byte i is i & 0xff, so any range's expected content is known.
const content = Uint8Array.from({ length: 1000 }, (_, i) => i & 0xff);
const dir = await mkdtemp(join(tmpdir(), 'archive-source-'));
const file = join(dir, 'a.bin');
await writeFile(file, content);
afterAll(() => rm(dir, { recursive: true, force: true }));

const sources: [string, () => Promise<ArchiveSource & { close?: () => Promise<void> }>][] = [
  ['bytes', () => Promise.resolve(bytesSource(content))],
  ['blob', () => Promise.resolve(blobSource(new Blob([content])))],
  ['file', () => openArchiveFile(file)],
];

describe.each(sources)('%s source', (_, make) => {
  it('reports the size and returns exactly the range asked for', async () => {
    const source = await make();
    expect(source.size).toBe(1000);
    expect([...(await source.read(250, 10))]).toEqual([250, 251, 252, 253, 254, 255, 0, 1, 2, 3]);
    expect((await source.read(1000, 0)).length).toBe(0);
    expect([...(await source.read(999, 1))]).toEqual([999 & 0xff]);
    await source.close?.();
  });

  it('refuses ranges outside the source with a ParseError naming the offset', async () => {
    const source = await make();
    await expect(source.read(995, 6)).rejects.toThrow(ParseError);
    await expect(source.read(995, 6)).rejects.toMatchObject({ offset: 995 });
    await expect(source.read(-1, 1)).rejects.toThrow(ParseError);
    await expect(source.read(0.5, 1)).rejects.toThrow(ParseError);
    await source.close?.();
  });
});

describe('readNow', () => {
  it('is offered by the bytes and file sources, with the bytes and refusals of read, and not by a blob', async () => {
    const file = await openArchiveFile(join(dir, 'a.bin'));
    for (const source of [bytesSource(content), file]) {
      expect([...source.readNow!(250, 4)]).toEqual([250, 251, 252, 253]);
      expect(() => source.readNow!(995, 6)).toThrow(expect.objectContaining({ offset: 995 }));
      expect(() => source.readNow!(-1, 1)).toThrow(ParseError);
    }
    await file.close();
    expect(() => file.readNow!(0, 1)).toThrow('read after close');
    expect(blobSource(new Blob([content])).readNow).toBeUndefined();
  });
});
