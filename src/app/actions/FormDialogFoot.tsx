/**
 * A form dialog's foot (the credit-note, accounting-export, initial-password and Send-by-mail
 * dialogs, each a Radix dialog of its own): a module apart from BulkDialog.tsx, whose buttons
 * load without Radix.
 */
import * as Dialog from '@radix-ui/react-dialog';
import { useT } from '../i18n/useT.ts';

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
