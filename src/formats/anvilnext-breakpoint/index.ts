import { defineLayout } from '../layout.js';
import { breakpointDeclaration } from './layout.js';

/** Ghost Recon Breakpoint's layout (public reading), read through its declarations. */
export const breakpointLayout = defineLayout(breakpointDeclaration, {});
