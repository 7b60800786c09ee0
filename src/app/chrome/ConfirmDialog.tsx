import { Suspense, useState } from 'react';
import { setConfirmHook } from '../api/client.ts';
import { lazyWithMessages } from '../i18n/lazy.tsx';
import { useStore } from '../session/createStore.ts';
import { question } from './confirm.ts';

// A write the server wants confirmed (409 confirm_required) asks here; its code loads with the first one.
setConfirmHook((e, send) => import('../api/confirmWrite.tsx').then((m) => m.confirmAndRetry(e, send)));

// The dialog code (Radix Dialog) loads with the first question: a page paints without it.
const ConfirmDialogView = lazyWithMessages(() => import('./ConfirmDialogView.tsx'));

export function ConfirmDialog() {
  const o = useStore(question, (s) => s.open);
  const [asked, setAsked] = useState(false);
  if (o && !asked) setAsked(true);
  if (!asked) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmDialogView o={o} />
    </Suspense>
  );
}
