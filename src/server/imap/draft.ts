/**
 * An AI-drafted reply to a stored message, in the message's language: the chat engine the
 * user picked (OpenAI, or DeepSeek: ai/chat.ts `jsonRequest`) asked for JSON {language, subject, body} — the model names the
 * language it read and writes in it. The draft is shown to the user, who may edit it; saving
 * it APPENDs it to the mailbox's Drafts folder (the \Drafts special-use folder, else one
 * named Drafts, created when missing) flagged \Draft and \Seen, addressed to the sender with
 * In-Reply-To and References, so it waits in her mail client to be checked and sent.
 * Nothing is sent from the back office. The session's company pays: its monthly budget of the
 * engine is checked before the call (budget.ts).
 */
import MailComposer from 'nodemailer/lib/mail-composer';
import * as v from 'valibot';
import type { AiChatEngine } from '../../core/aiContent.ts';
import { requireEngineBudget } from '../ai/budget.ts';
import { chatComplete, jsonRequest, replyJson } from '../ai/chat.ts';
import { companyChatEngine } from '../ai/chatSettings.ts';
import { badAnswer } from '../ai/engineFetch.ts';
import { chatEngine } from '../ai/engines.ts';
import { takeAiCall } from '../ai/rateLimit.ts';
import { logUsage } from '../ai/usage.ts';
import type { UserCtx } from '../rpc/context.ts';
import { HttpError } from '../http/errors.ts';
import { withImap } from './client.ts';

/** The model of a draft (spec §9's default). */
const DRAFT_MODEL = 'gpt-4o';
/** The message's text the model reads at most. */
const MAX_PROMPT_BODY = 8_000;

const SYSTEM_PROMPT = [
  'You draft replies to e-mails for the staff of a company.',
  'Find the language the e-mail is written in and write the whole reply in that same language.',
  'Be polite and concrete; do not invent facts, prices or dates the e-mail does not give: leave a placeholder in [brackets] instead.',
  'Answer with a JSON object only: {"language": the ISO 639-1 code of the e-mail\'s language, "subject": the reply\'s subject, "body": the reply as plain text}.',
].join(' ');

const Draft = v.object({
  language: v.pipe(v.string(), v.regex(/^[a-z]{2}$/)),
  subject: v.pipe(v.string(), v.maxLength(1000)),
  body: v.pipe(v.string(), v.minLength(1), v.maxLength(50_000)),
});
export type EmailDraft = v.InferOutput<typeof Draft>;

interface MailRow {
  subject: string;
  sender: string;
  sender_address: string;
  message_id: string;
  body_text: string;
  mailbox: string;
}

async function mailRow(ctx: UserCtx, emailId: number): Promise<MailRow> {
  const r = await ctx.db.query<MailRow>('select subject, sender, sender_address, message_id, body_text, mailbox from app.emails where email_id = $1', [emailId]);
  if (!r.rows[0]) throw new HttpError(404, 'not_found', `payload.email_id: message ${emailId} does not exist`);
  return r.rows[0];
}

/** "Re: " once: a subject that has it already keeps it as it is. */
export const replySubject = (subject: string): string => (/^\s*re\s*:/i.test(subject) ? subject : `Re: ${subject}`);

export async function draftReply(ctx: UserCtx, emailId: number, instructions: string, picked?: AiChatEngine): Promise<EmailDraft> {
  const mail = await mailRow(ctx, emailId);
  const engine = chatEngine(ctx.config, picked, await companyChatEngine(ctx.db, ctx.session.company ?? null));
  await requireEngineBudget(ctx.db, ctx.session.company, engine.name);
  await takeAiCall(ctx.db, ctx.session.userId, engine, ctx.config.aiRatePerMinute);
  const user = [`From: ${mail.sender}`, `Subject: ${mail.subject}`, '', mail.body_text.slice(0, MAX_PROMPT_BODY)];
  if (instructions.trim()) user.push('', `Instructions for the reply (from the staff member): ${instructions.trim()}`);
  const usage = { userId: ctx.session.userId, company: ctx.session.company ?? null, engine: engine.name, operation: 'email_draft' } as const;
  let answer;
  try {
    answer = await chatComplete(
      engine,
      jsonRequest(engine, {
        model: DRAFT_MODEL,
        messages: [
          { role: 'system', content: SYSTEM_PROMPT },
          { role: 'user', content: user.join('\n') },
        ],
        temperature: 0.5,
        top_p: 1,
        max_tokens: 1000,
      }),
      ctx.config,
    );
  } catch (e) {
    await logUsage(ctx.db, { ...usage, ok: false });
    throw e;
  }
  let json: unknown = null;
  try {
    json = replyJson(engine, answer.content);
  } catch {
    // not JSON: the check below refuses it (after its usage row)
  }
  const parsed = v.safeParse(Draft, json);
  await logUsage(ctx.db, { ...usage, promptTokens: answer.promptTokens, completionTokens: answer.completionTokens, ok: parsed.success });
  if (!parsed.success) throw badAnswer(engine, 'the draft is not {language, subject, body}');
  return { ...parsed.output, subject: parsed.output.subject.trim() || replySubject(mail.subject) };
}

/** The draft as an RFC 5322 message: to the sender, a reply to the message. */
async function draftSource(from: string, mail: MailRow, draft: { subject: string; body: string }): Promise<Buffer> {
  const composer = new MailComposer({
    from,
    to: mail.sender_address || undefined,
    subject: draft.subject,
    text: draft.body,
    ...(mail.message_id ? { inReplyTo: mail.message_id, references: [mail.message_id] } : {}),
  });
  return composer.compile().build();
}

/** Saves a draft into the Drafts folder; its folder and UID there. */
export async function saveDraft(ctx: UserCtx, imapUrl: string, emailId: number, draft: { subject: string; body: string }): Promise<{ mailbox: string; uid: number | null }> {
  const mail = await mailRow(ctx, emailId);
  return withImap(imapUrl, async (client, target) => {
    const from = target.user.includes('@') ? target.user : ctx.config.mailFrom;
    const folders = await client.list();
    let drafts = folders.find((f) => f.specialUse === '\\Drafts')?.path ?? folders.find((f) => f.path.toLowerCase() === 'drafts')?.path;
    if (!drafts) {
      await client.mailboxCreate('Drafts');
      drafts = 'Drafts';
    }
    const r = await client.append(drafts, await draftSource(from, mail, draft), ['\\Draft', '\\Seen']);
    return { mailbox: drafts, uid: r && r.uid ? r.uid : null };
  });
}
