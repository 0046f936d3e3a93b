/** The main title's layout, as the seed and the project's reading of the bytes it leaves open give it (docs/sources.md): 64-bit ids. */
import { anvilnextFamilyDeclaration } from './family.js';
import { SEED_VARIANT } from './variant.js';

export const anvilnextDeclaration = anvilnextFamilyDeclaration({
  name: 'anvilnext',
  title: 'the main title',
  source: 'seed',
  variant: SEED_VARIANT,
  component: true,
  compiledModule: 'src/formats/anvilnext/compiled.ts',
  docs: {
    path: 'docs/format-anvilnext.md',
    title: 'Skeleton format: anvilnext',
    intro: 'src/formats/anvilnext/intro.md',
  },
});
