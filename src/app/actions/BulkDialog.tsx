/**
 * The frame every toolbar action's dialog shares: its title, a hint naming what it acts on,
 * the action's own fields, Cancel and the action's button (disabled, and saying so, while it
 * runs; the dialog does not close then). `useBulkRun` is the run itself: busy while the
 * action's promise is pending, its failure handed to the action's way of saying it.
 */
import * as Dialog from '@radix-ui/react-dialog';
import { useState, type ReactNode } from 'react';
import { useT } from '../i18n/useT.ts';

interface Props {
  open: boolean;
  busy: boolean;
  onClose(): void;
  title: string;
  /** The hint's id (aria-describedby) and its text. */
  hintId: string;
  hint: string;
  /** The action's button: its text (and while busy), test id, whether it may run now. */
  runLabel: string;
  busyLabel?: string;
  runTestId?: string;
  runDisabled?: boolean;
  onRun(): void;
  children?: ReactNode;
}

export function BulkDialog({ open, busy, onClose, title, hintId, hint, runLabel, busyLabel, runTestId, runDisabled, onRun, children }: Props) {
  const t = useT();
  return (
    <Dialog.Root open={open} onOpenChange={(o) => !o && !busy && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog" aria-describedby={hintId}>
          <Dialog.Title className="dialog-title">{title}</Dialog.Title>
          <p id={hintId}>{hint}</p>
          {children}
          <div className="dialog-buttons">
            <Dialog.Close asChild>
              <button type="button" className="btn btn-secondary" disabled={busy}>
                {t('common.cancel')}
              </button>
            </Dialog.Close>
            <button type="button" className="btn btn-primary" data-testid={runTestId} disabled={busy || runDisabled} onClick={onRun}>
              {busy && busyLabel ? busyLabel : runLabel}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
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

interface FootProps {
  /** What went wrong with the last try, said above the buttons. */
  error: string | undefined;
  submitLabel: string;
  submitDisabled: boolean;
}

/** A form dialog's foot: the last try's failure, Cancel and the form's submit button (Enter submits). */
export function FormDialogFoot({ error, submitLabel, submitDisabled }: FootProps) {
  const t = useT();
  return (
    <>
      {error && (
        <div className="alert alert-danger" role="alert">
          {error}
        </div>
      )}
      <div className="dialog-buttons">
        <Dialog.Close asChild>
          <button type="button" className="btn btn-secondary">
            {t('common.cancel')}
          </button>
        </Dialog.Close>
        <button type="submit" className="btn btn-primary" disabled={submitDisabled}>
          {submitLabel}
        </button>
      </div>
    </>
  );
}
