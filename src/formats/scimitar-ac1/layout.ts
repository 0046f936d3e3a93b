/**
 * Assassin's Creed 1, as public readers read it (public reading; the bytes the project fixes: docs/sources.md): `scimitar` without
 * the managed bytes, and a counted extras array (which must be empty) in place of the constraints.
 */
import { scimitarFamilyDeclaration } from '../scimitar/family.js';
import { publicReadingLabel } from '../layout.js';

export const ac1Declaration = scimitarFamilyDeclaration({
  name: 'scimitar/ac1',
  title: "Assassin's Creed 1",
  source: 'public reading',
  variant: { title: 'ac1', label: publicReadingLabel },
  // Read through the declarations: no generated reader (see LayoutDeclaration.compiledModule).
  compiledModule: null,
  compiledName: 'ac1SkeletonReader',
  docs: {
    path: 'docs/format-scimitar-ac1.md',
    title: 'Skeleton format: scimitar/ac1',
    intro: 'src/formats/scimitar-ac1/intro.md',
  },
});
