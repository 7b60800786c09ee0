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

interface PickedProps {
  className: string;
  label: string;
  /** How many rows are picked: the button says it, and is off with none or more than `max`. */
  picked: number;
  max: number;
  /** Why it is off: nothing picked, too many picked. */
  pickHint: string;
  tooManyHint: string;
  /** Off for a reason of the action's own (e.g. its engine not set up). */
  disabled?: boolean;
  onClick(): void;
}

/** The toolbar button of an action on the picked rows: its label with their count, off (and saying why) with none or too many. */
export function PickedButton({ className, label, picked, max, pickHint, tooManyHint, disabled, onClick }: PickedProps) {
  const tooMany = picked > max;
  return (
    <button type="button" className={className} disabled={!picked || tooMany || disabled} title={tooMany ? tooManyHint : picked ? undefined : pickHint} onClick={onClick}>
      {label}
      {picked ? ` (${picked})` : ''}
    </button>
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
