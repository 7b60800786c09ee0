import { createStore } from './createStore.ts';

/** Requests in flight, for the top progress bar; `failed` marks the bar red until the next start. */
export const progress = createStore({ active: 0, failed: false, startedAt: 0 });

export const requestStarted = () => progress.set((s) => ({ active: s.active + 1, failed: s.active === 0 ? false : s.failed, startedAt: s.active === 0 ? Date.now() : s.startedAt }));
export const requestEnded = (failed: boolean) => progress.set((s) => ({ active: Math.max(0, s.active - 1), failed: s.failed || failed }));
