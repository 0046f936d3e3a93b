/**
 * Every export the package entries reach has a doc comment: TypeDoc, with the project's own
 * settings (`validation.notDocumented`), reports none missing. The same settings are first shown
 * to report an undocumented export, so a quiet run means something.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const TYPEDOC = join(ROOT, 'node_modules/typedoc/bin/typedoc');
const run = promisify(execFile);
const UNDOCUMENTED = /does not have any documentation/;

/** TypeDoc's output (no files written) with the given options file. */
async function typedoc(options: string): Promise<string> {
  try {
    const { stdout, stderr } = await run(process.execPath, [TYPEDOC, '--options', options, '--emit', 'none', '--logLevel', 'Warn'], {
      cwd: dirname(options),
      encoding: 'utf8',
    });
    return `${stdout}${stderr}`;
  } catch (error) {
    const failed = error as { stdout: string; stderr: string };
    return `${failed.stdout}${failed.stderr}`;
  }
}

const temp = mkdtempSync(join(tmpdir(), 'anvil-typedoc-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

describe.concurrent('API reference', { timeout: 120_000 }, () => {
  it('the settings report an export without a doc comment', async () => {
    writeFileSync(
      join(temp, 'entry.ts'),
      '/** Documented. */\nexport function documented(): number {\n  return 1;\n}\nexport function forgotten(): number {\n  return 2;\n}\n',
    );
    writeFileSync(
      join(temp, 'tsconfig.json'),
      JSON.stringify({ compilerOptions: { strict: true, module: 'NodeNext', target: 'ES2022', types: [] }, files: ['entry.ts'] }),
    );
    // The project's settings, pointed at this one file.
    const settings = {
      ...(JSON.parse(readFileSync(join(ROOT, 'typedoc.json'), 'utf8')) as object),
      entryPoints: ['entry.ts'],
      tsconfig: 'tsconfig.json',
      name: 'control',
    };
    writeFileSync(join(temp, 'typedoc.json'), JSON.stringify(settings));
    const output = await typedoc(join(temp, 'typedoc.json'));
    expect(output).toMatch(/forgotten.*does not have any documentation/);
    expect(output).not.toMatch(/documented \(/);
  });

  it('every export of every entry has a doc comment', async () => {
    const output = await typedoc(join(ROOT, 'typedoc.json'));
    expect(output.split('\n').filter((line) => UNDOCUMENTED.test(line))).toEqual([]);
    expect(output).toMatch(/Found 0 errors/);
  });
});
