import { defineScreen } from '../../schemas/screen.ts';

/**
 * IMAP labels (Mail for AI, issue 25): the labels the back office applies to the mailbox's
 * messages from /ai_content/email_list. Each is an IMAP keyword set on the message on the
 * server (what Thunderbird and most clients show as its tags), so it needs an IMAP atom:
 * letters, digits and _ . - $ (migration 065). Renaming a label here does not rename the
 * keyword on messages that carry it.
 */
export default defineScreen({
  form: 'imap_labels',
  menu: { icon: 'tag', order: 6 },
  source: {
    relation: 'app.imap_labels',
    key: 'imap_label_id',
    write: 'app.imap_labels',
    generatedKey: true,
    version: 'row_version',
    sort: [{ colId: 'imap_label', sort: 'asc' }],
  },
  columns: {
    imap_label_id: { type: 'int', hidden: true },
    imap_label: { editable: true, required: true, maxLength: 60, pattern: '^[A-Za-z0-9_.$-]+$', patternHint: 'Invoice_2', width: 200, pinned: 'left' },
    description: { editable: true, maxLength: 500, width: 250 },
    color: { editable: true, required: true, maxLength: 7, pattern: '^#[0-9A-Fa-f]{6}$', patternHint: '#2563eb', default: '#2563eb', renderer: 'colour', width: 150 },
  },
  actions: { add: true, delete: true },
});
