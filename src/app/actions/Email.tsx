/**
 * Mail for AI on /ai_content/email_list (server: src/server/actions/email.ts).
 * `email_sync`: "Synchronise" reads the mailbox of IMAP_URL into the grid; without IMAP_URL
 * the toolbar says what to configure and the grid shows the messages stored before.
 * `email_open`: the one picked message — its text or its sanitized HTML (in a sandboxed
 * frame: no script, no form, no navigation of the page), its labels set and unset on the
 * server as IMAP keywords, and a reply drafted by the chat engine picked (OpenAI or DeepSeek) in the mail's language that the user
 * may edit, copy, or save to the mailbox's Drafts folder.
 */
import * as Dialog from '@radix-ui/react-dialog';
import { useEffect, useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { actions, type AnswerOf } from '../api/actions.ts';
import { toast } from '../chrome/toasts.tsx';
import { useT } from '../i18n/useT.ts';
import { EngineChoice, useChatEngines, usePickedEngine } from './aiShared.tsx';
import { useFailed } from './failed.ts';
import type { BulkActionProps } from './actionProps.ts';
import './email.css';

export function EmailSync({ onDone }: BulkActionProps) {
  const t = useT();
  const failed = useFailed();
  const [status, setStatus] = useState<AnswerOf<'email_sync_list'>>();
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    let live = true;
    actions.email_sync_list().then(
      (s) => live && setStatus(s),
      () => {},
    );
    return () => {
      live = false;
    };
  }, []);
  const run = async () => {
    setBusy(true);
    try {
      const r = await actions.email_sync_set();
      toast({ variant: 'success', id: 'imap.synced', values: { mailbox: r.mailbox, added: r.added, updated: r.updated, removed: r.removed } });
      onDone();
    } catch (e) {
      failed(e);
    } finally {
      setBusy(false);
    }
  };
  if (status && !status.configured) {
    return (
      <span className="email-not-configured" role="status">
        {t('imap.not_configured')}
      </span>
    );
  }
  return (
    <button type="button" className="grid-bulk-email-sync" disabled={!status || busy} title={status?.server ? `${status.server} · ${status.mailbox ?? ''}` : undefined} onClick={() => void run()}>
      {t('imap.sync')}
    </button>
  );
}

type Message = AnswerOf<'email_message'>;
type Draft = AnswerOf<'email_draft'>;

