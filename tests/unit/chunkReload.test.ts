import { describe, expect, it } from 'vitest';
import { isChunkLoadError, reloadForChunkError } from '../../src/app/router/chunkReload.ts';

describe('chunk load failure', () => {
  it("recognises the browsers' chunk errors", () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
  });

  it('reloads at most once a minute', () => {
    const store = new Map<string, string>();
    const storage = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) };
    let reloads = 0;
    const reload = () => void reloads++;
    expect(reloadForChunkError(1_000_000, storage, reload)).toBe(true);
    expect(reloadForChunkError(1_030_000, storage, reload)).toBe(false);
    expect(reloadForChunkError(1_059_999, storage, reload)).toBe(false);
    expect(reloadForChunkError(1_060_000, storage, reload)).toBe(true);
    expect(reloads).toBe(2);
  });
});
