import { normalizeEmail } from '../../core/email.ts';
import type { Db } from '../db/types.ts';
import { HttpError } from '../http/errors.ts';
import { decoyHash, verifyPassword } from './password.ts';

/** Failures of one account from one client address in the window: that client is locked out of the account. */
const MAX_FAILURES = 10;
/** Failures of one account from all clients in the window: the account takes no more attempts at all (a distributed guess). */
const ACCOUNT_MAX_FAILURES = 100;
const FAILURE_WINDOW_MIN = 15;

/** Unknown user and wrong password answer alike, so accounts cannot be probed. */
const wrongCredentials = () => new HttpError(401, 'invalid_credentials', 'Wrong email or password');

const tooMany = (oldest: string | null) => {
  const retry = oldest ? Math.max(1, Math.ceil((Date.parse(oldest) + FAILURE_WINDOW_MIN * 60_000 - Date.now()) / 1000)) : 60;
  return new HttpError(429, 'too_many_attempts', 'Too many failed logins; try again later', { 'Retry-After': String(retry) }, undefined, { minutes: Math.ceil(retry / 60) });
};

/**
 * Takes one attempt's place, or throws 429. Under the account's advisory lock the
 * failures are counted and the attempt is recorded as one before its password is checked,
 * so 200 parallel attempts check at most the allowance (the rest queue on the lock, then
 * count the places taken). The rules (OWASP ASVS 6.3, lock-out not a free denial of
 * service): a client with MAX_FAILURES failures on the account waits out the window; once
 * the account has MAX_FAILURES, only clients without a failure on it may still try — the
 * owner's right password from their own address gets through — up to ACCOUNT_MAX_FAILURES.
 * `email` is the throttled key: an account's e-mail, or another secret's (auth/totp.ts: `totp:<user id>`).
 */
export async function reserveAttempt(db: Db, email: string, client: string, limits: { client: number; account: number } = { client: MAX_FAILURES, account: ACCOUNT_MAX_FAILURES }): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.query(`select pg_advisory_xact_lock(hashtext('login:' || $1))`, [email]);
    const r = await tx.query<{ total: number; mine: number; oldest: string | null; oldest_mine: string | null }>(
      `select count(*)::int as total, (count(*) filter (where client_addr = $2))::int as mine,
              min(failed_at) as oldest, min(failed_at) filter (where client_addr = $2) as oldest_mine
       from app.login_failures where lower(user_email) = $1 and failed_at > now() - make_interval(mins => $3)`,
      [email, client, FAILURE_WINDOW_MIN],
    );
    const { total, mine, oldest, oldest_mine } = r.rows[0]!;
    if (total >= limits.account) throw tooMany(oldest);
    if (mine >= limits.client || (mine > 0 && total >= limits.client)) throw tooMany(oldest_mine);
    const id = await tx.query<{ attempt_id: number }>('insert into app.login_failures (user_email, client_addr) values ($1, $2) returning attempt_id', [email, client]);
    return id.rows[0]!.attempt_id;
  });
}

/**
 * Checks credentials with throttling per account and client address (reserveAttempt).
 * `client`: the address the request came from. Returns the user id; throws 401, 403
 * (blocked) or 429.
 */
export async function checkCredentials(db: Db, email: string, password: string, client: string): Promise<number> {
  // The account's address in its normal form (core/email.ts), as every write stores it; lower() on both sides is the unique index's own comparison.
  const key = normalizeEmail(email);
  const attempt = await reserveAttempt(db, key, client);
  const r = await db.query<{ user_id: number; password_hash: string; blocked: boolean }>('select user_id, password_hash, blocked from app.users where lower(user_email) = lower($1)', [key]);
  const user = r.rows[0];
  const ok = await verifyPassword(user?.password_hash ?? (await decoyHash()), password);
  if (!user || !ok) {
    // The reserved attempt stays: it is the failure.
    await db.query(`delete from app.login_failures where failed_at < now() - interval '1 day'`); // keep the table small
    throw wrongCredentials();
  }
  if (user.blocked) {
    await db.query('delete from app.login_failures where attempt_id = $1', [attempt]);
    throw new HttpError(403, 'user_blocked', 'This user is blocked');
  }
  await db.query('delete from app.login_failures where lower(user_email) = $1', [key]);
  return user.user_id;
}
