/** Builds (bench pages, the real app) and the gzipped size of the JS they load. */
import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import { manifestKey } from '../../src/core/appParts.ts';
import { benchPageConfig, type BenchPage } from './vite.config.ts';

export interface JsFile {
  file: string;
  bytes: number;
  gzip: number;
}

export interface JsSize {
  files: JsFile[];
  bytes: number;
  gzip: number;
}

const gz = (buf: Buffer) => gzipSync(buf, { level: 9 }).length;

function measure(dir: string, files: string[]): JsSize {
  const out = files.map((file) => {
    const buf = readFileSync(join(dir, file));
    return { file, bytes: buf.length, gzip: gz(buf) };
  });
  return { files: out, bytes: out.reduce((s, f) => s + f.bytes, 0), gzip: out.reduce((s, f) => s + f.gzip, 0) };
}

/** One production build of a bench page: every JS chunk it emitted, and those the page loads (entry and static imports). */
export async function buildBenchPage(page: BenchPage, outDir: string): Promise<JsSize & { loaded: JsSize }> {
  await build(benchPageConfig(page, outDir));
  const js = readdirSync(join(outDir, 'assets'))
    .filter((f) => f.endsWith('.js'))
    .map((f) => `assets/${f}`);
  // The entry imports the grid at once (pages/shell.ts): its dynamic imports are loaded too.
  const loaded = closure(readManifest(outDir), [`${page}.html`], true);
  return {
    ...measure(outDir, js),
    loaded: measure(
      outDir,
      loaded.files.filter((f) => f.endsWith('.js')),
    ),
  };
}

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

/** Source modules whose chunks the product_list route loads (plus their static imports). */
export const ROUTE_MODULES = [
  'index.html',
  'src/app/start.tsx',
  'src/app/pages/ScreenPage.tsx',
  'src/generated/screens/product_list.ts',
  'locales/en.json?part=first',
  'locales/en.json?fields=product_list',
];

/**
 * The real app, built with the project's vite.config.ts into `outDir` (with a manifest),
 * and the JS of the /en/products/product_list route: the entry, the ScreenPage chunk,
 * the product_list descriptor chunk, the English catalogue, and every chunk they import statically.
 */
export async function buildAppRoute(outDir: string, root = process.cwd()): Promise<JsSize & { missing: string[] }> {
  await build({
    configFile: resolve(root, 'vite.config.ts'),
    root,
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true, manifest: true, sourcemap: false },
  });
  return routeSize(outDir);
}

/** The route's JS in a build already made with a manifest (the project's build makes one: `npm test` checks the budget on dist/); `more`: modules loaded besides. */
export function routeSize(outDir: string, more: readonly string[] = []): JsSize & { missing: string[] } {
  const { files, missing } = closure(readManifest(outDir), [...ROUTE_MODULES, ...more]);
  return {
    ...measure(
      outDir,
      files.filter((f) => f.endsWith('.js')),
    ),
    missing,
  };
}

const readManifest = (outDir: string) => JSON.parse(readFileSync(join(outDir, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;

/**
 * The chunks of the given modules and of everything they import statically; with
 * `dynamic`, also what the given modules themselves import dynamically (and its static imports).
 */
function closure(manifest: Record<string, ManifestChunk>, keys: string[], dynamic = false): { files: string[]; missing: string[] } {
  const files = new Set<string>();
  const missing: string[] = [];
  const visit = (key: string) => {
    const c = manifest[key];
    if (!c) return void missing.push(key);
    if (files.has(c.file)) return;
    files.add(c.file);
    for (const i of c.imports ?? []) visit(i);
  };
  for (const k of keys) {
    // A module captured into a part's chunk (src/core/appParts.ts) has no manifest key of its own.
    visit(manifestKey(manifest, k) ?? k);
    if (dynamic) for (const i of manifest[k]?.dynamicImports ?? []) visit(i);
  }
  return { files: [...files], missing };
}
