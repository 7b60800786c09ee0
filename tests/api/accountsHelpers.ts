import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { TestServer } from './harness.ts';

/** A password the rule takes (core/password/policy.ts). */
export const STRONG = 'lantern orbit velvet 42';

/**
 * A throwaway user of `companies` with `password`, so throttling and revocations do not
 * disturb the demo users. Made the way an administrator does, through the API (no SQL): the
 * user added in the first company, given the others, handed an initial password, and the
 * first sign-in's change link sets `password`.
 */
export async function makeUser(s: TestServer, email: string, opts: { companies?: string[]; password?: string; language?: string } = {}): Promise<number> {
  const admin = (await s.login('admin@example.com')).token;
  const [home, ...more] = opts.companies ?? ['SK01'];
  const must = async (form: string, payload: unknown) => {
    const r = await s.action(admin, form, form === 'users' ? 'add' : 'set', payload, home);
    if (r.status !== 200) throw new Error(`makeUser ${email}: ${form}: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body.data;
  };
  const id = ((await must('users', { user_email: email, user_name: email.slice(0, 100), first_name: 'Test', language_code: opts.language ?? 'en' })) as { row: { user_id: number } }).row.user_id;
  for (const c of more) await must('user_companies', { user_id: id, user_company_code: c, assigned: true });
  const initial = randomUUID(); // long and random: no e-mail in it, in no list
  await must('user_initial_password', { user_ids: [id], password: initial });
  const held = await s.post('/rpc/login', { email, password: initial });
  const token = (held.body as { params?: { token?: string } }).params?.token;
  if (held.status !== 403 || !token) throw new Error(`makeUser ${email}: expected the first sign-in held, got ${held.status} ${JSON.stringify(held.body)}`);
  const set = await s.post('/rpc/set_password', { token, password: opts.password ?? STRONG });
  if (set.status !== 200) throw new Error(`makeUser ${email}: set_password: ${set.status} ${JSON.stringify(set.body)}`);
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

/** The account mails of `email` once the server's after-answer work has ended (forgot_password queues its mail after answering). */
export async function waitForMails(s: TestServer, email: string, count: number): Promise<Awaited<ReturnType<typeof mailsTo>>> {
  await s.settled();
  const mails = await mailsTo(s, email);
  expect(mails.length, `account mails to ${email}`).toBeGreaterThanOrEqual(count);
  return mails;
}
