/** The Outbox (/ai_content/email_list/outbox, issue 47): a company's outgoing mail read, cancelled and queued again. */
import * as v from 'valibot';
import { defineAction } from './defineAction.ts';

const MailId = v.pipe(v.number(), v.integer(), v.minValue(1));
/** At most this many mails per resend or cancel. */
export const MAX_MAIL_BATCH = 200;
const MailIds = v.pipe(v.array(MailId), v.minLength(1, 'at least one mail'), v.maxLength(MAX_MAIL_BATCH, `at most ${MAX_MAIL_BATCH} mails`));

/** `mail_preview` list: one mail of the company. */
export const MailPreviewPayload = v.strictObject({ mail_id: MailId });
/** The mail as it is (or was) sent: recipients, subject, text, and its attachments' names, types and sizes. */
export const MailPreviewOutput = v.object({
  data: v.object({
    mail_id: v.number(),
    status: v.string(),
    recipients: v.array(v.string()),
    subject: v.string(),
    body_text: v.string(),
    attachments: v.array(v.object({ filename: v.string(), content_type: v.string(), size: v.number() })),
  }),
});
/** `mail_resend` / `mail_cancel` set: the picked mails of the company. */
export const MailIdsPayload = v.strictObject({ mail_ids: MailIds });
export const MailResendOutput = v.object({ data: v.object({ resent: v.number() }) });
export const MailCancelOutput = v.object({ data: v.object({ cancelled: v.number() }) });

const page = '/ai_content/email_list/outbox';

export const mailOutboxActions = {
  mail_preview: defineAction({
    entity: 'mail_preview',
    action: 'list',
    page,
    flag: 'list',
    input: MailPreviewPayload,
    output: MailPreviewOutput,
    summary: 'One mail of the company’s outbox: recipients, subject, text and its attachments’ names (another company’s: 404 `not_found`).',
  }),
  mail_resend: defineAction({
    entity: 'mail_resend',
    action: 'set',
    page,
    flag: 'set',
    input: MailIdsPayload,
    output: MailResendOutput,
    summary: 'Failed or cancelled mails queued again, their tries counted from 0 (one in another state: 409 `mail_not_resendable`, nothing changes).',
  }),
  mail_cancel: defineAction({
    entity: 'mail_cancel',
    action: 'set',
    page,
    flag: 'set',
    input: MailIdsPayload,
    output: MailCancelOutput,
    summary: 'Queued mails cancelled: the outbox sends them no more (one not queued: 409 `mail_not_cancellable`, nothing changes).',
  }),
};
