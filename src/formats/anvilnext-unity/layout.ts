/**
 * Assassin's Creed Unity, as public readers read it (our reading of what they describe): a leading byte
 * and four unknown bytes in the header, no BoneDisplayData pointer, and a file that ends after the
 * two f32.
 */
import { anvilnextFamilyDeclaration } from '../anvilnext/family.js';
import { publicReadingLabel } from '../layout.js';

export const unityDeclaration = anvilnextFamilyDeclaration({
  name: 'anvilnext/unity',
  title: "Assassin's Creed Unity",
  source: 'public reading',
  variant: {
    header: 'unity',
    displayData: false,
    secondByte: false,
    modifiers: 'by-class',
    tail: 'unity',
    boneNames: 'peer',
    label: publicReadingLabel,
  },
  component: false,
  // Read through the declarations: no generated reader (see LayoutDeclaration.compiledModule).
  compiledModule: null,
  docs: {
    path: 'docs/format-anvilnext-unity.md',
    title: 'Skeleton format: anvilnext/unity',
    intro: 'src/formats/anvilnext-unity/intro.md',
  },
});
