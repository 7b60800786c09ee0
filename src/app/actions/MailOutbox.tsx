/**
 * The Outbox's toolbar (/ai_content/email_list/outbox; server: src/server/actions/mail_outbox.ts).
 * `mail_preview`: the one picked mail as it goes out — recipients, subject, text and the names
 * of its attachments — in a dialog. `mail_cancel`: the picked queued mails stopped, after a
 * question. `mail_resend`: the picked failed or cancelled mails queued again. A refusal (a
 * mail in another state) is said in the user's language; the grid reloads after a change.
 */
import * as Dialog from '@radix-ui/react-dialog';
import { useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { actions, type AnswerOf } from '../api/actions.ts';
import { ApiError } from '../api/client.ts';
import { describeError } from '../api/said.ts';
import { confirm } from '../chrome/confirm.ts';
import { toast } from '../chrome/toasts.tsx';
import { useT } from '../i18n/useT.ts';
import { useFailed } from './failed.ts';
import { pickedKeys, type BulkActionProps } from './actionProps.ts';
import './email.css';

type Mail = AnswerOf<'mail_preview'>;

/** A refusal of the server (a mail in another state) said in the user's language; anything else as the toolbar says it. */
function useRefused(): (e: unknown) => void {
  const failed = useFailed();
  return (e) => {
    if (e instanceof ApiError && e.status === 409) toast({ variant: 'warning', ...describeError(e) });
    else failed(e);
  };
}

export function MailPreview({ query }: BulkActionProps) {
  const t = useT();
  const intl = useIntl();
  const failed = useFailed();
  const id = useId();
  const [mail, setMail] = useState<Mail>();
  const picked = pickedKeys<number>(query);
  const one = picked.length === 1 ? picked[0] : undefined;
  const open = async () => {
    if (one === undefined) return;
    try {
      setMail(await actions.mail_preview({ mail_id: one }));
    } catch (e) {
      failed(e);
    }
  };
  return (
    <>
      <button type="button" className="grid-bulk-mail-preview" disabled={one === undefined} title={one === undefined ? t('outbox.pick_one') : undefined} onClick={() => void open()}>
        {t('outbox.preview')}
      </button>
      <Dialog.Root open={!!mail} onOpenChange={(o) => !o && setMail(undefined)}>
        <Dialog.Portal>
          <Dialog.Overlay className="dialog-overlay" />
          <Dialog.Content className="dialog dialog-xl email-reader mail-preview" aria-describedby={`${id}-meta`}>
            {mail && (
              <>
                <Dialog.Title className="dialog-title">{mail.subject || '—'}</Dialog.Title>
                <dl id={`${id}-meta`} className="email-meta">
                  <dt>{t('fields.recipients')}</dt>
                  <dd>{mail.recipients.join(', ')}</dd>
                  <dt>{t('fields.status')}</dt>
                  <dd>{t(`options.mail_status.${mail.status}`)}</dd>
                  <dt>{t('outbox.attachments')}</dt>
                  <dd>
                    {mail.attachments.length === 0 ? (
                      t('outbox.no_attachments')
                    ) : (
                      <ul className="mail-preview-attachments">
                        {mail.attachments.map((a, k) => (
                          <li key={k}>
                            {a.filename} <span className="field-hint">({intl.formatNumber(a.size / 1024, { maximumFractionDigits: 1 })} KB)</span>
                          </li>
                        ))}
                      </ul>
                    )}
                  </dd>
                </dl>
                <pre className="email-body email-body-text">{mail.body_text}</pre>
                <div className="dialog-buttons">
                  <Dialog.Close asChild>
                    <button type="button" className="btn btn-secondary">
                      {t('common.close')}
                    </button>
                  </Dialog.Close>
                </div>
              </>
            )}
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </>
  );
}

export function MailCancel({ query, onDone }: BulkActionProps) {
  const t = useT();
  const refusedSaid = useRefused();
  const [busy, setBusy] = useState(false);
  const picked = pickedKeys<number>(query);
  const run = async () => {
    if (!picked.length) return;
    if (
      !(await confirm({
        titleId: 'outbox.cancel_title',
        bodyId: 'outbox.cancel_body',
        bodyValues: { count: picked.length },
        okId: 'outbox.cancel',
        cancelId: 'workflow.confirm_back',
        variant: 'danger',
      }))
    )
      return;
    setBusy(true);
    try {
      const r = await actions.mail_cancel({ mail_ids: picked });
      toast({ variant: 'success', id: 'outbox.cancelled', values: { count: r.cancelled } });
      onDone();
    } catch (e) {
      refusedSaid(e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className="grid-bulk-mail-cancel" disabled={!picked.length || busy} title={picked.length ? undefined : t('outbox.pick')} onClick={() => void run()}>
      {t('outbox.cancel')}
      {picked.length ? ` (${picked.length})` : ''}
    </button>
  );
}

export function MailResend({ query, onDone }: BulkActionProps) {
  const t = useT();
  const refusedSaid = useRefused();
  const [busy, setBusy] = useState(false);
  const picked = pickedKeys<number>(query);
  const run = async () => {
    if (!picked.length) return;
    setBusy(true);
    try {
      const r = await actions.mail_resend({ mail_ids: picked });
      toast({ variant: 'success', id: 'outbox.resent', values: { count: r.resent } });
      onDone();
    } catch (e) {
      refusedSaid(e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className="grid-bulk-mail-resend" disabled={!picked.length || busy} title={picked.length ? undefined : t('outbox.pick')} onClick={() => void run()}>
      {t('outbox.resend')}
      {picked.length ? ` (${picked.length})` : ''}
    </button>
  );
}
