/** What `view` does (declared in commands/view.ts): list the inputs, load the app, serve both on 127.0.0.1. */
import type { OpenForgeOptions } from '../../archive/forge-open.js';
import { forgeOpenOptions } from '../options.js';
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { extname, join, relative, resolve } from 'node:path';
import type { ForgeProfileValues, ResourceOptionValues } from '../options.js';
import { UsageError } from '../errors.js';
import { fsReason, walkInputs } from '../files.js';
import { readInputFile } from '../input-file.js';
import { isForgeHeader } from '../../archive/forge-select.js';
import { forgeRecords } from '../../archive/forge-records.js';
import { formatAddress } from '../../io/address.js';
import type { ParseError } from '../../io/errors.js';
import { ArchiveRefusal, openForgeFile } from '../forge-archive.js';
import { readNameListFile } from '../name-lists.js';
import { NAMES_ENV_VAR } from '../names-option.js';
import { resourceReadOptions } from '../read-options.js';
import { bundledSamplesDir, packageRoot } from '../paths.js';
import { startViewServer, type AppFile, type ViewArchive, type ViewEntryRead, type ViewInput } from '../view-server.js';
import { browseForge, keptRecordBody } from '../../archive/forge-browse.js';
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

/** How a file found in a folder is shown: relative to the path given that holds it (else as found). */
function shownNamer(paths: readonly string[]): (path: string) => string {
  const roots = paths.map((p) => resolve(p));
  return (path) => {
    for (const root of roots) {
      const rel = relative(root, path);
      if (rel !== '' && !rel.startsWith('..')) return rel.replaceAll('\\', '/');
    }
    return path;
  };
}

/** How `view` lists its inputs. */
export interface ViewListOptions {
  /** Read every data file of an archive, not only those the index types Skeleton or SkeletonComponent. */
  everyDataFile?: boolean;
  /** How archives are opened: the profile, detected by default. */
  forge?: OpenForgeOptions;
  /** Data files of an archive done, of its total (for the progress line). */
  onArchiveProgress?: (archive: string, done: number, total: number) => void;
}

/**
 * The files to list, with their bytes: named files always, files found in folders when their
 * header is a resource's, and for each `.forge` archive (told by its magic) every Skeleton and
 * SkeletonComponent record inside, named as the census names it. Resolves once every archive is read.
 */
export async function viewInputs(paths: readonly string[], maxSize: number, options: ViewListOptions = {}): Promise<ViewInput[]> {
  const walk = walkInputs(paths);
  const shownName = shownNamer(paths);
  const inputs: ViewInput[] = [];
  for (const file of walk.files) {
    const read = readInputFile(file.path, { maxSize });
    const name = file.explicit ? file.path : shownName(resolve(file.path));
    if (read.kind === 'resource') inputs.push({ name, bytes: read.bytes });
    else if (read.kind === 'other' && isForgeHeader(read.head)) inputs.push(...(await archiveInputs(file.path, name, maxSize, options)));
    else if (read.kind === 'truncated' || file.explicit) {
      // Named, or short but named like a resource: the page shows why it is not one.
      const bytes = read.kind === 'unreadable' ? null : readFileSync(file.path);
      inputs.push({ name, bytes, note: read.kind === 'unreadable' ? read.reason : undefined });
    }
  }
  for (const problem of walk.problems) if (problem.failed) inputs.push({ name: problem.path, bytes: null, note: problem.reason });
  return inputs;
}

/**
 * One archive's entries of the list, named as the census names them, with the archive `shown` as
 * the list shows files (a path given as given, one found in a folder relative to it): a Skeleton or SkeletonComponent record with a copy of its body only (the data file and its
 * other resources are let go), and a refusal of the tables or of a data file as an entry without
 * bytes whose note gives the archive offset and path. The data files after a refused one are read.
 */
async function archiveInputs(archive: string, shown: string, maxSize: number, options: ViewListOptions): Promise<ViewInput[]> {
  const refused = (name: string, refusal: ParseError): ViewInput => ({
    name,
    bytes: null,
    note: `refused at ${refusal.message}`,
    refused: true,
    archive,
  });
  let opened;
  try {
    opened = await openForgeFile(archive, options.forge);
  } catch (error) {
    // Profiles that read the archive differently: the user must name one (exit 2).
    if (error instanceof UsageError) throw error;
    if (error instanceof ArchiveRefusal) return [refused(shown, error.refusal)];
    const message = (error as Error).message;
    return [{ name: shown, bytes: null, note: message.startsWith(`${archive}: `) ? message.slice(archive.length + 2) : message, archive }];
  }
  const inputs: ViewInput[] = [];
  try {
    let done = 0;
    let total = 0;
    for await (const item of forgeRecords(opened.forge, { name: shown, everyDataFile: options.everyDataFile === true })) {
      switch (item.kind) {
        case 'selection':
          total = item.entries.length;
          options.onArchiveProgress?.(archive, done, total);
          break;
        case 'refusal':
          // An index entry refused (its data file outside the archive, the path names the block and slot), or a data file.
          inputs.push(refused(formatAddress(item.address), item.refusal));
          if (item.entry !== null) options.onArchiveProgress?.(archive, ++done, total);
          break;
        case 'failed':
          // Not a refusal: the file itself failed (it shrank, a read error), and nothing after it is read.
          inputs.push({
            name: formatAddress(item.address),
            bytes: null,
            note: `cannot read the archive: ${fsReason(item.error)}`,
            archive,
          });
          options.onArchiveProgress?.(archive, ++done, total);
          break;
        case 'record': {
          const kept = keptRecordBody(item.resource.classHash, item.resource.body, maxSize);
          const name = formatAddress(item.address);
          if (kept.bytes === null) inputs.push({ name, bytes: null, note: kept.note, archive });
          // Its place lets the page write the archive with it replaced.
          else inputs.push({ name, bytes: kept.bytes, archive, place: { entry: item.entry.number, resource: item.index } });
          break;
        }
        case 'dataFile':
          options.onArchiveProgress?.(archive, ++done, total);
          break;
      }
    }
    // Done, also when a failing source ended the reading early.
    if (done !== total) options.onArchiveProgress?.(archive, total, total);
  } finally {
    await opened.close();
  }
  return inputs;
}

