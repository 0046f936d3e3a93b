/**
 * The package as a consumer gets it. The library is built once into a temporary folder (never the
 * project's own dist/, which other tests use), packed with `npm pack` and unpacked into the
 * node_modules of a temporary consumer project, its dependencies linked from the project's own
 * node_modules (no network). Code using the root and every subpath is then type-checked with the
 * project's tsc as strictly as a consumer may: `skipLibCheck: false`, `isolatedModules`, `strict`,
 * for ES2022 and ESNext, through `nodenext` and `bundler` resolution, with no DOM and no Node types,
 * and run. The library guide (docs/library.md) is checked and run the same way.
 */
import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeForge } from '../../src/archive/forge-writer.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const TSC = join(ROOT, 'node_modules/typescript/bin/tsc');
const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const run = promisify(execFile);

interface Manifest {
  name: string;
  dependencies?: Record<string, string>;
  scripts?: Record<string, string>;
}

let temp = '';
let consumer = '';

/** Builds the library into `stage/dist`, packs it, and unpacks it as the consumer's dependency. */
function installPackedPackage(): void {
  const stage = join(temp, 'stage');
  mkdirSync(stage);
  const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as Manifest;
  // The build already ran here; `npm pack` must not run `prepare` (a second build, into the project).
  delete manifest.scripts;
  writeFileSync(join(stage, 'package.json'), JSON.stringify(manifest, null, 2));
  // docs/ as committed: a generated docs/api/ of a local `npm run docs:api` is not packed anyway.
  for (const item of ['README.md', 'samples', 'docs'])
    cpSync(join(ROOT, item), join(stage, item), { recursive: true, filter: (source) => !source.includes(join('docs', 'api')) });
  execFileSync(process.execPath, [TSC, '-p', join(ROOT, 'tsconfig.build.json'), '--outDir', join(stage, 'dist'), '--sourceMap', 'false'], {
    cwd: ROOT,
    stdio: 'pipe',
  });
  const packed = execFileSync(NPM, ['pack', '--json', '--ignore-scripts', '--pack-destination', temp], {
    cwd: stage,
    encoding: 'utf8',
    stdio: 'pipe',
    shell: process.platform === 'win32',
  });
  const tarball = join(temp, (JSON.parse(packed) as { filename: string }[])[0]!.filename);

  consumer = join(temp, 'consumer');
  const installed = join(consumer, 'node_modules', manifest.name);
  mkdirSync(installed, { recursive: true });
  execFileSync('tar', ['-xzf', tarball, '-C', installed, '--strip-components=1'], { stdio: 'pipe' });
  for (const dependency of Object.keys(manifest.dependencies ?? {})) {
    const link = join(consumer, 'node_modules', dependency);
    mkdirSync(dirname(link), { recursive: true });
    symlinkSync(join(ROOT, 'node_modules', dependency), link, 'junction');
  }
  writeFileSync(join(consumer, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
}

/**
 * Writes a tsconfig for `files` and type-checks them (or builds them into `outDir`), resolving
 * with tsc's exit code and output. Asynchronous, so the settings are checked side by side.
 */
async function typeCheck(name: string, files: string[], options: Record<string, unknown>): Promise<{ code: number; output: string }> {
  const config = {
    compilerOptions: {
      strict: true,
      skipLibCheck: false,
      isolatedModules: true,
      verbatimModuleSyntax: true,
      noEmit: true,
      types: [],
      ...options,
    },
    files,
  };
  writeFileSync(join(consumer, `tsconfig.${name}.json`), JSON.stringify(config, null, 2));
  try {
    const { stdout, stderr } = await run(process.execPath, [TSC, '-p', `tsconfig.${name}.json`], { cwd: consumer, encoding: 'utf8' });
    return { code: 0, output: `${stdout}${stderr}` };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: `${failed.stdout}${failed.stderr}` };
  }
}

/** Uses the root and every subpath, values and types, as a consumer would. */
const CONSUMER_SOURCE = `
// Neither the DOM nor Node's types are loaded: the package must not need them. This is all the
// consumer itself needs of its host.
declare const console: { log(text: string): void };
import { CensusAccumulator, ParseError, readResource, runChecks, skeletonFromResource, writeResource, type CheckResult, type Skeleton } from 'anvil-skeleton';
import { applyArmature, ArmatureImportError, exportGlb, type ArmatureImport, type GltfExportOptions } from 'anvil-skeleton/gltf';
import { PrimitiveKind, decodeAll, field, struct, u32, type Infer } from 'anvil-skeleton/grammar';
import { sampleCorpus } from 'anvil-skeleton/samples';

const pair = struct('Pair', { a: field(u32, 'Proven'), b: field(u32, 'Observed') });
const decoded: Infer<typeof pair> = decodeAll(pair, new Uint8Array([1, 0, 0, 0, 2, 0, 0, 0])).value;
const kind: PrimitiveKind = PrimitiveKind.U32;
if (decoded.a + decoded.b !== 3 || u32.primitive !== kind) throw new Error('grammar: wrong decode');

const census = new CensusAccumulator();
let first: Skeleton | null = null;
let firstResource: Parameters<typeof applyArmature>[0] | null = null;
for (const file of sampleCorpus()) {
  census.addFile(file.path, file.bytes);
  const result = readResource(file.bytes);
  if (result === null) throw new Error(\`not a resource: \${file.path}\`);
  if (writeResource(result.resource).length !== file.bytes.length) throw new Error('write: wrong length');
  if (result.resource.kind === 'Skeleton') {
    const skeleton = skeletonFromResource(result.resource);
    const results: CheckResult[] = runChecks({ skeleton, record: result.resource.record });
    if (results.some((r) => r.status === 'failed')) throw new Error(\`checks failed: \${file.path}\`);
    first ??= skeleton;
    firstResource ??= result.resource;
  }
}
if (!census.report().ok) throw new Error('census: not ok');
try {
  readResource(new Uint8Array(16).fill(0xff), { dialect: 'scimitar' });
} catch (error) {
  if (!(error instanceof ParseError)) throw error;
}
const options: Partial<GltfExportOptions> = { pose: 'runtime', mesh: false };
const glb = await exportGlb(first!, options);
if (String.fromCharCode(...glb.subarray(0, 4)) !== 'glTF') throw new Error('gltf: not a GLB');
try {
  await applyArmature(firstResource!, glb);
  throw new Error('gltf: a runtime export was applied');
} catch (error) {
  if (!(error instanceof ArmatureImportError) || error.reason !== 'runtime-pose') throw error;
}
const back: ArmatureImport = await applyArmature(firstResource!, await exportGlb(first!));
if (back.changes.length !== 0 || back.bytes.length !== writeResource(firstResource!).length) throw new Error('gltf: the round trip changed');
console.log('consumer ran');
`;

/** Every compiler setting a consumer may reasonably build with. */
const TARGETS: Record<string, Record<string, unknown>> = {
  // This one also emits the JavaScript the run below executes: one compile, not two.
  'es2022-nodenext': { target: 'ES2022', lib: ['ES2022'], module: 'NodeNext', moduleResolution: 'NodeNext', noEmit: false, outDir: 'out' },
  'esnext-nodenext': { target: 'ESNext', lib: ['ESNext'], module: 'NodeNext', moduleResolution: 'NodeNext' },
  'es2022-bundler': { target: 'ES2022', lib: ['ES2022'], module: 'ESNext', moduleResolution: 'Bundler' },
  'esnext-bundler': { target: 'ESNext', lib: ['ESNext'], module: 'ESNext', moduleResolution: 'Bundler' },
};

/** The ```ts blocks of the library guide, docs/library.md, in order, as one module. */
function libraryGuide(): string {
  const guide = readFileSync(join(ROOT, 'docs/library.md'), 'utf8');
  return [...guide.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1]!).join('\n');
}

