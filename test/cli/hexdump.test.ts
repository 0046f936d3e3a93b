import { describe, expect, it } from 'vitest';
import { annotatedHexDump, annotatedRegions } from '../../src/export/hexdump.js';
import { runCli } from '../helpers/cli.js';

describe('annotated hex dump', () => {
  it('covers every byte once, labelling counts and tags with their field', () => {
    const regions = annotatedRegions(10, [
      { path: 'a', segments: ['a'], start: 0, end: 4 },
      { path: 'list[0]', segments: ['list', 0], start: 8, end: 10 },
      { path: 'list', segments: ['list'], start: 4, end: 10 },
    ]);
    expect(regions).toEqual([
      { start: 0, end: 4, label: 'a' },
      { start: 4, end: 8, label: 'list (count or tag)' },
      { start: 8, end: 10, label: 'list[0]' },
    ]);
    const dump = annotatedHexDump(
      Uint8Array.from([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]),
      [{ path: 'all', segments: ['all'], start: 0, end: 10 }],
      4,
    );
    expect(dump.split('\n')[0]).toBe('0x00000000  01 02 03 04  all');
    expect(dump.split('\n')[2]).toBe('0x00000008  09 0A        …');
  });

  it('inspect --hex names the SkeletonComponent fields at their offsets', async () => {
    const run = await runCli(['inspect', '--hex', 'samples/anvilnext/MAD_NPC_Generic.SkeletonComponent']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('0x00000008  47 A7 FD 71');
    expect(run.stdout).toMatch(/0x0000001A {2}00 00 00 00 +addons/);
    expect(run.stdout).toMatch(/0x00000038 {2}(00 ){11}00 +windForce\.data/);
  });
});
