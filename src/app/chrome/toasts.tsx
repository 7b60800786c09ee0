import { Suspense } from 'react';
import { lazyWithMessages } from '../i18n/lazy.tsx';
import { createStore, useStore } from '../session/createStore.ts';
import { refOf, type Said } from '../api/said.ts';

type Variant = 'success' | 'danger' | 'warning' | 'info';

export interface Toast extends Said {
  key: number;
  variant: Variant;
  /** Stays until closed (load failures). */
  persistent?: boolean | undefined;
}

/** Spec §9: toasts hide by themselves; the timer ticks every 500 ms. */
const TOAST_TICK_MS = 500;
const TOAST_VISIBLE_MS = 5_000;

const toasts = createStore<{ list: (Toast & { until: number })[] }>({ list: [] });
let next = 1;
let timer: ReturnType<typeof setInterval> | undefined;

/** A toast as shown: with a failed call's request id, wherever its message holds it (said under the text). */
export const withRef = <T extends Said>(t: T): T & { ref?: string | undefined } => {
  const ref = refOf(t);
  return ref ? { ...t, ref } : t;
};

export function toast(t: Omit<Toast, 'key'>): number {
  const key = next++;
  toasts.set((s) => ({ list: [...s.list, { ...withRef(t), key, until: t.persistent ? Infinity : Date.now() + TOAST_VISIBLE_MS }] }));
  timer ??= setInterval(() => {
    const now = Date.now();
    const { list } = toasts.get();
    if (list.some((x) => x.until <= now)) toasts.set({ list: list.filter((x) => x.until > now) });
    if (!toasts.get().list.length) {
      clearInterval(timer);
      timer = undefined;
    }
  }, TOAST_TICK_MS);
  return key;
}

const closeToast = (key: number) => toasts.set((s) => ({ list: s.list.filter((x) => x.key !== key) }));

// The toasts' view loads with the first toast (with the catalogue's later part, where a server error's text is): the page's start carries only the store.
const ToastList = lazyWithMessages(() => import('./ToastList.tsx'));

export function Toaster() {
  const list = useStore(toasts, (s) => s.list);
  return (
    <div className="toaster" aria-live="polite">
      {list.length > 0 && (
        <Suspense fallback={null}>
          <ToastList list={list} onClose={closeToast} />
        </Suspense>
      )}
    </div>
  );
}
