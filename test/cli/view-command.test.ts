/**
 * `view`'s usage errors and what it lists: named files always, folders' resources only, never a
 * file outside what was named. (The page itself is tested in test/browser, the server in view-server.test.ts.)
 */
import { mkdtempSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readViewInputs } from '../../src/node.js';
import { runCli } from '../helpers/cli.js';

const SKELETON = join(import.meta.dirname, '../../samples/anvilnext/MAD_CHR_Skel_U.Skeleton');

describe('view', () => {
  it('refuses a port that is not one, and a path that does not exist, as usage errors', async () => {
    const badPort = await runCli(['view', '--port', '70000']);
    expect(badPort.code).toBe(2);
    expect(badPort.stderr).toContain('--port must be a number from 0 to 65535');
    const missing = await runCli(['view', '--port', '0', '/no/such/path']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('/no/such/path');
  });

  it('lists the resources of a folder by their path inside it, and a named non-resource with its bytes', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'view-inputs-'));
    mkdirSync(join(dir, 'sub'));
    writeFileSync(join(dir, 'sub', 'A.Skeleton'), readFileSync(SKELETON));
    writeFileSync(join(dir, 'notes.txt'), 'not a resource');
    const elsewhere = mkdtempSync(join(tmpdir(), 'view-named-'));
    const named = join(elsewhere, 'other.bin');
    writeFileSync(named, 'not a resource');
    const inputs = await readViewInputs([dir, named], { maxSize: 1 << 20 });
    // notes.txt, found in the folder and not a resource, is not listed; other.bin, named, is.
    expect(inputs.map((i) => i.name)).toEqual(['sub/A.Skeleton', named]);
    expect(inputs[0]!.bytes!.length).toBe(4095); // the sample's size, from samples/README.md
    expect(Buffer.from(inputs[1]!.bytes!).toString()).toBe('not a resource');
  });

  it('lists a resource over the size limit without its bytes, saying why', async () => {
    const inputs = await readViewInputs([SKELETON], { maxSize: 1000 });
    expect(inputs).toHaveLength(1);
    expect(inputs[0]!.bytes).toBeNull();
    expect(inputs[0]!.note).toMatch(/larger than the .* limit/);
  });
});
