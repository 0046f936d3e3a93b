/**
 * Ghost Recon Breakpoint, as public readers read it (our reading of what they describe): no BoneDisplayData
 * pointer, a second byte before the bone enum, and the Reflex3 constraints pointer after the two f32.
 */
import { anvilnextFamilyDeclaration } from '../anvilnext/family.js';
import { publicReadingLabel } from '../layout.js';

export const breakpointDeclaration = anvilnextFamilyDeclaration({
  name: 'anvilnext/breakpoint',
  title: 'Ghost Recon Breakpoint',
  source: 'public reading',
  variant: {
    header: 'seed',
    displayData: false,
    secondByte: true,
    modifiers: 'by-class',
    tail: 'breakpoint',
    boneNames: 'peer',
    label: publicReadingLabel,
  },
  component: false,
  // Read through the declarations: no generated reader (see LayoutDeclaration.compiledModule).
  compiledModule: null,
  docs: {
    path: 'docs/format-anvilnext-breakpoint.md',
    title: 'Skeleton format: anvilnext/breakpoint',
    intro: 'src/formats/anvilnext-breakpoint/intro.md',
  },
});
