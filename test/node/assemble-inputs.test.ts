/**
 * `assembleInputs`, the node entry's `assemble`: over the bundled components it gives the
 * assemblies `anvil-skel assemble --json` reports, the rider's 31 main bones and 23 added, and
 * says of a path that holds no component and of a file that is not one.
 */
import { mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { assemblyJson } from '../../src/index.js';
import { assembleInputs, NoComponentError } from '../../src/node.js';
import { builtInNames, NameDictionary } from '../../src/names/dictionary.js';
import { runCli } from '../helpers/cli.js';

const temp = realpathSync(mkdtempSync(join(tmpdir(), 'anvil-assemble-inputs-')));
afterAll(() => rmSync(temp, { recursive: true, force: true }));
const rider = 'samples/anvilnext/MAD_CHR_Rider.SkeletonComponent';

describe('assembleInputs', () => {
  it('gives the rig assemble --json reports for one component file', async () => {
    const run = await runCli(['assemble', rider, '--json']);
    expect(run.code).toBe(0);
    const { assemblies, failures, oneFile } = await assembleInputs([rider]);
    expect([assemblies.length, failures, oneFile]).toEqual([1, [], true]);
    expect(assemblies[0]!.assembly!.skeleton.bones.length).toBe(31 + 23);
    const report = JSON.parse(run.stdout) as Record<string, unknown>;
    expect({ ...JSON.parse(JSON.stringify(assemblyJson(assemblies[0]!, new NameDictionary(builtInNames())))), failures: [] }).toEqual(
      report,
    );
  });

  it('over a folder, reports of several, the same as the CLI', async () => {
    const run = await runCli(['assemble', 'samples/anvilnext', '--json', '--allow-missing']);
    const { assemblies, oneFile } = await assembleInputs(['samples/anvilnext']);
    expect(oneFile).toBe(false);
    const names = new NameDictionary(builtInNames());
    const report = JSON.parse(run.stdout) as { components: unknown[] };
    expect(JSON.parse(JSON.stringify(assemblies.map((a) => assemblyJson(a, names))))).toEqual(report.components);
  });

  it('says a named file is not a component, and rejects a folder with none', async () => {
    const stray = join(temp, 'stray.bin');
    writeFileSync(stray, new Uint8Array(64));
    const { assemblies, failures } = await assembleInputs([stray, rider]);
    expect(assemblies.length).toBe(1);
    expect(failures.map((f) => f.file)).toEqual([stray]);
    // A folder of files that are not resources: skipped, not failures, so there is nothing to assemble.
    writeFileSync(join(temp, 'note.txt'), 'no resource here');
    await expect(assembleInputs([temp], { search: [] })).rejects.toThrow(NoComponentError);
  });
});
