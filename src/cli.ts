#!/usr/bin/env node
import { main } from './cli/main.js';

// A reader that stops early (`census | head`) closes the pipe: that ends the output, not the program with a stack.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw error;
  });
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`anvil-skel: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
