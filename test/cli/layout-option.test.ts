import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';

const RIDER = 'samples/anvilnext/MAD_CHR_Skel_U.Skeleton';

describe('--layout (the layout to read with), and --dialect, its former name', () => {
  it('reads with the named layout; --dialect gives the same output', async () => {
    const byLayout = await runCli(['inspect', RIDER, '--json', '--layout', 'anvilnext']);
    expect(byLayout.code).toBe(0);
    expect(JSON.parse(byLayout.stdout).dialect).toBe('anvilnext');
    const byDialect = await runCli(['inspect', RIDER, '--json', '--dialect', 'anvilnext']);
    expect(byDialect).toEqual(byLayout);
  });

  it('refuses a layout the rider is not in, as a refusal of the file', async () => {
    const run = await runCli(['inspect', RIDER, '--json', '--layout', 'scimitar']);
    expect(run.code).toBe(1);
  });

  it('is a usage error (exit 2) for an unknown layout, or for --layout and --dialect that disagree', async () => {
    const unknown = await runCli(['inspect', RIDER, '--layout', 'anvilnext/nope']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/--layout takes auto or a registered layout \(anvilnext, scimitar, .*\); got "anvilnext\/nope"/);
    const both = await runCli(['inspect', RIDER, '--layout', 'anvilnext', '--dialect', 'scimitar']);
    expect(both.code).toBe(2);
    expect(both.stderr).toMatch(/--dialect is the former name of --layout; give one of them/);
    const agreeing = await runCli(['inspect', RIDER, '--json', '--layout', 'anvilnext', '--dialect', 'anvilnext']);
    expect(agreeing.code).toBe(0);
  });

  it('is what --help shows; --dialect is not listed', async () => {
    const help = await runCli(['inspect', '--help']);
    expect(help.stdout).toMatch(/--layout <layout>/);
    expect(help.stdout).not.toMatch(/--dialect/);
  });
});