/**
 * The archive the guide reads beside the rider: one data file (entry `CHR_Rider.Skeleton`) holding
 * the rider's bytes as resource `Rider`, then a mesh record of 300 bytes of another class.
 */
function guideArchive(rider: Uint8Array): Uint8Array {
  return writeForge({
    profile: 'unity',
    version: 27,
    entries: [
      {
        id: 0x1111n,
        name: 'CHR_Rider.Skeleton',
        resourceType: 0x24aecb7c,
        resources: [
          { classHash: 0x24aecb7c, id: 0xa1n, name: 'Rider', body: rider },
          { classHash: 0x415d9568, id: 0xa2n, name: 'Rider_Mesh', body: new Uint8Array(300).fill(7) },
        ],
      },
    ],
  });
}

/** The type checks, started together once the package is installed. */
const checks = new Map<string, Promise<{ code: number; output: string }>>();

beforeAll(() => {
  temp = mkdtempSync(join(tmpdir(), 'anvil-consumer-'));
  installPackedPackage();
  writeFileSync(join(consumer, 'consumer.ts'), CONSUMER_SOURCE);
  for (const [name, options] of Object.entries(TARGETS)) checks.set(name, typeCheck(name, ['consumer.ts'], options));
  writeFileSync(join(consumer, 'guide.ts'), libraryGuide());
  // The guide reads files with node:fs: its types come from the project's @types/node.
  mkdirSync(join(consumer, 'node_modules/@types'), { recursive: true });
  symlinkSync(join(ROOT, 'node_modules/@types/node'), join(consumer, 'node_modules/@types/node'), 'junction');
  checks.set('guide', typeCheck('guide', ['guide.ts'], { ...TARGETS['es2022-nodenext'], types: ['node'], outDir: 'guide-out' }));
}, 120_000);

