/** Shaun White Skateboarding's layout, as the seed gives it: 32-bit ids. */
import { SWS_VARIANT } from './bone.js';
import { scimitarFamilyDeclaration } from './family.js';

export const scimitarDeclaration = scimitarFamilyDeclaration({
  name: 'scimitar',
  title: 'Shaun White Skateboarding',
  source: 'seed',
  variant: SWS_VARIANT,
  compiledModule: 'src/formats/scimitar/compiled.ts',
  compiledName: 'scimitarSkeletonReader',
  docs: {
    path: 'docs/format-scimitar.md',
    title: 'Skeleton format: scimitar',
    intro: 'src/formats/scimitar/intro.md',
  },
});
