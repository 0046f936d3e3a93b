/** Regenerates the generated pages in docs/: the format tables, the archive profiles and the named checks, from their declarations. */
import { readFileSync, writeFileSync } from 'node:fs';
import { checksDocs } from '../src/analysis/checks/docs.js';
import { forgeProfileDocs } from '../src/archive/profile/docs.js';
import { formatDocs } from '../src/formats/docs.js';

for (const [path, text] of Object.entries({
  ...formatDocs((path) => readFileSync(path, 'utf8')),
  ...forgeProfileDocs(),
  ...checksDocs(),
})) {
  writeFileSync(path, text);
  process.stdout.write(`wrote ${path}\n`);
}
