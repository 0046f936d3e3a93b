import { defineLayout } from '../layout.js';
import { unityDeclaration } from './layout.js';

/** Assassin's Creed Unity's layout (public reading), read through its declarations. */
export const unityLayout = defineLayout(unityDeclaration, {});
