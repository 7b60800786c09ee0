/**
 * The frame every toolbar action's dialog shares: its title, a hint naming what it acts on,
 * the action's own fields, Cancel and the action's button (disabled, and saying so, while it
 * runs; the dialog does not close then). `useBulkRun` is the run itself: busy while the
 * action's promise is pending, its failure handed to the action's way of saying it.
 */
import { Suspense, useState } from 'react';
import { lazyWithMessages } from '../i18n/lazy.tsx';
import type { BulkDialogProps } from './BulkDialogBody.tsx';

// Radix and the dialog's words (the catalogue's later part) load with the first opening: the toolbar's buttons paint without them.
const BulkDialogBody = lazyWithMessages(() => import('./BulkDialogBody.tsx'));

export function BulkDialog(p: BulkDialogProps) {
  const [opened, setOpened] = useState(p.open);
  if (p.open && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <BulkDialogBody {...p} />
    </Suspense>
  );
}

/** `run(work)`: busy until `work` settles; a failure goes to `fail` (the action's toast). */
export function useBulkRun(fail: (e: unknown) => void): { busy: boolean; run(work: () => Promise<void>): Promise<void> } {
  const [busy, setBusy] = useState(false);
  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } catch (e) {
      fail(e);
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}
