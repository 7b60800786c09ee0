import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isLang, type Lang } from '../../core/langs.ts';
import { manifestKey } from '../../core/appParts.ts';
import { screenRoutes } from '../../generated/routeList.ts';

/*
 * The page's preloads (issue 27, first rows): a screen's first paint needs the ScreenPage
 * chunk, the screen's descriptor, its labels, the catalogue's first part of the language and the
 * grid's first lazy chunks. Found by the browser only as each chunk runs, they came one
 * after another (a waterfall of ~1 s before the first rows). Named in the page's head, they
 * download while the entry downloads and runs. Every page names the app's code itself
 * (start.tsx, which the entry imports when it runs: main.tsx). From the build's manifest;
 * no manifest (a build without it), no preloads.
 */

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** The app's code, which the entry imports (src/app/main.tsx): every page loads it. */
const APP_MODULE = 'src/app/start.tsx';

/** What every screen route loads before its first rows: the page, its bulk actions and live rows (the saved state comes checked by the server). */
export const SCREEN_MODULES = ['src/app/pages/ScreenPage.tsx', 'src/app/actions/index.tsx', 'src/app/grid/features/liveRows/liveRowsFollow.ts'];

/** The path after the language prefix → the screen's form (main and plain layouts: print pages load another page). */
const formOfPath = new Map(screenRoutes.filter((r) => r.layout !== 'print').map((r) => [r.path, r.form]));

/** The language and the screen's form of a page path (`/en/products/product_list`), or undefined: no screen's page. */
export function screenOfPage(path: string): { lang: Lang; form: string } | undefined {
  const [, lang, rest] = /^\/([a-z]{2})(\/.*)$/.exec(path) ?? [];
  const form = rest ? formOfPath.get(rest.replace(/\/$/, '')) : undefined;
  return form && isLang(lang) ? { lang, form } : undefined;
}

export interface Preloads {
  /** The `<link>` tags of a page path (`/en/products/product_list`): the app's code, and a screen's chunks. */
  (path: string): string;
}

/** The files a chunk needs: itself and its static imports, depth first; the entry (index.html) and what it loads are left out. */
function closure(m: Manifest, key: string, entry: Set<string>, out: Set<string>, css: Set<string>): void {
  const c = m[key];
  if (!c || key === 'index.html') return;
  for (const i of c.imports ?? []) closure(m, i, entry, out, css);
  if (!entry.has(c.file)) out.add(c.file);
  for (const f of c.css ?? []) if (!entry.has(f)) css.add(f);
}

export function pagePreloads(ui: string): Preloads {
  let manifest: Manifest | null | undefined;
  const byPath = new Map<string, string>();
  const read = (): Manifest | null => {
    if (manifest !== undefined) return manifest;
    try {
      manifest = JSON.parse(readFileSync(join(ui, '.vite', 'manifest.json'), 'utf8')) as Manifest;
    } catch {
      manifest = null;
    }
    return manifest;
  };
  const tags = (m: Manifest, screen: { form: string; lang: Lang } | undefined): string => {
    const entry = new Set<string>();
    const root = m['index.html'];
    if (root) {
      entry.add(root.file);
      for (const i of root.imports ?? []) entry.add(m[i]?.file ?? '');
      for (const f of root.css ?? []) entry.add(f);
    }
    const files = new Set<string>();
    const css = new Set<string>();
    const keys: string[] = [APP_MODULE];
    if (screen) {
      const { form, lang } = screen;
      // Not the catalogue's later part: the app takes it on first need (app/i18n/fullCatalogue.ts).
      keys.push(`src/generated/screens/${form}.ts`, `locales/${lang}.json?part=first`, `locales/${lang}.json?fields=${form}`, ...SCREEN_MODULES);
    }
    // A module the build captured into a part (core/appParts.ts) is found as that part's chunk.
    for (const k of keys) closure(m, manifestKey(m, k) ?? k, entry, files, css);
    return [...[...css].map((f) => `<link rel="stylesheet" crossorigin href="/${f}">`), ...[...files].map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`)].join('');
  };
  return (path) => {
    const m = read();
    if (!m) return '';
    const hit = byPath.get(path);
    if (hit !== undefined) return hit;
    const out = tags(m, screenOfPage(path));
    if (byPath.size < 2000) byPath.set(path, out);
    return out;
  };
}
