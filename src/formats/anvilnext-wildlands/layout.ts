/** Ghost Recon Wildlands, as public readers read it (our reading of what they describe): `anvilnext` without the BoneDisplayData pointer. */
import { anvilnextFamilyDeclaration } from '../anvilnext/family.js';
import { publicReadingLabel } from '../layout.js';

export const wildlandsDeclaration = anvilnextFamilyDeclaration({
  name: 'anvilnext/wildlands',
  title: 'Ghost Recon Wildlands',
  source: 'public reading',
  variant: {
    header: 'seed',
    displayData: false,
    secondByte: false,
    modifiers: 'wildlands',
    tail: 'seed',
    boneNames: 'peer',
    label: publicReadingLabel,
  },
  component: false,
  // Read through the declarations: no generated reader (see LayoutDeclaration.compiledModule).
  compiledModule: null,
  docs: {
    path: 'docs/format-anvilnext-wildlands.md',
    title: 'Skeleton format: anvilnext/wildlands',
    intro: 'src/formats/anvilnext-wildlands/intro.md',
  },
});
