import { Suspense, useState, type ReactNode } from 'react';
import { lazyWithMessages } from '../i18n/lazy.tsx';
import { createStore, useStore } from '../session/createStore.ts';
import type { Values } from '../i18n/useT.ts';

export interface ConfirmOptions {
  /** Locale keys; spec §5: delete asks with title 'sure' and buttons delete and cancel. */
  titleId?: string;
  titleValues?: Values;
  /** Literal title (e.g. a workflow event name in the current language). */
  title?: string;
  bodyId?: string;
  bodyValues?: Values;
  /** A body composed by its own component (in the current language), instead of bodyId. */
  body?: ReactNode;
  okId?: string;
  cancelId?: string;
  /** Button style of the confirming button. */
  variant?: 'danger' | 'primary' | 'success' | 'warning';
}

export type OpenConfirm = ConfirmOptions & { resolve: (ok: boolean) => void };

const state = createStore<{ open: OpenConfirm | null }>({ open: null });

/** Asks the user; resolves true on the confirming button, false on cancel or Esc. */
export function confirm(options: ConfirmOptions = {}): Promise<boolean> {
  return new Promise((resolve) => {
    state.get().open?.resolve(false);
    state.set({ open: { ...options, resolve } });
  });
}

export function answer(ok: boolean) {
  const open = state.get().open;
  state.set({ open: null });
  open?.resolve(ok);
}

// The dialog code (Radix Dialog) loads with the first question: a page paints without it.
const ConfirmDialogView = lazyWithMessages(() => import('./ConfirmDialogView.tsx'));

export function ConfirmDialog() {
  const o = useStore(state, (s) => s.open);
  const [asked, setAsked] = useState(false);
  if (o && !asked) setAsked(true);
  if (!asked) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmDialogView o={o} />
    </Suspense>
  );
}
