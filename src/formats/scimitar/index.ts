import { defineLayout } from '../layout.js';
import * as compiled from './compiled.js';
import { scimitarDeclaration } from './layout.js';
import type { ScimitarSkeleton } from './skeleton.js';
import type { StructCodec } from '../../grammar/struct.js';

export * from './bone.js';
export * from './skeleton.js';

/** Shaun White Skateboarding's layout, reading through its generated reader. */
export const scimitarLayout = defineLayout(scimitarDeclaration, compiled);

/** The SWS Skeleton, read through its generated reader (`compiled.ts`) when no field path is kept. */
export const scimitarSkeleton = scimitarLayout.codec('Skeleton') as unknown as StructCodec<ScimitarSkeleton>;
