/** What `view` does (declared in commands/view.ts): the node entry lists the inputs and serves them; this parses, prints and stops. */
import { spawn } from 'node:child_process';
import { delimiter, join } from 'node:path';
import { ArchiveProfileChoiceError } from '../../node/census.js';
import { NoInputError } from '../../node/files.js';
import { loadViewerApp, ViewerNotBuiltError } from '../../node/view-app.js';
import { listViewInputs, type ViewArchive, type ViewInput } from '../../node/view-listing.js';
import { startViewServer } from '../../node/view-server.js';
import { UsageError } from '../errors.js';
import { readNameListFile } from '../../node/name-lists.js';
import { NAMES_ENV_VAR } from '../names-option.js';
import { forgeOpenOptions, type ForgeProfileValues, type ResourceOptionValues } from '../options.js';
import { bundledSamplesDir } from '../paths.js';
import { resourceReadOptions } from '../read-options.js';

/** `anvil-skel view: 5 files (4 from archives) at http://…`: the startup line. */
export function viewStartupLine(inputs: readonly ViewInput[], url: string, archives: readonly ViewArchive[] = []): string {
  const fromArchives = inputs.filter((input) => input.archive !== undefined).length;
  const files = `${inputs.length} file${inputs.length === 1 ? '' : 's'}`;
  const entries = archives.reduce((sum, a) => sum + a.entries.length, 0);
  const listed =
    archives.length === 0
      ? ''
      : `, ${archives.length} archive${archives.length === 1 ? '' : 's'} of ${entries.toLocaleString('en-US')} entr${entries === 1 ? 'y' : 'ies'}`;
  return `anvil-skel view: ${files}${fromArchives > 0 ? ` (${fromArchives} from archives)` : ''}${listed} at ${url} (Ctrl-C to stop)\n`;
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

/** The node entry's errors that are the user's to fix, as usage errors (exit 2) with the same words. */
function usageError(error: unknown): unknown {
  if (error instanceof NoInputError || error instanceof ArchiveProfileChoiceError) return new UsageError(error.message);
  if (error instanceof ViewerNotBuiltError) return new UsageError(`view: ${error.message}`);
  return error;
}

/** The options of `view`, as commander parses them (declared in commands/view.ts). */
export interface ViewOptions extends ResourceOptionValues, ForgeProfileValues {
  port: string;
  open?: boolean;
  names?: string[];
  everyDataFile?: boolean;
}

/** Runs `view` with what commander parsed; resolves when the server stops (SIGINT or SIGTERM). */
export async function viewCommand(paths: string[], options: ViewOptions): Promise<void> {
  const port = parsePort(options.port);
  const read = resourceReadOptions(options);
  const useSamples = paths.length === 0;
  const everyDataFile = options.everyDataFile === true;
  const forge = forgeOpenOptions(options);
  const listing = await listViewInputs(useSamples ? [bundledSamplesDir()] : paths, { maxSize: read.maxSize, everyDataFile, forge }).catch(
    (error: unknown) => Promise.reject(usageError(error)),
  );
  let server;
  try {
    const nameFiles = [
      ...(process.env[NAMES_ENV_VAR] ?? '').split(delimiter).filter((f) => f.length > 0),
      ...(useSamples ? [join(bundledSamplesDir(), 'names.txt')] : []),
      ...(options.names ?? []),
    ];
    const names: string[] = [];
    for (const file of nameFiles) names.push(...(await readNameListFile(file, 'names file')));
    const app = loadViewerApp();
    // How the server opens its archives, so that the page's census reads them alike.
    const config = { names, dialect: read.dialect ?? null, reading: read.reading, everyDataFile, forge };
    server = await startViewServer({ port, app, inputs: listing.inputs, archives: listing.archives, config });
  } catch (error) {
    await listing.close();
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') throw new UsageError(`view: port ${port} is in use; choose another with --port (0 picks a free one)`);
    if (code === 'EACCES') throw new UsageError(`view: not allowed to listen on port ${port}; choose another with --port`);
    throw usageError(error);
  }
  process.stdout.write(viewStartupLine(listing.inputs, server.url, listing.archives));
  if (options.open === true) openInBrowser(server.url);
  const running = server;
  await new Promise<void>((done) => {
    const stop = (): void => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      void running
        .close()
        .then(() => listing.close())
        .then(done);
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}
