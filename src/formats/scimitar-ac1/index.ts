import { defineLayout } from '../layout.js';
import { ac1Declaration } from './layout.js';

/** Assassin's Creed 1's layout (public reading), read through its declarations. */
export const ac1Layout = defineLayout(ac1Declaration, {});
