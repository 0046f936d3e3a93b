/** `probe <paths...>`: which registered layout reads each file exactly. The work is in actions/probe.ts. */
import type { Command } from 'commander';
import type { ProbeOptions } from '../actions/probe.js';

export function registerProbeCommand(program: Command): void {
  const command = program
    .command('probe')
    .description('try every registered layout and reading on each file: which consumes it exactly, and where each other stops')
    .argument('[paths...]', 'files or directories (directories are walked)')
    .option('--json', 'print a JSON array on stdout: [{ file, match, matches, candidates: [...] }]')
    .option('--all', 'list every reading of every layout, not only the furthest reading of each layout')
    .option('-v, --verbose', 'list every file skipped in a folder (not a resource by its header, too large, a FIFO) with the reason')
    .option('--layouts', 'list the registered layouts (name, title, source, id width, docs page) and exit')
    .option('--max-size <size>', 'largest file read, in bytes or with KiB/MiB/GiB (default 256 MiB)');
  command.addHelpText(
    'after',
    [
      '',
      'A file matches a layout when one of its readings reads it to its exact end and no Proven check fails.',
      'When several layouts match, all are named, ranked by the checks each holds.',
      'In a folder, files that are not a Skeleton or SkeletonComponent by their header (and archives, FIFOs,',
      'files over --max-size) are skipped and counted, as every command skips them; a file named is probed.',
      '',
      'Exit status: 0 when every file has exactly one matching layout, 1 otherwise, 2 on usage errors.',
      '',
      'Examples:',
      '  anvil-skel probe unknown/Hero.Skeleton',
      '  anvil-skel probe --json extracted/ > probe.json',
      '  anvil-skel probe --layouts',
    ].join('\n'),
  );
  command.action(async (paths: string[], options: ProbeOptions) => {
    const { probeCommand } = await import('../actions/probe.js');
    await probeCommand(paths, options);
  });
}
