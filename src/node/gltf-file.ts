/** Reading an edited glTF file, and the buffers and images it names beside it, for `applyArmature`. */
import { readFile, stat } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import type { GltfInput } from '../export/gltf-import.js';
import { formatSize } from '../io/format.js';
import { fsReason } from './files.js';
import { ResourceInputError } from './resource-input-error.js';

/**
 * A glTF file as `applyArmature` takes it: a .glb's bytes, or a .gltf's JSON with every external
 * buffer and image read beside it (`resourcePaths`, the files read, are inputs an output must not
 * replace). Each file is read only within `maxSize`. A missing glTF (or resource) is a
 * {@link ResourceInputError} of kind `usage`; one that cannot be read, of kind `unread`.
 */
export async function readGltfFile(path: string, maxSize: number): Promise<{ input: GltfInput; resourcePaths: string[] }> {
  const bytes = await readLimited(path, maxSize, 'the glTF');
  if (bytes.length >= 4 && String.fromCharCode(...bytes.subarray(0, 4)) === 'glTF') return { input: bytes, resourcePaths: [] };
  let document: { buffers?: { uri?: unknown }[]; images?: { uri?: unknown }[] };
  try {
    document = JSON.parse(new TextDecoder().decode(bytes)) as typeof document;
  } catch {
    // Not JSON either: the library refuses it with its reason.
    return { input: bytes, resourcePaths: [] };
  }
  const resources: Record<string, Uint8Array> = {};
  const resourcePaths: string[] = [];
  const uris = [...(document.buffers ?? []), ...(document.images ?? [])].map((item) => item?.uri);
  for (const uri of uris) {
    if (typeof uri !== 'string' || uri.startsWith('data:') || uri in resources) continue;
    if (/^[a-z][a-z0-9+.-]*:/i.test(uri))
      throw new ResourceInputError('unread', `${path}: names the resource '${uri}', which is not a file beside it`);
    let relative: string;
    try {
      relative = decodeURIComponent(uri);
    } catch {
      throw new ResourceInputError('unread', `${path}: the resource URI '${uri}' is not well-formed percent-encoding`);
    }
    const file = resolve(dirname(path), relative);
    resources[uri] = await readLimited(file, maxSize, `the resource '${uri}' of ${path}`);
    resourcePaths.push(file);
  }
  return { input: { json: bytes, resources }, resourcePaths };
}

async function readLimited(path: string, maxSize: number, what: string): Promise<Uint8Array> {
  const info = await stat(path).catch((error: unknown) => {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      throw new ResourceInputError('usage', `no such file: ${path}${what === 'the glTF' ? '' : ` (${what})`}`);
    throw new ResourceInputError('unread', `${path}: ${fsReason(error)}`);
  });
  if (!info.isFile()) throw new ResourceInputError('unread', `${path}: ${what} is not a regular file`);
  if (info.size > maxSize)
    throw new ResourceInputError('unread', `${path}: ${what} is ${formatSize(info.size)}, over --max-size ${formatSize(maxSize)}`);
  try {
    return new Uint8Array(await readFile(path));
  } catch (error) {
    throw new ResourceInputError('unread', `${path}: ${fsReason(error)}`);
  }
}
