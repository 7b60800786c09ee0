/**
 * "Send by mail…" (registry key `document_mail`; server: src/server/actions/document_mail.ts) on
 * the sales orders', invoices', purchase orders' and CMR notes' grids: the one row picked, the
 * documents it can send (an order: confirmation, delivery note, its invoice once issued), the
 * recipients and language its automatic mail would use — both editable, the addresses checked
 * at the field by the accounts' rule (core/email.ts) — and an optional message. Sent, the mail
 * waits in the Outbox: the dialog says so and links there when the user has that page.
 */
import * as Dialog from '@radix-ui/react-dialog';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { DOCUMENT_MAIL_FORMS, DOCUMENT_MAIL_TITLES, MAX_MAIL_RECIPIENTS, readRecipients, type DocumentMailKind } from '../../core/documentMail.ts';
import { LANGS, type Lang } from '../../core/langs.ts';
import { document_mail_add } from '../../generated/actions/document_mail_add.ts';
import { document_mail_list } from '../../generated/actions/document_mail_list.ts';
import { ApiError } from '../api/client.ts';
import { describeError, say } from '../api/said.ts';
import { toast } from '../chrome/toasts.tsx';
import { useT } from '../i18n/useT.ts';
import { permsOf } from '../session/pagePerms.ts';
import { useSession } from '../session/session.ts';
import { useFailed } from './failed.ts';
import { pickedKeys, type BulkActionProps } from './actionProps.ts';
import { FormDialogFoot } from './FormDialogFoot.tsx';

interface Option {
  document: DocumentMailKind;
  number: string;
  to: string[];
  language: Lang;
}

const OUTBOX = '/ai_content/email_list/outbox';

