/**
 * An initial password for the one user picked in /settings/users (registry key
 * `user_initial_password`; server: src/server/actions/user_accounts.ts): the administrator
 * types it, shown on demand to read it out, and passes it on; the user must choose her own
 * at her next sign-in. The rule is checked by the server (400 `weak_password`, said in the
 * dialog): the common-password list stays out of the toolbar's chunk.
 */
import * as Dialog from '@radix-ui/react-dialog';
import { useId, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { PASSWORD_LIMITS } from '../../core/password/limits.ts';
import { actions } from '../api/actions.ts';
import { ApiError } from '../api/client.ts';
import { describeError, say } from '../api/said.ts';
import { toast } from '../chrome/toasts.tsx';
import { useT } from '../i18n/useT.ts';
import { useFailed } from './failed.ts';
import type { BulkActionProps } from './actionProps.ts';
import { FormDialogFoot } from './FormDialogFoot.tsx';

export function InitialPassword({ query }: BulkActionProps) {
  const t = useT();
  const intl = useIntl();
  const failed = useFailed();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [shown, setShown] = useState(false);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const sel = query.selection;
  const ids = sel && !sel.all ? (sel.keys as number[]) : [];

  const start = () => {
    if (ids.length !== 1) return void toast({ variant: 'warning', id: 'server.one_user_required' });
    setPassword('');
    setShown(false);
    setError(undefined);
    setOpen(true);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy || !password) return;
    setBusy(true);
    setError(undefined);
    try {
      await actions.user_initial_password({ user_ids: ids, password });
      // Nothing the grid shows changed: its rows and the user picked stay.
      toast({ variant: 'success', id: 'account.initial_password_done' });
      setOpen(false);
      setPassword('');
    } catch (err) {
      if (err instanceof ApiError && err.status === 400) setError(say(intl, describeError(err)));
      else failed(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <button type="button" className="grid-bulk-user-initial-password" title={t('server.one_user_required')} onClick={start}>
        {t('account.bulk_initial_password')}
      </button>
      <Dialog.Root open={open} onOpenChange={setOpen}>
        <Dialog.Portal>
          <Dialog.Overlay className="dialog-overlay" />
          <Dialog.Content className="dialog" aria-describedby={`${id}-intro`} onInteractOutside={(e) => e.preventDefault()}>
            <Dialog.Title className="dialog-title">{t('account.bulk_initial_password')}</Dialog.Title>
            <form className="screen-form" onSubmit={(e) => void submit(e)} noValidate>
              <p id={`${id}-intro`}>{t('account.initial_password_intro')}</p>
              <div className="form-field">
                <label htmlFor={`${id}-password`}>{t('account.initial_password')}</label>
                <input
                  id={`${id}-password`}
                  type={shown ? 'text' : 'password'}
                  autoComplete="new-password"
                  maxLength={1024}
                  value={password}
                  onChange={(e) => {
                    setPassword(e.target.value);
                    setError(undefined);
                  }}
                  aria-invalid={!!error}
                  aria-describedby={`${id}-rule`}
                  autoFocus
                />
                <div id={`${id}-rule`} className="field-hint">
                  {t('password.rule', PASSWORD_LIMITS)}
                </div>
              </div>
              <label className="form-check">
                <input type="checkbox" checked={shown} onChange={(e) => setShown(e.target.checked)} /> {t('account.show_password')}
              </label>
              <FormDialogFoot error={error} submitLabel={t('password.save')} submitDisabled={busy || !password} />
            </form>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </>
  );
}
