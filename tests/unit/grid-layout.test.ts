/**
 * The grid's folder keeps TanStack Table v9's layout (issue 45, docs/grid.md Structure): each
 * feature's code lives in `features/<x>/` beside its hook `<x>.feature.ts`, the row models in
 * `rowModel/`, and the top level keeps the composing components and a few shared files. A file
 * added at the top level beside a feature folder of its name (keyboard.ts beside
 * features/keyboard/) is how the layout came apart before; these checks refuse it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const GRID = 'src/app/grid';
const entries = readdirSync(GRID, { withFileTypes: true });
const topFiles = entries.filter((e) => e.isFile()).map((e) => e.name);
const features = readdirSync(join(GRID, 'features'), { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name);
const featureFiles = (x: string) => readdirSync(join(GRID, 'features', x));
/** A file's name up to its first dot: `keyboard.feature.ts` → `keyboard`. */
const stem = (name: string) => name.slice(0, name.indexOf('.'));

/** The components that compose the grid: the parts below them never import them (composition goes one way). */
const COMPOSERS = ['ScreenGrid.tsx', 'GridView.tsx', 'GridHeader.tsx', 'GridBody.tsx', 'Toolbar.tsx'];

/** Modules in the grid's folders (not the top level), with the grid-relative paths of what they import relatively. */
function partsImports(dir = GRID): { file: string; imports: string[] }[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return partsImports(p);
    if (dir === GRID || !/\.tsx?$/.test(e.name)) return [];
    const specs = [...readFileSync(p, 'utf8').matchAll(/(?:from\s*|import\s*\(\s*)'(\.{1,2}\/[^']+)'/g)].map((m) => relative(GRID, normalize(join(dirname(p), m[1]!))));
    return [{ file: relative(GRID, p), imports: specs }];
  });
}

describe('the grid folder (src/app/grid)', () => {
  it('gives each feature folder its hook, named after the folder: features/<x>/<x>.feature.ts', () => {
    expect(features.length).toBeGreaterThan(0);
    const missing = features.filter((x) => !featureFiles(x).some((f) => f === `${x}.feature.ts` || f === `${x}.feature.tsx`));
    expect(missing, 'a feature folder without <x>.feature.ts').toEqual([]);
  });

  it("names a feature's <name>.<role>.ts files after their own folder (no keyboard.utils.ts in features/range/)", () => {
    const strays = features.flatMap((x) =>
      featureFiles(x)
        .filter((f) => /^[^.]+\.[^.]+\.tsx?$/.test(f) && stem(f) !== x)
        .map((f) => `features/${x}/${f}`),
    );
    expect(strays).toEqual([]);
  });

  it('keeps no file at the top level that is named after a feature folder (its code belongs inside it)', () => {
    const names = new Set(features.map((x) => x.toLowerCase()));
    expect(topFiles.filter((f) => names.has(stem(f).toLowerCase()))).toEqual([]);
  });

  it('keeps the client row model in rowModel/, not at the top level', () => {
    expect(topFiles.filter((f) => /^client/i.test(f) || /rowModel|rowSource/i.test(f))).toEqual([]);
  });

  it('keeps the top level to the composing components and a few shared files (at most 30)', () => {
    for (const c of COMPOSERS) expect(topFiles).toContain(c);
    expect(topFiles.length, `top-level files: ${topFiles.join(', ')}`).toBeLessThanOrEqual(30);
  });

  it('lets no part import a composing component: features, row models and the rest are composed, never compose the grid', () => {
    const upward = partsImports().flatMap(({ file, imports }) => imports.filter((i) => COMPOSERS.includes(i)).map((i) => `${file} → ${i}`));
    expect(upward).toEqual([]);
  });
});