export function EmailOpen({ query, onDone }: BulkActionProps) {
  const t = useT();
  const intl = useIntl();
  const failed = useFailed();
  const id = useId();
  const [msg, setMsg] = useState<Message>();
  const [asHtml, setAsHtml] = useState(true);
  const [busy, setBusy] = useState<'labels' | 'draft' | 'save'>();
  const [instructions, setInstructions] = useState('');
  const engines = useChatEngines();
  const [engine, setEngine] = usePickedEngine(engines);
  const [draft, setDraft] = useState<Draft>();
  const sel = query.selection;
  const picked = sel && !sel.all && sel.count === 1 ? (sel.keys as number[])[0] : undefined;

  const open = async () => {
    if (picked === undefined) return;
    try {
      const m = await actions.email_message({ email_id: picked });
      setMsg(m);
      setAsHtml(!!m.body_html);
      setDraft(undefined);
      setInstructions('');
    } catch (e) {
      failed(e);
    }
  };

  const toggle = async (label: string, on: boolean) => {
    if (!msg) return;
    setBusy('labels');
    try {
      const r = await actions.email_labels({ email_id: msg.email_id, ...(on ? { add: [label] } : { remove: [label] }) });
      setMsg({ ...msg, flags: r.flags });
      toast({ variant: 'success', id: 'imap.labels_saved' });
      onDone();
    } catch (e) {
      failed(e);
    } finally {
      setBusy(undefined);
    }
  };

  const makeDraft = async () => {
    if (!msg) return;
    setBusy('draft');
    try {
      setDraft(await actions.email_draft({ email_id: msg.email_id, instructions, engine }));
    } catch (e) {
      failed(e);
    } finally {
      setBusy(undefined);
    }
  };

  const saveDraft = async () => {
    if (!msg || !draft) return;
    setBusy('save');
    try {
      const r = await actions.email_draft_save({ email_id: msg.email_id, subject: draft.subject, body: draft.body });
      toast({ variant: 'success', id: 'imap.draft_saved', values: { mailbox: r.mailbox } });
    } catch (e) {
      failed(e);
    } finally {
      setBusy(undefined);
    }
  };

  const copy = () => {
    if (draft) void navigator.clipboard?.writeText(`${draft.subject}\n\n${draft.body}`).then(() => toast({ variant: 'success', id: 'imap.draft_copied' }));
  };

  return (
    <>
      <button type="button" className="grid-bulk-email-open" disabled={picked === undefined} title={picked === undefined ? t('imap.open_pick') : undefined} onClick={() => void open()}>
        {t('imap.open')}
      </button>
      <Dialog.Root open={!!msg} onOpenChange={(o) => !o && setMsg(undefined)}>
        <Dialog.Portal>
          <Dialog.Overlay className="dialog-overlay" />
          <Dialog.Content className="dialog dialog-xl email-reader" aria-describedby={`${id}-meta`}>
            {msg && (
              <>
                <Dialog.Title className="dialog-title">{msg.subject || '—'}</Dialog.Title>
                <dl id={`${id}-meta`} className="email-meta">
                  <dt>{t('fields.sender')}</dt>
                  <dd>{msg.sender}</dd>
                  <dt>{t('fields.date')}</dt>
                  <dd>{intl.formatDate(msg.date, { dateStyle: 'medium', timeStyle: 'short' })}</dd>
                  <dt>{t('fields.flags')}</dt>
                  <dd className="email-flags">{msg.flags.join(' ')}</dd>
                </dl>
                <fieldset className="email-labels" disabled={busy === 'labels'}>
                  <legend>{t('imap.labels')}</legend>
                  {msg.labels.length === 0 && <span className="field-hint">{t('imap.no_labels')}</span>}
                  {msg.labels.map((l) => (
                    <label key={l.imap_label} className="email-label" title={l.description}>
                      <input type="checkbox" checked={msg.flags.includes(l.imap_label)} onChange={(e) => void toggle(l.imap_label, e.target.checked)} />
                      <span className="cell-swatch" style={{ background: l.color }} aria-hidden="true" />
                      {l.imap_label}
                    </label>
                  ))}
                </fieldset>
                {msg.body_html && (
                  <div className="email-view-switch">
                    <label className="form-check">
                      <input type="checkbox" checked={asHtml} onChange={(e) => setAsHtml(e.target.checked)} /> {t('imap.show_html')}
                    </label>
                  </div>
                )}
                {asHtml && msg.body_html ? (
                  // Sanitized on the server; the empty sandbox also keeps any script, form or top navigation from running.
                  <iframe className="email-body email-body-html" title={msg.subject} sandbox="" srcDoc={msg.body_html} />
                ) : (
                  <pre className="email-body email-body-text">{msg.body_text || t('imap.no_body')}</pre>
                )}
                <div className="email-draft">
                  <EngineChoice engines={engines} value={engine} onChange={setEngine} />
                  <label htmlFor={`${id}-instructions`}>{t('imap.draft_instructions')}</label>
                  <input id={`${id}-instructions`} type="text" maxLength={2000} value={instructions} onChange={(e) => setInstructions(e.target.value)} />
                  <button type="button" className="btn btn-primary email-draft-make" disabled={!!busy || !engine} onClick={() => void makeDraft()}>
                    {t('imap.draft')}
                  </button>
                  {draft && (
                    <div className="email-draft-result">
                      <p className="field-hint">{t('imap.draft_language', { language: draft.language })}</p>
                      <input type="text" aria-label={t('fields.subject')} value={draft.subject} maxLength={1000} onChange={(e) => setDraft({ ...draft, subject: e.target.value })} />
                      <textarea aria-label={t('imap.draft_body')} rows={10} value={draft.body} onChange={(e) => setDraft({ ...draft, body: e.target.value })} />
                      <div className="dialog-buttons">
                        <button type="button" className="btn btn-secondary" onClick={copy}>
                          {t('imap.draft_copy')}
                        </button>
                        <button type="button" className="btn btn-primary email-draft-save" disabled={!!busy || !draft.body.trim()} onClick={() => void saveDraft()}>
                          {t('imap.draft_save')}
                        </button>
                      </div>
                    </div>
                  )}
                </div>
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