afterAll(() => {
  if (temp) rmSync(temp, { recursive: true, force: true });
});

// tsc with skipLibCheck false checks the standard library too: seconds per setting.
describe('a consumer of the packed package', { timeout: 120_000 }, () => {
  it('gets the built entries and their declarations, and no tests or sources', () => {
    const files = readdirSync(join(consumer, 'node_modules/anvil-skeleton/dist'));
    for (const entry of ['index', 'gltf', 'grammar', 'samples', 'node'])
      expect(files).toEqual(expect.arrayContaining([`${entry}.js`, `${entry}.d.ts`]));
    const top = readdirSync(join(consumer, 'node_modules/anvil-skeleton'));
    expect(top).not.toContain('test');
    expect(top).not.toContain('src');
  });

  it('the check sees an error in the consumer code, so a pass means the code compiles', async () => {
    writeFileSync(
      join(consumer, 'broken.ts'),
      "import { readResource } from 'anvil-skeleton';\nconst n: number = readResource(new Uint8Array(0));\nexport { n };\n",
    );
    const result = await typeCheck('broken', ['broken.ts'], { ...TARGETS['es2022-nodenext'], noEmit: true });
    expect(result.code).not.toBe(0);
    expect(result.output).toContain('TS2322');
  });

  for (const name of Object.keys(TARGETS)) {
    it(`type-checks against the root and every subpath: ${name}, skipLibCheck false, isolatedModules`, async () => {
      const result = await checks.get(name)!;
      expect(result.output).toBe('');
      expect(result.code).toBe(0);
    });
  }

  it('runs against the packed package', async () => {
    expect((await checks.get('es2022-nodenext')!).code).toBe(0);
    const output = execFileSync(process.execPath, [join(consumer, 'out/consumer.js')], { cwd: consumer, encoding: 'utf8' });
    expect(output).toBe('consumer ran\n');
  });

  it('runCensus of a Node script that imports only the package entries gives the JSON of `anvil-skel census --json`', () => {
    // A folder of loose files (the bundled samples) and archives: one holding the rider, one cut short.
    const folder = join(temp, 'census-folder');
    cpSync(join(ROOT, 'samples'), join(folder, 'samples'), { recursive: true });
    const rider = new Uint8Array(readFileSync(join(ROOT, 'samples/anvilnext/MAD_CHR_Skel_U.Skeleton')));
    const archive = guideArchive(rider);
    writeFileSync(join(folder, 'DataPC.forge'), archive);
    writeFileSync(join(folder, 'cut.forge'), archive.subarray(0, 200));
    writeFileSync(
      join(consumer, 'census.mjs'),
      [
        "import { toJsonText } from 'anvil-skeleton';",
        "import { runCensus } from 'anvil-skeleton/node';",
        'const [folder, jobs] = process.argv.slice(2);',
        // filesPerThread 0: a worker thread of the installed package reads a share even of this small folder.
        'const report = await runCensus([folder], { jobs: Number(jobs), filesPerThread: 0 });',
        'process.stdout.write(toJsonText(report));',
        '',
      ].join('\n'),
    );
    const library = (jobs: number): unknown =>
      JSON.parse(execFileSync(process.execPath, [join(consumer, 'census.mjs'), folder, String(jobs)], { cwd: consumer, encoding: 'utf8' }));
    // The project's own built CLI (npm run build); it exits 1, since the cut archive is refused.
    const cli = spawnSync(process.execPath, [join(ROOT, 'dist/cli.js'), 'census', folder, '--json'], { cwd: consumer, encoding: 'utf8' });
    expect(cli.status).toBe(1);
    const expected = JSON.parse(cli.stdout) as {
      archives: { archive: string; skeletons: number; version: number | null }[];
      archiveRefused: number;
    };
    expect(expected.archives.map((a) => [a.archive, a.version, a.skeletons])).toEqual([
      [join(folder, 'DataPC.forge'), 27, 1],
      [join(folder, 'cut.forge'), null, 0],
    ]);
    expect(expected.archiveRefused).toBe(1);
    expect(library(1)).toEqual(expected);
    expect(library(2)).toEqual(expected);
  });

  it('the library guide (docs/library.md) type-checks and runs against the package', async () => {
    expect(libraryGuide()).toContain("from 'anvil-skeleton/gltf'");
    const built = await checks.get('guide')!;
    expect(built.output).toBe('');
    expect(built.code).toBe(0);
    const work = join(temp, 'guide-run');
    mkdirSync(work);
    cpSync(join(ROOT, 'samples/anvilnext/MAD_CHR_Skel_U.Skeleton'), join(work, 'MAD_CHR_Skel_U.Skeleton'));
    const rider = new Uint8Array(readFileSync(join(work, 'MAD_CHR_Skel_U.Skeleton')));
    writeFileSync(join(work, 'DataPC.forge'), guideArchive(rider));
    const output = execFileSync(process.execPath, [join(consumer, 'guide-out/guide.js')], { cwd: work, encoding: 'utf8' });
    expect(output).toContain('held');
    // The archive's Skeleton entry lists both its records, the rider's 4,095 bytes first; the census counts it.
    expect(output).toContain(`CHR_Rider.Skeleton Rider Skeleton ${rider.length}\n`);
    expect(output).toContain('CHR_Rider.Skeleton Rider_Mesh null 300\n');
    expect(output).toContain('archive census: 1 Skeletons read exactly\n');
    // The names block: a hash of a numbered cape chain, named likely with its family (as `crack 0xDE1671EA` says).
    expect(output).toMatch(/^0xDE1671EA Cape_07 likely chain-number /m);
    expect(readdirSync(work).sort()).toEqual([
      'DataPC.forge',
      'MAD_CHR_Skel_U.Skeleton',
      'rider.edited.Skeleton',
      'rider.glb',
      'rider.resaved.Skeleton',
    ]);
    expect(readFileSync(join(work, 'rider.glb')).subarray(0, 4).toString('latin1')).toBe('glTF');
    expect(readFileSync(join(work, 'rider.resaved.Skeleton'))).toEqual(readFileSync(join(work, 'MAD_CHR_Skel_U.Skeleton')));
    // The guide applies an unedited export back: the original bytes.
    expect(readFileSync(join(work, 'rider.edited.Skeleton'))).toEqual(readFileSync(join(work, 'MAD_CHR_Skel_U.Skeleton')));
  });
});
