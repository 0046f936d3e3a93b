/** Regenerates src/names/data/lists.ts from the name lists in src/names/data/*.txt. */
import { writeFileSync } from 'node:fs';
import { NAME_DATA_MODULE, readNameDataFiles, renderNameData } from './name-data.js';

writeFileSync(NAME_DATA_MODULE, await renderNameData(readNameDataFiles()));
process.stdout.write(`wrote ${NAME_DATA_MODULE}\n`);
