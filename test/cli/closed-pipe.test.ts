/**
 * A reader that stops early (`anvil-skel census | head -1`) closes the pipe under the CLI: the
 * output ends there, with no stack trace and no failure exit.
 */
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';

describe('the CLI on a closed pipe', () => {
  it('stops quietly when stdout is closed after the first line', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'validate', '-v', 'samples'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    // Read one chunk, then close our end: every later write of the CLI meets a closed pipe.
    child.stdout.once('data', () => child.stdout.destroy());
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(stderr).not.toMatch(/EPIPE|at .*\(.*:\d+:\d+\)/);
    expect(code).toBe(0);
  }, 30_000);
});
