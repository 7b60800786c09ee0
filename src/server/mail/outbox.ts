import type { Db } from '../db/types.ts';
import { safeError, type MailAttachment, type MailTransport } from './transport.ts';
import { startPoller, type Poller } from '../poller.ts';
import { log as logger } from '../obs/log.ts';
import { drawMailDocument, type MailDocument } from './documents.ts';

export interface OutboxOptions {
  /** Rows claimed per round (default 20). */
  batch?: number;
  /** Tries before a row is given up as `failed` (default 8; the row is kept). */
  maxAttempts?: number;
  /** The wait after the first failure, doubled after each further one (default 60 s) … */
  retryBaseMs?: number;
  /** … up to this (default 6 h). */
  retryCapMs?: number;
  /** How long a claimed row is another worker's (default 10 min, beyond the transport's timeouts): a worker that died mid-send leaves it due again then. */
  leaseMs?: number;
  /** SMTP_URL, so its credentials are kept out of stored errors. */
  smtpUrl?: string | undefined;
}

export interface DeliverResult {
  sent: number;
  /** Failed and waiting for their next try. */
  retried: number;
  /** Failed for the last time: status `failed`. */
  failed: number;
}

interface Claimed {
  mail_id: number;
  company_code: string | null;
  recipients: string[];
  subject: string;
  body_text: string;
  body_html: string | null;
  attempts: number;
}

/** A claimed mail's file: its bytes, or the document to draw first (migration 130). */
type Pending = MailAttachment | { attachmentId: number; document: MailDocument };

/** The files of the claimed mails, in their order, by mail. */
async function attachmentsOf(db: Db, mailIds: readonly number[]): Promise<Map<number, Pending[]>> {
  const out = new Map<number, Pending[]>();
  if (!mailIds.length) return out;
  const r = await db.query<{
    attachment_id: number;
    mail_id: number;
    filename: string;
    content_type: string;
    content: Uint8Array | null;
    document_kind: MailDocument['document'] | null;
    document_id: number | null;
    document_lang: string | null;
  }>(
    `select attachment_id, mail_id, filename, content_type, content, document_kind, document_id, document_lang
     from app.mail_attachments where mail_id = any($1::bigint[]) order by mail_id, position`,
    [mailIds],
  );
  for (const a of r.rows) {
    const list = out.get(Number(a.mail_id)) ?? [];
    list.push(
      a.content !== null
        ? { filename: a.filename, contentType: a.content_type, content: Buffer.from(a.content) }
        : { attachmentId: Number(a.attachment_id), document: { document: a.document_kind!, id: Number(a.document_id), lang: a.document_lang ?? 'en' } },
    );
    out.set(Number(a.mail_id), list);
  }
  return out;
}

/**
 * A mail's files with its documents drawn (documents.ts: off this thread), each drawn one
 * stored in its row with its name, so a resend sends the same file.
 */
async function drawnAttachments(db: Db, company: string | null, files: readonly Pending[] | undefined): Promise<MailAttachment[] | undefined> {
  if (!files) return undefined;
  const out: MailAttachment[] = [];
  for (const f of files) {
    if (!('document' in f)) {
      out.push(f);
      continue;
    }
    if (!company) throw new Error('mail document: a mail without a company names a document');
    const drawn = await drawMailDocument(db, company, f.document);
    if (!drawn) {
      // An e-invoice the schema refuses: the mail goes without it (documents.ts).
      await db.query('delete from app.mail_attachments where attachment_id = $1 and content is null', [f.attachmentId]);
      continue;
    }
    await db.query('update app.mail_attachments set content = $2, filename = $3 where attachment_id = $1 and content is null', [f.attachmentId, drawn.content, drawn.filename]);
    out.push(drawn);
  }
  return out;
}

/** Rounds per pass at most: a backlog is worked off over several ticks. */
const MAX_ROUNDS = 50;

/** The wait before try `attempts + 1`: base × 2^(attempts − 1), capped. */
export const retryDelayMs = (attempts: number, base: number, cap: number) => Math.min(cap, base * 2 ** Math.max(0, attempts - 1));

/**
 * Sends the mail due at `now`. A round claims due pending rows in one statement (FOR UPDATE
 * SKIP LOCKED: rows another worker is claiming are skipped, not waited for), counting the
 * try and moving next_attempt_at a lease on, so no other worker takes them while they are
 * sent; then sends each outside any transaction (a slow SMTP server holds no lock and, on
 * PGlite, not the one connection) and marks it sent, or schedules the next try with
 * exponential backoff, or after maxAttempts gives it up as `failed`. A mark only applies to
 * the try it claimed (attempts unchanged): a row whose lease ran out and was claimed again
 * is the new claimer's. Any number of processes may run this on one database; a worker
 * that dies between the server's acceptance and its mark sends that mail again after the
 * lease (at least once, never lost).
 */
