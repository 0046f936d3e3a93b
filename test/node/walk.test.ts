/**
 * The walk's identity of files (src/node/files.ts): a file named on the command line, reached
 * through a link, or reached by a second hard link is listed once with the same file found in a
 * directory, in either order; `fileKeys` holds the identity of every file listed. Trees are built
 * here in a temp folder.
 */
import { linkSync, mkdirSync, mkdtempSync, realpathSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { walkInputs } from '../../src/node/files.js';

let dir: string;

beforeEach(() => {
  dir = realpathSync(mkdtempSync(join(tmpdir(), 'anvil-walk-ids-')));
});

afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** A folder `tree` holding a.bin and sub/b.bin. */
function tree(): string {
  const root = join(dir, 'tree');
  mkdirSync(join(root, 'sub'), { recursive: true });
  writeFileSync(join(root, 'a.bin'), 'a');
  writeFileSync(join(root, 'sub', 'b.bin'), 'b');
  return root;
}

const paths = (walk: ReturnType<typeof walkInputs>): string[] => walk.files.map((f) => f.path);

describe('the walk lists each file once', () => {
  it('a folder alone: every file, in name order', () => {
    const root = tree();
    expect(paths(walkInputs([root]))).toEqual([join(root, 'a.bin'), join(root, 'sub', 'b.bin')]);
  });

  it('a named file inside a folder also named, in either order, once (as first met)', () => {
    const root = tree();
    const a = join(root, 'a.bin');
    expect(walkInputs([root, a]).files).toEqual([
      { path: a, explicit: false },
      { path: join(root, 'sub', 'b.bin'), explicit: false },
    ]);
    expect(walkInputs([a, root]).files).toEqual([
      { path: a, explicit: true },
      { path: join(root, 'sub', 'b.bin'), explicit: false },
    ]);
  });

  it('a link to a file of the same tree, sorted before or after it, once', () => {
    const root = tree();
    symlinkSync(join(root, 'sub', 'b.bin'), join(root, '0-link-to-b'));
    symlinkSync(join(root, 'a.bin'), join(root, 'z-link-to-a'));
    expect(paths(walkInputs([root]))).toEqual([join(root, '0-link-to-b'), join(root, 'a.bin')]);
  });

  it('two hard links found in the folders walked: one file, listed by the name met first', () => {
    const root = tree();
    linkSync(join(root, 'a.bin'), join(root, 'sub', 'a-again.bin'));
    expect(paths(walkInputs([root]))).toEqual([join(root, 'a.bin'), join(root, 'sub', 'b.bin')]);
  });

  it('a hard link named on the command line is the file found in the folder', () => {
    const root = tree();
    const outside = join(dir, 'outside.bin');
    linkSync(join(root, 'a.bin'), outside);
    expect(paths(walkInputs([root, outside]))).toEqual([join(root, 'a.bin'), join(root, 'sub', 'b.bin')]);
    expect(paths(walkInputs([outside, root]))).toEqual([outside, join(root, 'sub', 'b.bin')]);
  });
});

describe('fileKeys', () => {
  it('holds the device and inode of every file listed, and of no other', () => {
    const root = tree();
    const other = join(dir, 'other.bin');
    writeFileSync(other, 'a');
    const link = join(dir, 'hard-link-to-b.bin');
    linkSync(join(root, 'sub', 'b.bin'), link);
    const walk = walkInputs([root]);
    const key = (path: string): string => `${statSync(path).dev}:${statSync(path).ino}`;
    expect([...walk.fileKeys].sort()).toEqual([key(join(root, 'a.bin')), key(join(root, 'sub', 'b.bin'))].sort());
    expect(walk.fileKeys.has(key(link))).toBe(true);
    expect(walk.fileKeys.has(key(other))).toBe(false);
  });
});
