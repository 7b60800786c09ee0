import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { manifestKey } from '../../src/core/appParts.ts';
import { pagePreloads, SCREEN_MODULES } from '../../src/server/http/preload.ts';

// The page's preloads come from the build's manifest (`npm test` builds dist/ before vitest):
// a module renamed or moved would silently drop out of them, so each is looked up here.
const dist = process.env.E2E_DIST ?? join(process.cwd(), 'dist');

describe('page preloads', () => {
  const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<string, { file: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[] }>;
  const preloads = pagePreloads(dist);
  const tags = (path: string) => [...preloads(path).matchAll(/<link rel="(modulepreload|stylesheet)" crossorigin href="\/([^"]+)">/g)].map((m) => m[2]!);

  it("names a screen's page, descriptor, labels, the catalogue's first part and first lazy chunks, in the page's language", () => {
    expect(existsSync(join(dist, '.vite', 'manifest.json'))).toBe(true);
    const files = tags('/de/products/product_list');
    const wanted = [...SCREEN_MODULES, 'src/generated/screens/product_list.ts', 'locales/de.json?part=first', 'locales/de.json?fields=product_list'];
    // A module captured into a part (core/appParts.ts) is its part's chunk.
    const fileOf = (key: string) => manifest[manifestKey(manifest, key) ?? key]?.file;
    for (const key of wanted) {
      expect(fileOf(key), `${key} is in the build`).toBeDefined();
      expect(files, key).toContain(fileOf(key));
    }
    expect(files.some((f) => /^assets\/screen-extras-.*\.js$/.test(f))).toBe(true);
    // Nothing the entry loads itself, and no other language's catalogue.
    const entry = manifest['index.html']!;
    expect(files).not.toContain(entry.file);
    for (const i of entry.imports ?? []) expect(files).not.toContain(manifest[i]!.file);
    expect(files).not.toContain(manifest['locales/en.json?part=later']!.file);
    // Nor the later part of its own: the app takes it on first need (app/i18n/fullCatalogue.ts, issue 49).
    expect(files).not.toContain(manifest['locales/de.json?part=later']!.file);
  });

  it("names the app's code on every page, and no screen's chunks on a page that is no screen", () => {
    const app = manifest[manifestKey(manifest, 'src/app/start.tsx')!]!;
    expect(manifest['index.html']!.dynamicImports).toContain(manifestKey(manifest, 'src/app/start.tsx'));
    expect(tags('/de/products/product_list')).toContain(app.file);
    for (const path of ['/en', '/en/login', '/en/no/such/page', '/xx/products/product_list']) {
      const files = tags(path);
      expect(files, path).toContain(app.file);
      expect(files, path).not.toContain(manifest['src/generated/screens/product_list.ts']!.file);
      expect(files, path).not.toContain(manifest['locales/en.json?fields=product_list']!.file);
    }
  });
});