export async function deliverDue(db: Db, transport: MailTransport, now: Date, opts: OutboxOptions = {}): Promise<DeliverResult> {
  const batch = opts.batch ?? 20;
  const maxAttempts = opts.maxAttempts ?? 8;
  const base = opts.retryBaseMs ?? 60_000;
  const cap = opts.retryCapMs ?? 6 * 3_600_000;
  const lease = opts.leaseMs ?? 10 * 60_000;
  const out: DeliverResult = { sent: 0, retried: 0, failed: 0 };
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const claimed = (
      await db.query<Claimed>(
        `update app.mail_outbox o set attempts = o.attempts + 1, next_attempt_at = $1::timestamptz + make_interval(secs => $3::double precision / 1000)
         from (select mail_id from app.mail_outbox where status = 'pending' and next_attempt_at <= $1::timestamptz
               order by next_attempt_at, mail_id limit $2 for update skip locked) c
         where o.mail_id = c.mail_id
         returning o.mail_id, o.company_code, o.recipients, o.subject, o.body_text, o.body_html, o.attempts`,
        [now.toISOString(), batch, lease],
      )
    ).rows;
    const files = await attachmentsOf(
      db,
      claimed.map((m) => m.mail_id),
    );
    for (const m of claimed) {
      try {
        const attachments = await drawnAttachments(db, m.company_code, files.get(Number(m.mail_id)));
        const { messageId } = await transport.send({
          to: m.recipients,
          subject: m.subject,
          text: m.body_text,
          html: m.body_html ?? undefined,
          attachments,
        });
        // Sent is what happened, even if a user cancelled the row while it was on its way.
        await db.query(
          `update app.mail_outbox set status = 'sent', sent_at = $3::timestamptz, message_id = $4, last_error = null
           where mail_id = $1 and attempts = $2 and status in ('pending', 'cancelled')`,
          [m.mail_id, m.attempts, now.toISOString(), messageId],
        );
        out.sent++;
      } catch (e) {
        const last = m.attempts >= maxAttempts;
        await db.query(
          `update app.mail_outbox set status = case when $3 then 'failed' else 'pending' end, last_error = $4,
                  next_attempt_at = $5::timestamptz + make_interval(secs => $6::double precision / 1000)
           where mail_id = $1 and attempts = $2 and status = 'pending'`,
          [m.mail_id, m.attempts, last, safeError(e, opts.smtpUrl), now.toISOString(), retryDelayMs(m.attempts, base, cap)],
        );
        if (last) out.failed++;
        else out.retried++;
      }
    }
    if (claimed.length < batch) break;
  }
  return out;
}

/** Stops polling and waits for a pass under way. */
export type OutboxRunner = Poller;

/**
 * Polls `deliverDue` every `intervalMs` (the server starts it; MAIL_TICK_MS). Without a
 * transport (no SMTP_URL) nothing is sent: mail stays pending, and the first time mail is
 * found waiting that is logged, once. A failed pass is reported and the next one runs as
 * planned. `clock` is injectable for tests.
 */
export function startOutbox(
  db: Db,
  opts: OutboxOptions & { intervalMs: number; transport: MailTransport | undefined; clock?: () => Date; onError?: (e: unknown) => void; log?: (line: string) => void },
): OutboxRunner {
  const clock = opts.clock ?? (() => new Date());
  const onError = opts.onError ?? ((e) => logger.error(`mail outbox: ${safeError(e, opts.smtpUrl)}`));
  const log = opts.log ?? ((line) => logger.info(line));
  const transport = opts.transport;

  const pass = async (): Promise<boolean> => {
    if (transport) {
      await deliverDue(db, transport, clock(), opts);
      return true;
    }
    const r = await db.query<{ n: number }>(`select count(*)::int as n from app.mail_outbox where status = 'pending'`);
    if (!r.rows[0]!.n) return true;
    log(`mail: ${r.rows[0]!.n} e-mail(s) wait in the outbox (app.mail_outbox): set SMTP_URL to send them`);
    return false; // said once; nothing more to do without a transport
  };
  return startPoller(pass, { intervalMs: opts.intervalMs, onError });
}
