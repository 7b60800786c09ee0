/**
 * Icons are drawn, not typed: an emoji pictograph (📅, 🔒, ✏️, 🗑 …) shows as an empty box
 * where the system has no emoji font (issue 43). Buttons use lucide-react icons (or the
 * chrome's inline SVGs) with an accessible label; no source of the UI and no catalogue text
 * may hold a pictograph.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = process.cwd();
/** Pictographs (Unicode's Extended_Pictographic: emoji and their text-style cousins) and the emoji presentation selector. */
const PICTOGRAPH = /[\p{Extended_Pictographic}\uFE0F]/u;

function files(dir: string, ext: RegExp): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name), ext) : ext.test(e.name) ? [join(dir, e.name)] : []));
}

/** Every line of the files holding a pictograph, as 'path:line: text'. */
function pictographLines(paths: string[]): string[] {
  const out: string[] = [];
  for (const p of paths) {
    readFileSync(p, 'utf8')
      .split('\n')
      .forEach((line, i) => {
        if (PICTOGRAPH.test(line)) out.push(`${relative(root, p)}:${i + 1}: ${line.trim().slice(0, 120)}`);
      });
  }
  return out;
}

describe('no emoji in the UI', () => {
  it('finds a pictograph where there is one (the check itself)', () => {
    expect(PICTOGRAPH.test('📅')).toBe(true);
    expect(PICTOGRAPH.test('✏️')).toBe(true);
    expect(PICTOGRAPH.test('🗑')).toBe(true);
    expect(PICTOGRAPH.test('🔒')).toBe(true);
    // Typographic signs the fonts have are not pictographs.
    expect(PICTOGRAPH.test('→ ✓ ✕ × ▾ ▸ … – €')).toBe(false);
  });

  it('src/app and src/storefront render no pictograph (icons are lucide-react components with a label)', () => {
    expect(pictographLines([...files(join(root, 'src/app'), /\.(tsx?|css)$/), ...files(join(root, 'src/storefront'), /\.(tsx?|css)$/), join(root, 'index.html')])).toEqual([]);
  });

  it('no catalogue text holds a pictograph', () => {
    expect(pictographLines(files(join(root, 'locales'), /\.json$/))).toEqual([]);
  });
});
