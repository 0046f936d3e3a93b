/**
 * `packForgeFolderTo`: a folder that `forge extract --class all` wrote, packed into a positional
 * sink one data file at a time. The bytes placed as written are the archive the project wrote in
 * the first place; each entry's files are read only when its data file is made (a file changed
 * after the first write shows up in the archive); and a folder missing a file writes nothing.
 */
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bytesSource, openForge, readDataFile } from '../../src/index.js';
import { writeForge } from '../../src/archive/forge-writer.js';
import { extractForgeArchive, forgeFolderManifest, ForgePackError, packForgeFolderTo } from '../../src/node.js';
import type { ForgeWriterEntry } from '../../src/archive/forge-writer.js';

const SKELETON = 0x24aecb7c;
const temp = mkdtempSync(join(tmpdir(), 'pack-stream-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

const body = (n: number, seed: number): Uint8Array => Uint8Array.from({ length: n }, (_, k) => (k * 13 + seed) & 0xff);

/** Three entries of one resource each (ids 0x11…0x13, bodies of 100, 200 and 300 bytes). */
const ENTRIES: ForgeWriterEntry[] = [1, 2, 3].map((i) => ({
  id: BigInt(0x10 + i),
  name: `E${i}.Skeleton`,
  resourceType: SKELETON,
  resources: [{ classHash: SKELETON, id: BigInt(0xa0 + i), name: `R${i}`, body: body(100 * i, i) }],
}));

/** A sink that places each write in a growing array, calling `onWrite` after each. */
function arraySink(onWrite: (count: number) => void = () => undefined): {
  bytes: () => Uint8Array;
  writeAt(b: Uint8Array, at: number): Promise<void>;
} {
  let out = new Uint8Array(0);
  let writes = 0;
  return {
    bytes: () => out,
    async writeAt(b, at) {
      if (at + b.length > out.length) {
        const grown = new Uint8Array(at + b.length);
        grown.set(out);
        out = grown;
      }
      out.set(b, at);
      onWrite(++writes);
    },
  };
}

async function extracted(name: string): Promise<{ dir: string; original: Uint8Array }> {
  const original = writeForge({ profile: 'unity', version: 27, entries: ENTRIES });
  const archive = join(temp, `${name}.forge`);
  writeFileSync(archive, original);
  const dir = join(temp, name);
  await extractForgeArchive(await openForge(bytesSource(original)), archive, dir, { classes: null });
  return { dir, original };
}

describe('packForgeFolderTo', () => {
  it('writes the archive the project wrote, byte for byte, and says its size', async () => {
    const { dir, original } = await extracted('same');
    const sink = arraySink();
    const size = await packForgeFolderTo(dir, forgeFolderManifest(dir), sink);
    expect(size).toBe(original.length);
    // The end padding is written too, so the placed bytes are the whole archive.
    expect(sink.bytes()).toEqual(original);
  });

  it('reads an entry’s files only when its data file is made', async () => {
    const { dir } = await extracted('lazy');
    const last = join(dir, 'E3.Skeleton');
    const [file] = readdirSync(last);
    const changed = body(300, 99);
    // After the first data file is written, the third entry's body changes on disk: read lazily, the pack holds the new one.
    const sink = arraySink((count) => {
      if (count === 1) writeFileSync(join(last, file!), changed);
    });
    await packForgeFolderTo(dir, forgeFolderManifest(dir), sink);
    const forge = await openForge(bytesSource(sink.bytes()));
    const third = await readDataFile(forge, forge.entries[2]!);
    expect(third.resources[0]!.body).toEqual(changed);
  });

  it('writes nothing when a file of the manifest is missing', async () => {
    const { dir } = await extracted('missing');
    const second = join(dir, 'E2.Skeleton');
    rmSync(join(second, readdirSync(second)[0]!));
    let writes = 0;
    const sink = arraySink(() => writes++);
    await expect(packForgeFolderTo(dir, forgeFolderManifest(dir), sink)).rejects.toThrow(ForgePackError);
    await expect(packForgeFolderTo(dir, forgeFolderManifest(dir), sink)).rejects.toThrow(
      /1 resource of the manifest missing \(E2\.Skeleton\//,
    );
    expect(writes).toBe(0);
  });
});
