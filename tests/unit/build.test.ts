import { describe, expect, it } from 'vitest';
import { staticClosure } from '../../src/app/build/loadTogether.ts';
import { preloadLists } from '../../src/app/build/preloadLists.ts';

const graph: Record<string, string[]> = {
  entry: ['react', '\0vite/preload-helper'],
  page: ['grid', 'react', '\0vite/preload-helper'],
  grid: ['format', 'renderers', 'react', 'page'],
  renderers: ['format'],
  format: [],
  react: [],
  editor: ['format'],
  '\0vite/preload-helper': [],
};
const info = (id: string) => (graph[id] ? { importedIds: graph[id], isEntry: id === 'entry' } : null);

describe('loadTogether: the static import closure of a part', () => {
  it('follows static imports through cycles, leaves out what the entry loads, virtual modules and unknown ids', () => {
    const initial = staticClosure(['entry'], info);
    expect([...initial].sort()).toEqual(['entry', 'react']);
    expect([...staticClosure(['page'], info, initial)].sort()).toEqual(['format', 'grid', 'page', 'renderers']);
  });
  it('does not reach modules imported only by lazy chunks', () => {
    expect(staticClosure(['page'], info).has('editor')).toBe(false);
    expect(staticClosure(['missing'], info).size).toBe(0);
  });
});

describe('preloadLists: what a lazy import preloads', () => {
  const chunk = (fileName: string, imports: string[], css: string[] = []) => ({ type: 'chunk', fileName, imports, viteMetadata: { importedCss: new Set(css) } });
  const bundle = {
    'assets/index-A.js': chunk('assets/index-A.js', [], ['assets/index-A.css']),
    'assets/app-B.js': chunk('assets/app-B.js', ['assets/index-A.js'], ['assets/app-B.css']),
    'assets/product_list-C.js': chunk('assets/product_list-C.js', ['assets/index-A.js']),
    'assets/editors-D.js': chunk('assets/editors-D.js', ['assets/Input-E.js', 'assets/app-B.js'], ['assets/editors-D.css']),
    'assets/Input-E.js': chunk('assets/Input-E.js', []),
    'assets/dialog-F.js': chunk('assets/dialog-F.js', ['assets/sheet-G.js']),
    'assets/sheet-G.js': chunk('assets/sheet-G.js', [], ['assets/sheet-G.css']),
  };
  const { plugin, resolveDependencies } = preloadLists(/(^|\/)(index|rolldown-runtime|app)-[^/]+\.js$/);
  (plugin.generateBundle as unknown as (o: unknown, b: unknown) => void).call({}, {}, bundle);

  it('leaves out the chunks every page has and the imported chunk itself', () => {
    expect(resolveDependencies('assets/product_list-C.js', ['assets/product_list-C.js', 'assets/index-A.js'])).toEqual([]);
  });
  it('keeps the imported chunk when its import waits for CSS of its own or of a static import (it downloads beside that CSS)', () => {
    expect(resolveDependencies('assets/editors-D.js', ['assets/editors-D.js', 'assets/Input-E.js', 'assets/app-B.js'])).toEqual(['assets/editors-D.js', 'assets/Input-E.js']);
    expect(resolveDependencies('assets/dialog-F.js', ['assets/dialog-F.js', 'assets/sheet-G.js'])).toEqual(['assets/dialog-F.js', 'assets/sheet-G.js']);
  });
});