export function DocumentMail({ screen, query }: BulkActionProps) {
  const t = useT();
  const intl = useIntl();
  const lang = useSession((s) => s.lang);
  const menu = useSession((s) => s.user?.menu);
  const outbox = useMemo(() => permsOf(menu ?? [], OUTBOX).list, [menu]);
  const failed = useFailed();
  const id = useId();
  const source = DOCUMENT_MAIL_FORMS[screen.form];
  const [open, setOpen] = useState(false);
  const [record, setRecord] = useState<number>();
  const [options, setOptions] = useState<Option[]>([]);
  const [picked, setPicked] = useState(0);
  const [to, setTo] = useState('');
  // Once the user typed an address, choosing another document keeps it (nothing typed is lost).
  const [toTyped, setToTyped] = useState(false);
  const [language, setLanguage] = useState<Lang>(lang);
  const [languageChosen, setLanguageChosen] = useState(false);
  const [message, setMessage] = useState('');
  const [toError, setToError] = useState<string>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [queued, setQueued] = useState<{ subject: string; to: string[] }>();
  if (!source) return null;

  /** Another document picked: its recipients and language, unless the user wrote or chose her own. */
  const choose = (k: number, list: Option[], keep: { to: boolean; language: boolean }) => {
    const o = list[k];
    if (!o) return;
    setPicked(k);
    if (!keep.to) setTo(o.to.join(', '));
    if (!keep.language) setLanguage(o.language);
  };

  const start = async () => {
    const ids = pickedKeys<number>(query);
    if (ids.length !== 1) return void toast({ variant: 'warning', id: 'document_mail.pick_one' });
    try {
      const r = await document_mail_list({ source, id: ids[0]! });
      setRecord(ids[0]);
      setOptions(r.documents);
      setToTyped(false);
      setLanguageChosen(false);
      choose(0, r.documents, { to: false, language: false });
      setMessage('');
      setToError(undefined);
      setError(undefined);
      setQueued(undefined);
      setOpen(true);
    } catch (e) {
      failed(e);
    }
  };

  /** The typed addresses, or the field's refusal in the user's words. */
  const recipients = (text: string): string[] | undefined => {
    const r = readRecipients(text);
    if ('to' in r) return r.to;
    const problem = t(r.error, { max: MAX_MAIL_RECIPIENTS });
    setToError(r.address ? t('document_mail.bad_address', { address: r.address, problem }) : problem);
    return undefined;
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const option = options[picked];
    if (busy || record === undefined || !option) return;
    const list = recipients(to);
    if (!list) return;
    setBusy(true);
    setError(undefined);
    try {
      const r = await document_mail_add({ source, id: record, document: option.document, to: list, language, ...(message.trim() ? { message } : {}) });
      setQueued({ subject: r.subject, to: r.to });
    } catch (err) {
      // An address the server refuses is said at its field, as the browser's own check says it.
      const field = err instanceof ApiError ? err.params?.field : undefined;
      if (typeof field === 'string' && field.startsWith('payload.to')) setToError(t('validation.invalidEmail'));
      else if (err instanceof ApiError && (err.status === 400 || err.status === 404)) setError(say(intl, describeError(err)));
      else failed(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <button type="button" className="grid-bulk-document-mail" title={t('document_mail.pick_one')} onClick={() => void start()}>
        {t('document_mail.action')}
      </button>
      <Dialog.Root open={open} onOpenChange={setOpen}>
        <Dialog.Portal>
          <Dialog.Overlay className="dialog-overlay" />
          <Dialog.Content className="dialog document-mail" aria-describedby={`${id}-intro`} onInteractOutside={(e) => e.preventDefault()}>
            <Dialog.Title className="dialog-title">{t('document_mail.title')}</Dialog.Title>
            {queued ? (
              <div className="screen-form">
                <p id={`${id}-intro`} role="status" className="document-mail-queued">
                  {t('document_mail.queued', { subject: queued.subject, to: queued.to.join(', ') })}
                </p>
                <div className="dialog-buttons">
                  {outbox && (
                    <a className="btn btn-secondary" href={`/${lang}${OUTBOX}`}>
                      {t('document_mail.open_outbox')}
                    </a>
                  )}
                  <Dialog.Close asChild>
                    <button type="button" className="btn btn-primary">
                      {t('document_mail.close')}
                    </button>
                  </Dialog.Close>
                </div>
              </div>
            ) : (
              <form className="screen-form" onSubmit={(e) => void submit(e)} noValidate>
                <p id={`${id}-intro`}>{t('document_mail.intro')}</p>
                <fieldset className="form-field">
                  <legend>{t('document_mail.document')}</legend>
                  {options.map((o, k) => (
                    <label key={o.document}>
                      <input type="radio" name={`${id}-document`} value={o.document} checked={k === picked} onChange={() => choose(k, options, { to: toTyped, language: languageChosen })} />{' '}
                      {t(DOCUMENT_MAIL_TITLES[o.document], { number: o.number })}
                    </label>
                  ))}
                </fieldset>
                <div className="form-field">
                  <label htmlFor={`${id}-to`}>{t('document_mail.to')}</label>
                  <input
                    id={`${id}-to`}
                    type="text"
                    inputMode="email"
                    autoComplete="off"
                    value={to}
                    aria-invalid={toError ? true : undefined}
                    aria-describedby={`${id}-to-said`}
                    onChange={(e) => {
                      setTo(e.target.value);
                      setToTyped(true);
                      setToError(undefined);
                    }}
                    onBlur={() => {
                      if (to.trim()) recipients(to);
                    }}
                  />
                  <span id={`${id}-to-said`} className={toError ? 'field-error' : 'field-hint'} role={toError ? 'alert' : undefined}>
                    {toError ?? t('document_mail.to_hint')}
                  </span>
                </div>
                <div className="form-field">
                  <label htmlFor={`${id}-language`}>{t('document_mail.language')}</label>
                  <select
                    id={`${id}-language`}
                    value={language}
                    onChange={(e) => {
                      setLanguage(e.target.value as Lang);
                      setLanguageChosen(true);
                    }}
                  >
                    {LANGS.map((l) => (
                      <option key={l} value={l}>
                        {t(`fields.${l}`)}
                      </option>
                    ))}
                  </select>
                </div>
                <div className="form-field">
                  <label htmlFor={`${id}-message`}>{t('document_mail.message')}</label>
                  <textarea id={`${id}-message`} rows={5} maxLength={10000} value={message} placeholder={t('document_mail.message_hint')} onChange={(e) => setMessage(e.target.value)} />
                </div>
                <FormDialogFoot error={error} submitLabel={t('document_mail.send')} submitDisabled={busy} />
              </form>
            )}
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </>
  );
}
