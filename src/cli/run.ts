import { main } from './main.js';

/** Runs the command line on the given arguments, as the `anvil-skel` command does, and sets the exit code. */
export function runCli(argv: string[]): void {
  // A reader that stops early (`census | head`) closes the pipe: that ends the output, not the program with a stack.
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
      throw error;
    });
  }

  main(argv).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      process.stderr.write(`anvil-skel: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exitCode = 1;
    },
  );
}
