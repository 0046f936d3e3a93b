import { defineLayout } from '../layout.js';
import { wildlandsDeclaration } from './layout.js';

/** Ghost Recon Wildlands' layout (public reading), read through its declarations. */
export const wildlandsLayout = defineLayout(wildlandsDeclaration, {});
