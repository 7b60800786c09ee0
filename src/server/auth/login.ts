import type { Db } from '../db/types.ts';
import { HttpError } from '../http/errors.ts';
import { decoyHash, verifyPassword } from './password.ts';

export const MAX_FAILURES = 10;
export const FAILURE_WINDOW_MIN = 15;

/** Unknown user and wrong password answer alike, so accounts cannot be probed. */
const wrongCredentials = () => new HttpError(401, 'invalid_credentials', 'Wrong email or password');

/**
 * Checks credentials with per-account throttling (10 failures per 15 minutes).
 * Returns the user id; throws 401, 403 (blocked) or 429.
 */
export async function checkCredentials(db: Db, email: string, password: string): Promise<number> {
  const failures = await db.query<{ n: number; oldest: string | null }>(
    `select count(*)::int as n, min(failed_at) as oldest from app.login_failures
     where lower(user_email) = lower($1) and failed_at > now() - make_interval(mins => $2)`,
    [email, FAILURE_WINDOW_MIN],
  );
  const { n, oldest } = failures.rows[0]!;
  if (n >= MAX_FAILURES) {
    const retry = oldest ? Math.max(1, Math.ceil((Date.parse(oldest) + FAILURE_WINDOW_MIN * 60_000 - Date.now()) / 1000)) : 60;
    throw new HttpError(429, 'too_many_attempts', 'Too many failed logins; try again later', { 'Retry-After': String(retry) });
  }
  const r = await db.query<{ user_id: number; password_hash: string; blocked: boolean }>('select user_id, password_hash, blocked from app.users where lower(user_email) = lower($1)', [email]);
  const user = r.rows[0];
  const ok = await verifyPassword(user?.password_hash ?? (await decoyHash()), password);
  if (!user || !ok) {
    await db.query('insert into app.login_failures (user_email) values ($1)', [email.toLowerCase()]);
    await db.query(`delete from app.login_failures where failed_at < now() - interval '1 day'`); // keep the table small
    throw wrongCredentials();
  }
  if (user.blocked) throw new HttpError(403, 'user_blocked', 'This user is blocked');
  await db.query('delete from app.login_failures where lower(user_email) = lower($1)', [email]);
  return user.user_id;
}
