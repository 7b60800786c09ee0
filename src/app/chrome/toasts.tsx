import { FormattedMessage } from 'react-intl';
import { createStore, useStore } from '../session/createStore.ts';
import type { Values } from '../i18n/useT.ts';

export type Variant = 'success' | 'danger' | 'warning' | 'info';

export interface Toast {
  key: number;
  variant: Variant;
  /** Locale key of the text. */
  id: string;
  values?: Values | undefined;
  /** Stays until closed (load failures). */
  persistent?: boolean | undefined;
}

/** Spec §9: toasts hide by themselves; the timer ticks every 500 ms. */
export const TOAST_TICK_MS = 500;
export const TOAST_VISIBLE_MS = 5_000;

const toasts = createStore<{ list: (Toast & { until: number })[] }>({ list: [] });
let next = 1;
let timer: ReturnType<typeof setInterval> | undefined;

export function toast(t: Omit<Toast, 'key'>): number {
  const key = next++;
  toasts.set((s) => ({ list: [...s.list, { ...t, key, until: t.persistent ? Infinity : Date.now() + TOAST_VISIBLE_MS }] }));
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

export const closeToast = (key: number) => toasts.set((s) => ({ list: s.list.filter((x) => x.key !== key) }));

export function Toaster() {
  const list = useStore(toasts, (s) => s.list);
  return (
    <div className="toaster" aria-live="polite">
      {list.map((t) => (
        <div key={t.key} className={`toast toast-${t.variant}`} role={t.variant === 'danger' ? 'alert' : 'status'} data-variant={t.variant}>
          <span className="toast-text">
            <FormattedMessage id={t.id} values={t.values as Record<string, string>} />
          </span>
          <button type="button" className="toast-close" aria-label="×" onClick={() => closeToast(t.key)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
