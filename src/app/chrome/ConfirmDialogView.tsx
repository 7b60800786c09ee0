import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { answer, type OpenConfirm } from './confirm.ts';
import { EventIcon } from './eventIcons.tsx';

/** The dialog itself (Radix Dialog), loaded with the first question (ConfirmDialog.tsx). */
export default function ConfirmDialogView({ o }: { o: OpenConfirm | null }) {
  // Where the focus was when the question came (a grid cell, a toolbar button): it goes back there.
  // Noted as the question renders (before the dialog takes the focus); a question asked while one is open keeps it.
  const [returnTo, setReturnTo] = useState<{ el: HTMLElement | null } | null>(null);
  if (o && !returnTo) setReturnTo({ el: document.activeElement instanceof HTMLElement ? document.activeElement : null });
  // The checkbox and e-mail body of this question: a new question starts them afresh.
  const [inputs, setInputs] = useState({ of: o, checkbox: false, email: '' });
  if (inputs.of !== o) setInputs({ of: o, checkbox: false, email: '' });
  // A destructive question starts on Cancel: a reflex Enter must not delete.
  const safeFirst = (o?.variant ?? 'danger') === 'danger';
  return (
    <Dialog.Root open={!!o} onOpenChange={(open) => !open && answer(null)}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content
          className="dialog"
          aria-describedby={undefined}
          onCloseAutoFocus={(e) => {
            const el = returnTo?.el;
            setReturnTo(null);
            if (el?.isConnected) {
              e.preventDefault();
              el.focus({ preventScroll: true });
            }
          }}
        >
          <Dialog.Title className="dialog-title">
            {o?.icon && <EventIcon name={o.icon} />}
            {o?.title ?? <FormattedMessage id={o?.titleId ?? 'messages.sure'} values={o?.titleValues as Record<string, string>} />}
          </Dialog.Title>
          {o?.body ? (
            <p className="dialog-body">{o.body}</p>
          ) : (
            o?.bodyId && (
              <p className="dialog-body">
                <FormattedMessage id={o.bodyId} values={o.bodyValues as Record<string, string>} />
              </p>
            )
          )}
          {o?.checkbox !== undefined && (
            <label className="dialog-check">
              <input type="checkbox" checked={inputs.checkbox} onChange={(e) => setInputs({ ...inputs, checkbox: e.target.checked })} />
              {o.checkbox}
            </label>
          )}
          {o?.emailId && (
            <label className="dialog-field">
              <FormattedMessage id={o.emailId} />
              <textarea rows={6} value={inputs.email} onChange={(e) => setInputs({ ...inputs, email: e.target.value })} />
            </label>
          )}
          <div className="dialog-buttons">
            <button type="button" className="btn btn-secondary" onClick={() => answer(null)} autoFocus={safeFirst}>
              <FormattedMessage id={o?.cancelId ?? 'common.cancel'} />
            </button>
            <button type="button" className={`btn btn-${o?.variant ?? 'danger'}`} onClick={() => answer({ checkbox: inputs.checkbox, email: inputs.email })} autoFocus={!safeFirst}>
              {o?.okLabel ?? <FormattedMessage id={o?.okId ?? 'common.delete'} values={o?.okValues as Record<string, string>} />}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
