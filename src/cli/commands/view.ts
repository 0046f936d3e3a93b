/** `view [paths...]`: the web viewer on 127.0.0.1. The work is in actions/view.ts, loaded only when the command runs. */
import type { Command } from 'commander';
import type { ViewOptions } from '../actions/view.js';
import { addNamesOption } from '../names-option.js';
import { addEveryDataFileOption, addResourceOptions } from '../options.js';

export type { ViewOptions } from '../actions/view.js';

export const DEFAULT_VIEW_PORT = 7347;

export function registerViewCommand(program: Command): void {
  const command = program
    .command('view')
    .description('open the web viewer: the rig in 3D, the bone tree, and every byte annotated (on 127.0.0.1 only)')
    .argument('[paths...]', 'resource files, .forge archives and folders to list (default: the bundled samples)')
    .option('--port <n>', 'port to listen on (0 picks a free one)', String(DEFAULT_VIEW_PORT))
    .option('--open', 'open the page in the default browser');
  addResourceOptions(command);
  addEveryDataFileOption(command);
  addNamesOption(command);
  command.addHelpText(
    'after',
    [
      '',
      'Serves the viewer on http://127.0.0.1:<port>/ and prints the URL; Ctrl-C stops it. The page lists the',
      'files given (folders are walked) and also opens local files by drag and drop or its file picker, which',
      'it reads in the browser: nothing is uploaded. Its Assembly tab assembles every SkeletonComponent among',
      'the files; its Skinning tab checks dropped MeshBones (*.meshbones.json), a palette (*.palette.json) and',
      'constants dumps (*.bin) against the selected Skeleton.',
      '',
      '.forge archives (told by their magic, whatever their name), given or found in a folder, are listed by their',
      'tables at start: the page shows every entry at once (number, name, class, size), as a tree archive → entry →',
      "record, and reads an entry's data file only when it is opened, listing its Skeleton and SkeletonComponent",
      'records named as the census names them ("archive: entry N \\"name\\": resource I \\"name\\""). Refused entries',
      'are grouped under one row per archive, each with its archive offset and path. Only data files whose index',
      "type is Skeleton or SkeletonComponent (the class of a data file's first resource) are read; --every-data-file",
      'reads them all. An archive dropped on the page is read in the browser, one data file at a time.',
      '',
      'Security: the server listens on 127.0.0.1 only, serves only its own files and the files listed at start',
      '(by an opaque id, never by a path from the request; anything else is 404), accepts only GET and HEAD',
      'without a body, refuses a Host header other than 127.0.0.1:<port> or localhost:<port> (DNS rebinding),',
      "and sends Content-Security-Policy default-src 'self' (no inline script, no eval) with nosniff.",
      '',
      'Examples:',
      '  anvil-skel view',
      '  anvil-skel view --port 0 --open samples/anvilnext',
      '  anvil-skel view --names my-names.txt extracted/',
      '  anvil-skel view DataPC.forge --every-data-file',
      '',
      'Exit status: 0 when stopped, 2 on a usage error (no such path, port in use or invalid).',
    ].join('\n'),
  );
  command.action(async (paths: string[], options: ViewOptions) => {
    const { viewCommand } = await import('../actions/view.js');
    await viewCommand(paths, options);
  });
}
