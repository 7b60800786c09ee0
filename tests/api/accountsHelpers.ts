import { hashPassword } from '../../src/server/auth/password.ts';
import type { TestServer } from './harness.ts';

/** A password the rule takes (core/password/policy.ts). */
export const STRONG = 'lantern orbit velvet 42';

/** A throwaway user of `companies` with `password`, so throttling and revocations do not disturb the demo users. */
export async function makeUser(s: TestServer, email: string, opts: { companies?: string[]; password?: string; language?: string } = {}): Promise<number> {
  const r = await s.db.query<{ user_id: number }>(`insert into app.users (user_email, user_name, first_name, password_hash, language_code) values ($1, $1, 'Test', $2, $3) returning user_id`, [
    email,
    await hashPassword(opts.password ?? STRONG),
    opts.language ?? 'en',
  ]);
  const id = r.rows[0]!.user_id;
  for (const [i, c] of (opts.companies ?? ['SK01']).entries()) await s.db.query('insert into app.user_companies (user_id, company_code, position) values ($1, $2, $3)', [id, c, i]);
  return id;
}

/** The account mails queued for `email`, newest first. */
export async function mailsTo(s: TestServer, email: string): Promise<{ subject: string; body_text: string; language_code: string; company_code: string | null }[]> {
  const r = await s.db.query<{ subject: string; body_text: string; language_code: string; company_code: string | null }>(
    `select subject, body_text, language_code, company_code from app.mail_outbox where source_type = 'user' and $1 = any(recipients) order by mail_id desc`,
    [email],
  );
  return r.rows;
}

/** The token of a set-password link in a mail's text. */
export function linkToken(body: string): string {
  const m = /\/set_password#token=([A-Za-z0-9_-]+)/.exec(body);
  if (!m) throw new Error(`no set-password link in: ${body}`);
  return m[1]!;
}

/** Waits until `email` has `count` account mails (forgot_password queues its mail after answering). */
export async function waitForMails(s: TestServer, email: string, count: number, ms = 5000): Promise<Awaited<ReturnType<typeof mailsTo>>> {
  const until = Date.now() + ms;
  for (;;) {
    const mails = await mailsTo(s, email);
    if (mails.length >= count || Date.now() > until) return mails;
    await new Promise((r) => setTimeout(r, 50));
  }
}
