#!/usr/bin/env node
// The command line as an ES module, from the sources (`node --import tsx src/cli.ts`) or the
// per-module build; the installed command starts from dist/cli.cjs (src/cli/entry.ts) instead.
import { runCli } from './cli/run.js';

runCli(process.argv.slice(2));
