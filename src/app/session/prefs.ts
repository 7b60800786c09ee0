import { createStore, useStore } from './createStore.ts';

export type GridTheme = 'balham' | 'alpine';
const KEY = 'grid-theme';

const stored = typeof localStorage === 'undefined' ? null : localStorage.getItem(KEY);

/** Per-browser preferences. Grid theme: Balham by default (spec §2). */
const prefs = createStore<{ theme: GridTheme }>({ theme: stored === 'alpine' ? 'alpine' : 'balham' });
export const usePrefs = <T>(select: (p: { theme: GridTheme }) => T) => useStore(prefs, select);
export function setTheme(theme: GridTheme) {
  localStorage.setItem(KEY, theme);
  prefs.set({ theme });
}
