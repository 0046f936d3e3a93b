import { readFileSync } from 'node:fs';
import { crc32 as zlibCrc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { BUILT_IN_TABLE_MODULE, NAME_DATA_MODULE, readNameDataFiles, renderBuiltInTable, renderNameData } from '../../scripts/name-data.js';
import { assembleBuiltInNames, builtInDictionary, builtInNames, newBuiltInDictionary } from '../../src/names/dictionary.js';

describe('the name lists in src/names/data', () => {
  it('are what the generated module holds (run npm run gen:names when this fails)', async () => {
    const files = readNameDataFiles();
    expect(readFileSync(NAME_DATA_MODULE, 'utf8'), `${NAME_DATA_MODULE} is stale: run npm run gen:names`).toBe(await renderNameData(files));
  });

  it('give the generated table of built-in names and hashes (run npm run gen:names when this fails)', async () => {
    const assembled = assembleBuiltInNames();
    expect(readFileSync(BUILT_IN_TABLE_MODULE, 'utf8'), `${BUILT_IN_TABLE_MODULE} is stale: run npm run gen:names`).toBe(
      await renderBuiltInTable(assembled),
    );
    // The dictionary serves the table's names with the table's hashes: each must be the name's zlib CRC-32.
    expect([...builtInNames()]).toEqual(assembled);
    const dictionary = newBuiltInDictionary();
    for (const name of assembled) expect(dictionary.lookup(zlibCrc32(name)), name).toContain(name);
    expect(dictionary.size).toBe(assembled.length);
  });

  it('each open with a comment naming where their names were found', () => {
    for (const [file, text] of readNameDataFiles()) expect(text.split('\n')[0], file).toMatch(/^# .*\w/);
  });

  it('refuse a list without a header, an entry outside a section and a duplicate', async () => {
    await expect(renderNameData(new Map([['a.txt', '[x]\nA\n']]))).rejects.toThrow(/a\.txt: no header comment/);
    await expect(renderNameData(new Map([['b.txt', '# from somewhere\nA\n']]))).rejects.toThrow(
      /b\.txt:2: an entry before any \[section\]/,
    );
    await expect(renderNameData(new Map([['c.txt', '# from somewhere\n[x]\nA\nA\n']]))).rejects.toThrow(/c\.txt:4: "A" is listed twice/);
  });
});

describe('the built-in dictionary built from the lists', () => {
  // Hashes from zlib (the reference CRC-32), not from the project's crc32.
  const resolves = (name: string): string | null => builtInDictionary().resolve(zlibCrc32(name));

  it('holds the documented 3ds Max Biped names: root, side letter and part, numbered links', () => {
    for (const name of [
      'Bip01',
      'Bip01 Pelvis',
      'Bip01 L Thigh',
      'Bip01 R Calf',
      'Bip01 L Clavicle',
      'Bip001 R Forearm',
      'Bip01 L Finger0',
      'Bip01 L Finger01',
      'Bip01 R Toe0',
      'Bip01 Spine1',
      'Bip01 Ponytail11',
    ]) {
      expect(resolves(name), name).toBe(name);
    }
  });

  it('still holds the HumanIK names with their helpers', () => {
    for (const name of [
      'LeftUpLeg',
      'RightHandPinky4',
      'LeftInHandIndex',
      'LeafRightForeArmRoll3',
      'L_ForeArm',
      'O_Hips',
      'Prop_Quiver',
      'wb-Trigger',
    ]) {
      expect(resolves(name), name).toBe(name);
    }
  });
});
