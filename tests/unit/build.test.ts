import { describe, expect, it } from 'vitest';
import { staticClosure } from '../../src/app/build/loadTogether.ts';

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
