/** What `view` does (declared in commands/view.ts): list the inputs, load the app, serve both on 127.0.0.1. */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { extname, join, relative, resolve } from 'node:path';
import type { ViewOptions } from '../commands/view.js';
import { UsageError } from '../errors.js';
import { walkInputs } from '../files.js';
import { readInputFile } from '../input-file.js';
import { readNameListFile } from '../name-lists.js';
import { NAMES_ENV_VAR } from '../names-option.js';
import { resourceReadOptions } from '../read-options.js';
import { bundledSamplesDir, packageRoot } from '../paths.js';
import { startViewServer, type AppFile, type ViewInput } from '../view-server.js';
import { delimiter } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
};

/** The built app (`dist/viewer/`), every file read once at start: the server never touches the disk per request. */
export function loadViewerApp(dir = join(packageRoot(), 'dist', 'viewer')): AppFile[] {
  if (!existsSync(join(dir, 'index.html')))
    throw new UsageError(`view: the viewer is not built (no ${join(dir, 'index.html')}); run \`npm run build\``);
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isFile() && TYPES[extname(entry.name)] !== undefined)
    .map((entry) => ({ path: `/${entry.name}`, type: TYPES[extname(entry.name)]!, body: readFileSync(join(dir, entry.name)) }));
}

/** The files to list, with their bytes: named files always, files found in folders when their header is a resource's. */
export function viewInputs(paths: readonly string[], maxSize: number): ViewInput[] {
  const roots = paths.map((p) => resolve(p));
  const walk = walkInputs(paths);
  const shownName = (path: string): string => {
    for (const root of roots) {
      const rel = relative(root, path);
      if (rel !== '' && !rel.startsWith('..')) return rel.replaceAll('\\', '/');
    }
    return path;
  };
  const inputs: ViewInput[] = [];
  for (const file of walk.files) {
    const read = readInputFile(file.path, { maxSize });
    const name = file.explicit ? file.path : shownName(resolve(file.path));
    if (read.kind === 'resource') inputs.push({ name, bytes: read.bytes });
    else if (read.kind === 'truncated' || file.explicit) {
      // Named, or short but named like a resource: the page shows why it is not one.
      const bytes = read.kind === 'unreadable' ? null : readFileSync(file.path);
      inputs.push({ name, bytes, note: read.kind === 'unreadable' ? read.reason : undefined });
    }
  }
  for (const problem of walk.problems) if (problem.failed) inputs.push({ name: problem.path, bytes: null, note: problem.reason });
  return inputs;
}

function openInBrowser(url: string): void {
  const [command, args] =
    process.platform === 'darwin'
      ? ['open', [url]]
      : process.platform === 'win32'
        ? ['cmd', ['/c', 'start', '', url]]
        : ['xdg-open', [url]];
  const child = spawn(command, args, { stdio: 'ignore', detached: true });
  child.on('error', () => process.stderr.write(`anvil-skel view: could not open a browser; open ${url} yourself\n`));
  child.unref();
}

function parsePort(text: string): number {
  if (!/^\d+$/.test(text) || Number(text) > 65535)
    throw new UsageError(`view: --port must be a number from 0 to 65535, not ${JSON.stringify(text)}`);
  return Number(text);
}

/** Runs `view` with what commander parsed; resolves when the server stops (SIGINT or SIGTERM). */
export async function viewCommand(paths: string[], options: ViewOptions): Promise<void> {
  const port = parsePort(options.port);
  const read = resourceReadOptions(options);
  const useSamples = paths.length === 0;
  const inputs = viewInputs(useSamples ? [bundledSamplesDir()] : paths, read.maxSize);
  const nameFiles = [
    ...(process.env[NAMES_ENV_VAR] ?? '').split(delimiter).filter((f) => f.length > 0),
    ...(useSamples ? [join(bundledSamplesDir(), 'names.txt')] : []),
    ...(options.names ?? []),
  ];
  const names: string[] = [];
  for (const file of nameFiles) names.push(...(await readNameListFile(file, 'names file')));
  const app = loadViewerApp();
  let server;
  try {
    server = await startViewServer({ port, app, inputs, config: { names, dialect: read.dialect ?? null, reading: read.reading } });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') throw new UsageError(`view: port ${port} is in use; choose another with --port (0 picks a free one)`);
    if (code === 'EACCES') throw new UsageError(`view: not allowed to listen on port ${port}; choose another with --port`);
    throw error;
  }
  process.stdout.write(`anvil-skel view: ${inputs.length} file${inputs.length === 1 ? '' : 's'} at ${server.url} (Ctrl-C to stop)\n`);
  if (options.open === true) openInBrowser(server.url);
  const running = server;
  await new Promise<void>((done) => {
    const stop = (): void => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      void running.close().then(done);
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}