/** What `view` lists: loose files with their bytes, and archives by their tables alone. */
export interface ViewListing {
  inputs: ViewInput[];
  archives: ViewArchive[];
  /** Closes the archives' files. */
  close(): Promise<void>;
}

/**
 * The files to list, as {@link viewInputs} lists them, except that an archive is listed by its
 * tables alone: its entries at once, each data file read when the page asks for it. Resolves once
 * every archive's tables are read; no data file is read for the listing.
 */
export async function viewListing(paths: readonly string[], maxSize: number, options: ViewListOptions = {}): Promise<ViewListing> {
  const walk = walkInputs(paths);
  const shownName = shownNamer(paths);
  const listing: ViewListing = { inputs: [], archives: [], close: async () => {} };
  const closers: (() => Promise<void>)[] = [];
  listing.close = async () => {
    for (const close of closers.splice(0)) await close();
  };
  for (const file of walk.files) {
    const read = readInputFile(file.path, { maxSize });
    const name = file.explicit ? file.path : shownName(resolve(file.path));
    if (read.kind === 'resource') listing.inputs.push({ name, bytes: read.bytes });
    else if (read.kind === 'other' && isForgeHeader(read.head)) {
      const archive = await archiveTables(file.path, name, maxSize, options, closers);
      listing.archives.push(archive);
    } else if (read.kind === 'truncated' || file.explicit) {
      const bytes = read.kind === 'unreadable' ? null : readFileSync(file.path);
      listing.inputs.push({ name, bytes, note: read.kind === 'unreadable' ? read.reason : undefined });
    }
  }
  for (const problem of walk.problems) if (problem.failed) listing.inputs.push({ name: problem.path, bytes: null, note: problem.reason });
  return listing;
}

/**
 * One archive by its tables: every entry of its index (bookkeeping entries aside), those whose data
 * files `view` reads marked skeletal; the table's refusals; and a reader of one entry's data file,
 * its records named as the census names them. Tables refused or unreadable: no entries, the note
 * says why. The archive stays open (its closer pushed on `closers`) for the page's requests.
 */
async function archiveTables(
  archive: string,
  shown: string,
  maxSize: number,
  options: ViewListOptions,
  closers: (() => Promise<void>)[],
): Promise<ViewArchive> {
  const none = async (): Promise<ViewEntryRead> => Promise.reject(new Error('no such entry'));
  let opened;
  try {
    opened = await openForgeFile(archive, options.forge);
  } catch (error) {
    if (error instanceof UsageError) throw error;
    if (error instanceof ArchiveRefusal)
      return {
        path: archive,
        name: shown,
        entries: [],
        refusals: [],
        note: `refused at ${error.refusal.message}`,
        refused: true,
        readEntry: none,
      };
    const message = (error as Error).message;
    const note = message.startsWith(`${archive}: `) ? message.slice(archive.length + 2) : message;
    return { path: archive, name: shown, entries: [], refusals: [], note, readEntry: none };
  }
  closers.push(() => opened.close());
  return {
    path: archive,
    name: shown,
    ...browseForge(opened.forge, { name: shown, everyDataFile: options.everyDataFile, maxSize, failureReason: fsReason }),
  };
}

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
  // Archives by their tables alone: the page lists their entries at once and asks for a data file when one is looked at.
  const listing = await viewListing(useSamples ? [bundledSamplesDir()] : paths, read.maxSize, {
    everyDataFile: options.everyDataFile === true,
    forge: forgeOpenOptions(options),
  });
  const inputs = listing.inputs;
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
    server = await startViewServer({
      port,
      app,
      inputs,
      archives: listing.archives,
      config: { names, dialect: read.dialect ?? null, reading: read.reading, everyDataFile: options.everyDataFile === true },
    });
  } catch (error) {
    await listing.close();
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') throw new UsageError(`view: port ${port} is in use; choose another with --port (0 picks a free one)`);
    if (code === 'EACCES') throw new UsageError(`view: not allowed to listen on port ${port}; choose another with --port`);
    throw error;
  }
  process.stdout.write(viewStartupLine(inputs, server.url, listing.archives));
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
