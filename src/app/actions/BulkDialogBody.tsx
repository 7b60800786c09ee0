/**
 * The frame of a toolbar action's dialog (BulkDialog.tsx): Radix's dialog, loaded with the
 * first opening of one (with the catalogue's later part: lazyWithMessages), not with the
 * toolbar's buttons.
 */
import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { useT } from '../i18n/useT.ts';

export interface BulkDialogProps {
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

export default function BulkDialogBody({ open, busy, onClose, title, hintId, hint, runLabel, busyLabel, runTestId, runDisabled, onRun, children }: BulkDialogProps) {
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
