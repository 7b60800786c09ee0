/**
 * Mail for AI (/ai_content/email_list, migration 065): the mailbox of IMAP_URL synchronised,
 * a message read, labels applied back as IMAP keywords, an AI-drafted reply saved to Drafts.
 * The mailbox is one per server, shared like the news: the page's rights are the only scope
 * (reading needs `list`; what changes the mailbox or calls the AI needs `set`).
 */
import { EmailDraftPayload, EmailDraftSavePayload, EmailLabelsPayload, EmailMessagePayload } from '../../../schemas/api.ts';
import { HttpError, parseInput } from '../http/errors.ts';
import { describeImapUrl, imapTarget, requireImap } from '../imap/client.ts';
import { draftReply, saveDraft } from '../imap/draft.ts';
import { applyLabels } from '../imap/labels.ts';
import { syncMailbox } from '../imap/sync.ts';
import type { CustomAction } from './custom.ts';

const PAGE = '/ai_content/email_list';

export const emailSyncStatus: CustomAction = {
  page: PAGE,
  flag: 'list',
  run: async ({ config }) => ({
    configured: !!config.imapUrl,
    server: config.imapUrl ? describeImapUrl(config.imapUrl) : null,
    mailbox: config.imapUrl ? imapTarget(config.imapUrl).mailbox : null,
  }),
};

export const emailSync: CustomAction = {
  page: PAGE,
  flag: 'set',
  run: async ({ db, config }) => syncMailbox(db, requireImap(config)),
};

export const emailMessage: CustomAction = {
  page: PAGE,
  flag: 'list',
  async run({ db }, payload) {
    const { email_id } = parseInput(EmailMessagePayload, payload);
    const r = await db.query<Record<string, unknown>>(
      `select email_id::int, subject, sender, to_char(date at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as date, flags, body_text, body_html from app.emails where email_id = $1`,
      [email_id],
    );
    if (!r.rows[0]) throw new HttpError(404, 'not_found', `payload.email_id: message ${email_id} does not exist`);
    const labels = await db.query('select imap_label, description, color from app.imap_labels order by imap_label');
    return { ...r.rows[0], labels: labels.rows };
  },
};

export const emailLabels: CustomAction = {
  page: PAGE,
  flag: 'set',
  async run({ db, config }, payload) {
    const p = parseInput(EmailLabelsPayload, payload);
    if (!p.add.length && !p.remove.length) throw new HttpError(400, 'bad_request', 'payload: no label to add or remove');
    return { flags: await applyLabels(db, requireImap(config), p.email_id, [...new Set(p.add)], [...new Set(p.remove)]) };
  },
};

export const emailDraft: CustomAction = {
  page: PAGE,
  flag: 'set',
  async run(ctx, payload) {
    const p = parseInput(EmailDraftPayload, payload);
    return draftReply(ctx, p.email_id, p.instructions, p.engine);
  },
};

export const emailDraftSave: CustomAction = {
  page: PAGE,
  flag: 'set',
  async run(ctx, payload) {
    const p = parseInput(EmailDraftSavePayload, payload);
    return saveDraft(ctx, requireImap(ctx.config), p.email_id, p);
  },
};
