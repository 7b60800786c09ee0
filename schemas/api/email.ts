/** Mail for AI (/ai_content/email_list): the IMAP mailbox, its messages, labels and AI-drafted replies. */
import * as v from 'valibot';
import { NoPayload, defineAction } from './defineAction.ts';
import { aiChatEngine } from './fields.ts';

const EmailId = v.pipe(v.number(), v.integer(), v.minValue(1));
/** An IMAP label as the labels page keeps it (migration 065 imap_label_keyword). */
const ImapLabel = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_.$-]{1,60}$/, 'an IMAP keyword'));
/** `email_sync` list: whether a mailbox is configured (IMAP_URL), and where (scheme, host and port, never the credentials). */
export const EmailSyncStatusOutput = v.object({ data: v.object({ configured: v.boolean(), server: v.nullable(v.string()), mailbox: v.nullable(v.string()) }) });
/** `email_sync` set: the mailbox synchronised now. */
export const EmailSyncOutput = v.object({ data: v.object({ mailbox: v.string(), added: v.number(), updated: v.number(), removed: v.number() }) });
/** `email_message` list: one stored message to read. */
export const EmailMessagePayload = v.strictObject({ email_id: EmailId });
/** The message with its text, its sanitized HTML, its flags, and the labels one may apply (each with its colour). */
export const EmailMessageOutput = v.object({
  data: v.object({
    email_id: v.number(),
    subject: v.string(),
    sender: v.string(),
    date: v.string(),
    flags: v.array(v.string()),
    body_text: v.string(),
    body_html: v.string(),
    labels: v.array(v.object({ imap_label: v.string(), description: v.string(), color: v.string() })),
  }),
});
/** `email_labels` set: labels set and unset on the message on the server. */
export const EmailLabelsPayload = v.strictObject({
  email_id: EmailId,
  add: v.optional(v.pipe(v.array(ImapLabel), v.maxLength(50)), []),
  remove: v.optional(v.pipe(v.array(ImapLabel), v.maxLength(50)), []),
});
/** The message's flags as the server now has them. */
export const EmailLabelsOutput = v.object({ data: v.object({ flags: v.array(v.string()) }) });
/** `email_draft` set: an AI-drafted reply in the message's language, with the user's instructions if any. */
export const EmailDraftPayload = v.strictObject({ email_id: EmailId, instructions: v.optional(v.pipe(v.string(), v.maxLength(2000)), ''), engine: aiChatEngine });
export const EmailDraftOutput = v.object({ data: v.object({ language: v.string(), subject: v.string(), body: v.string() }) });
/** `email_draft_save` set: the (edited) draft appended to the Drafts folder. */
export const EmailDraftSavePayload = v.strictObject({
  email_id: EmailId,
  subject: v.pipe(v.string(), v.maxLength(1000)),
  body: v.pipe(v.string(), v.minLength(1), v.maxLength(50_000)),
});
export const EmailDraftSaveOutput = v.object({ data: v.object({ mailbox: v.string(), uid: v.nullable(v.number()) }) });

export const emailActions = {
  email_sync_list: defineAction({
    entity: 'email_sync',
    action: 'list',
    page: '/ai_content/email_list',
    flag: 'list',
    input: NoPayload,
    output: EmailSyncStatusOutput,
    summary: 'Whether a mailbox is configured (IMAP_URL), and where (never the credentials).',
  }),
  email_sync_set: defineAction({
    entity: 'email_sync',
    action: 'set',
    page: '/ai_content/email_list',
    flag: 'set',
    input: NoPayload,
    output: EmailSyncOutput,
    summary: 'The mailbox synchronised now. Without IMAP_URL: 503 `imap_not_configured`; a server that fails: 502 `imap_failed` / `imap_auth_failed`.',
  }),
  email_message: defineAction({
    entity: 'email_message',
    action: 'list',
    page: '/ai_content/email_list',
    flag: 'list',
    input: EmailMessagePayload,
    output: EmailMessageOutput,
    summary: 'One stored message to read, with the labels one may apply.',
  }),
  email_labels: defineAction({
    entity: 'email_labels',
    action: 'set',
    page: '/ai_content/email_list',
    flag: 'set',
    input: EmailLabelsPayload,
    output: EmailLabelsOutput,
    summary: 'IMAP keywords set and unset on the server. Without IMAP_URL: 503 `imap_not_configured`; a server that fails: 502 `imap_failed` / `imap_auth_failed`.',
  }),
  email_draft: defineAction({
    entity: 'email_draft',
    action: 'set',
    page: '/ai_content/email_list',
    flag: 'set',
    input: EmailDraftPayload,
    output: EmailDraftOutput,
    summary: "A reply drafted by the chat engine in the mail's language.",
  }),
  email_draft_save: defineAction({
    entity: 'email_draft_save',
    action: 'set',
    page: '/ai_content/email_list',
    flag: 'set',
    input: EmailDraftSavePayload,
    output: EmailDraftSaveOutput,
    summary: 'A reply appended to the Drafts folder. Without IMAP_URL: 503 `imap_not_configured`; a server that fails: 502 `imap_failed` / `imap_auth_failed`.',
  }),
};
