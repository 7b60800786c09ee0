/**
 * The Outbox's toolbar (/ai_content/email_list/outbox; the contracts in schemas/api/mailOutbox.ts):
 * `mail_preview` reads one mail of the session's company, `mail_cancel` stops queued ones and
 * `mail_resend` queues failed or cancelled ones again with their tries counted from 0, so the
 * worker (mail/outbox.ts) takes them at its next pass. Another company's mail answers as a
 * missing one (404); a mail in another state refuses the whole call (409), nothing changes. A
 * mail the worker is sending while it is cancelled still reaches its server: the worker then
 * records it as sent, which it is.
 */
import { actionContracts } from '../../../schemas/api.ts';
import type { Queryable } from '../db/types.ts';
import { HttpError, forbidden, refused } from '../http/errors.ts';
import type { Session } from '../rpc/context.ts';
import { implement } from './implement.ts';

const companyOf = (session: Session): string => {
  if (!session.company) throw forbidden('forbidden: the outbox needs a company');
  return session.company;
};

/** Locks the company's picked mails (in id order) and answers their states; one of another company or none: 404. */
async function lockMails(tx: Queryable, company: string, ids: readonly number[]): Promise<{ mail_id: number; status: string }[]> {
  const r = await tx.query<{ mail_id: number; status: string }>('select mail_id, status from app.mail_outbox where mail_id = any($1::bigint[]) and company_code = $2 order by mail_id for update', [
    ids,
    company,
  ]);
  if (r.rows.length !== ids.length) {
    const found = new Set(r.rows.map((x) => Number(x.mail_id)));
    throw new HttpError(404, 'not_found', `payload.mail_ids: no mail ${ids.find((id) => !found.has(id))} in this company`);
  }
  return r.rows;
}

export const mailPreview = implement(actionContracts.mail_preview, async ({ db, session }, input) => {
  const company = companyOf(session);
  const r = await db.query<{ mail_id: number; status: string; recipients: string[]; subject: string; body_text: string }>(
    'select mail_id, status, recipients, subject, body_text from app.mail_outbox where mail_id = $1 and company_code = $2',
    [input.mail_id, company],
  );
  const mail = r.rows[0];
  if (!mail) throw new HttpError(404, 'not_found', `payload.mail_id: no mail ${input.mail_id} in this company`);
  const files = await db.query<{ filename: string; content_type: string; size: number }>(
    'select filename, content_type, coalesce(octet_length(content), 0) as size from app.mail_attachments where mail_id = $1 order by position',
    [input.mail_id],
  );
  return { ...mail, mail_id: Number(mail.mail_id), attachments: files.rows.map((f) => ({ ...f, size: Number(f.size) })) };
});

export const mailCancel = implement(actionContracts.mail_cancel, async ({ db, session }, input) => {
  const company = companyOf(session);
  const ids = [...new Set(input.mail_ids)];
  return db.transaction(async (tx) => {
    const mails = await lockMails(tx, company, ids);
    const other = mails.find((m) => m.status !== 'pending');
    if (other) throw refused('mail_not_cancellable', `mail ${other.mail_id} is ${other.status}: only a queued mail is cancelled`, { mail: Number(other.mail_id) }, 409);
    await tx.query(`update app.mail_outbox set status = 'cancelled' where mail_id = any($1::bigint[])`, [ids]);
    return { cancelled: ids.length };
  });
});

export const mailResend = implement(actionContracts.mail_resend, async ({ db, session }, input) => {
  const company = companyOf(session);
  const ids = [...new Set(input.mail_ids)];
  return db.transaction(async (tx) => {
    const mails = await lockMails(tx, company, ids);
    const other = mails.find((m) => m.status !== 'failed' && m.status !== 'cancelled');
    if (other) throw refused('mail_not_resendable', `mail ${other.mail_id} is ${other.status}: only a failed or cancelled mail is sent again`, { mail: Number(other.mail_id) }, 409);
    await tx.query(`update app.mail_outbox set status = 'pending', attempts = 0, next_attempt_at = now() where mail_id = any($1::bigint[])`, [ids]);
    return { resent: ids.length };
  });
});
