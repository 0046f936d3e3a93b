/**
 * The reference Zstandard implementation (Debian's `zstd` CLI, libzstd), so tests compare our
 * decoder against frames it wrote.
 */
import { spawnSync } from 'node:child_process';

/** The zstd CLI when it runs, or undefined. */
export const zstdCli: string | undefined = ['/usr/bin/zstd', 'zstd'].find(
  (cli) => spawnSync(cli, ['--version'], { stdio: 'ignore' }).status === 0,
);

/** Why reference tests are skipped, for their titles. */
export const zstdSkipReason = 'the zstd CLI is missing (apt-get install zstd)';

// In CI the reference must be there: a skipped comparison would pass silently.
if (zstdCli === undefined && process.env.CI) throw new Error(`CI: ${zstdSkipReason}`);

/**
 * Each input compressed by `zstd <args> -c` from stdin: with `sized`, told the size
 * (`--stream-size`), so the frame carries it and is single-segment; without, the frame carries no
 * content size and advertises a large window (the case a streaming writer produces).
 */
export function zstdCompress(inputs: readonly Uint8Array[], args: readonly string[], sized = true): Uint8Array[] {
  if (zstdCli === undefined) throw new Error(zstdSkipReason);
  return inputs.map((input) => {
    const size = sized ? [`--stream-size=${input.length}`] : [];
    const result = spawnSync(zstdCli, [...args, ...size, '-c', '-q'], { input, maxBuffer: 1 << 30 });
    if (result.status !== 0) throw new Error(`zstd failed: ${result.stderr.toString()}`);
    return new Uint8Array(result.stdout);
  });
}

/** `zstd -d` on one frame: its bytes, or undefined when the CLI refuses it. */
export function zstdDecompress(frame: Uint8Array): Uint8Array | undefined {
  if (zstdCli === undefined) throw new Error(zstdSkipReason);
  const result = spawnSync(zstdCli, ['-d', '-c', '-q'], { input: frame, maxBuffer: 1 << 30 });
  return result.status === 0 ? new Uint8Array(result.stdout) : undefined;
}
