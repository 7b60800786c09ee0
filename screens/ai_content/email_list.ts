import { defineScreen } from '../../schemas/screen.ts';

/**
 * E-mails (Mail for AI, issue 25): the messages of the mailbox IMAP_URL names, as the last
 * synchronisation stored them (src/server/imap/sync.ts; "Synchronise" and the poll of
 * IMAP_TICK_MS), newest first. "Open" reads the picked message (its text, or its sanitized
 * HTML), applies the labels of /ai_content/imap_labels back to the server as IMAP keywords,
 * and has OpenAI draft a reply in the mail's language, saved to the Drafts folder. Shared by
 * the companies: the mailbox is one per server (migration 065).
 */
export default defineScreen({
  form: 'email_list',
  menu: { icon: 'mail', order: 5 },
  source: {
    relation: 'app.v_emails',
    key: 'email_id',
    sort: [{ colId: 'date', sort: 'desc' }],
  },
  columns: {
    email_id: { type: 'int', hidden: true },
    subject: { width: 250, pinned: 'left' },
    sender: { width: 250 },
    date: { type: 'datetime', width: 150 },
    size: { type: 'int', width: 100 },
    flags: { width: 200 },
  },
  actions: { bulk: ['email_sync', 'email_open'] },
});
