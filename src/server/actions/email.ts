/**
 * Mail for AI (/ai_content/email_list, migration 065): the mailbox of IMAP_URL synchronised,
 * a message read, labels applied back as IMAP keywords, an AI-drafted reply saved to Drafts.
 * The mailbox is one per server, shared like the news: the page's rights are the only scope
 * (reading needs `list`; what changes the mailbox or calls the AI needs `set`).
 */
import { actionContracts, type ActionAnswer } from '../../../schemas/api.ts';
import { HttpError } from '../http/errors.ts';
import { describeImapUrl, imapTarget, requireImap } from '../imap/client.ts';
import { draftReply, saveDraft } from '../imap/draft.ts';
import { applyLabels } from '../imap/labels.ts';
import { syncMailbox } from '../imap/sync.ts';
import { implement } from './implement.ts';

export const emailSyncStatus = implement(actionContracts.email_sync_list, async ({ config }) => ({
  configured: !!config.imapUrl,
  server: config.imapUrl ? describeImapUrl(config.imapUrl) : null,
  mailbox: config.imapUrl ? imapTarget(config.imapUrl).mailbox : null,
}));

export const emailSync = implement(actionContracts.email_sync_set, async ({ db, config }) => syncMailbox(db, requireImap(config)));

/** A message as email_message answers it (typed by the contract). */
type Message = ActionAnswer<typeof actionContracts.email_message>;

export const emailMessage = implement(actionContracts.email_message, async ({ db }, { email_id }) => {
  const r = await db.query<Omit<Message, 'labels'>>(
    `select email_id::int, subject, sender, to_char(date at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as date, flags, body_text, body_html from app.emails where email_id = $1`,
    [email_id],
  );
  if (!r.rows[0]) throw new HttpError(404, 'not_found', `payload.email_id: message ${email_id} does not exist`);
  const labels = await db.query<Message['labels'][number]>('select imap_label, description, color from app.imap_labels order by imap_label');
  return { ...r.rows[0], labels: labels.rows };
});

export const emailLabels = implement(actionContracts.email_labels, async ({ db, config }, p) => {
  if (!p.add.length && !p.remove.length) throw new HttpError(400, 'bad_request', 'payload: no label to add or remove');
  return { flags: await applyLabels(db, requireImap(config), p.email_id, [...new Set(p.add)], [...new Set(p.remove)]) };
});

export const emailDraft = implement(actionContracts.email_draft, async (ctx, p) => {
  return draftReply(ctx, p.email_id, p.instructions, p.engine);
});

export const emailDraftSave = implement(actionContracts.email_draft_save, async (ctx, p) => {
  return saveDraft(ctx, requireImap(ctx.config), p.email_id, p);
});
