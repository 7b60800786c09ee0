import { defineScreen } from '../../schemas/screen.ts';

/**
 * The company's outgoing mail (issue 47): what workflow events, the shops and the dunning
 * queued (app.mail_outbox, migrations 040 and 114), newest first — queued, sent, failed or
 * cancelled, with its tries, the last error and when it was sent. A page under the mail page
 * (/ai_content/email_list), whose grants it starts with. The toolbar previews the picked mail
 * (subject, text, attachments), cancels queued ones and queues failed or cancelled ones again
 * (src/server/actions/mail_outbox.ts); the outbox worker does the sending (server/mail/outbox.ts).
 */
export default defineScreen({
  form: 'mail_outbox',
  route: '/ai_content/email_list/outbox',
  menu: { icon: 'send', order: 1 },
  source: {
    relation: 'app.v_mail_outbox',
    key: 'mail_id',
    company: 'company_code',
    sort: [
      { colId: 'created_at', sort: 'desc' },
      { colId: 'mail_id', sort: 'desc' },
    ],
  },
  columns: {
    mail_id: { type: 'int', width: 100 },
    status: { options: ['pending', 'sent', 'failed', 'cancelled'], optionsKey: 'mail_status', width: 100 },
    created_at: { type: 'datetime', width: 150 },
    recipients: { width: 250 },
    subject: { width: 250 },
    source_type: { options: ['sales_order', 'purchase_order', 'cashflow', 'cart', 'arrival_notification', 'newsletter_subscriber', 'cmr_note'], optionsKey: 'mail_source', width: 150 },
    reference: { width: 150 },
    language_code: { options: ['en', 'de', 'hu', 'sk', 'ro', 'cs', 'bg'], renderer: 'languageCode', width: 100 },
    attempts: { type: 'int', width: 100 },
    last_error: { width: 250 },
    sent_at: { type: 'datetime', width: 150 },
    next_attempt_at: { type: 'datetime', width: 150, hidden: true },
    attachment_names: { width: 200 },
    source_id: { type: 'int', hidden: true },
  },
  actions: { bulk: ['mail_preview', 'mail_resend', 'mail_cancel'] },
});
