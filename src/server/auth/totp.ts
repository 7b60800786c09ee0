import { createHash, randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import type { Db, Queryable } from '../db/types.ts';
import { HttpError } from '../http/errors.ts';
import { reserveAttempt } from './login.ts';

/**
 * The TOTP second factor (RFC 6238 by the `otpauth` package: SHA-1, 6 digits, 30 s steps,
 * what every authenticator app reads from the QR code). A code is taken one step either
 * side of now (clock drift), and only for a step after the last one taken (no replay: the
 * same code twice in its window is refused). Wrong codes are throttled like passwords
 * (login.ts reserveAttempt, key `totp:<user id>`), tighter: TOTP_MAX_FAILURES per client,
 * TOTP_ACCOUNT_MAX_FAILURES per account in the 15-minute window — at most 40 guesses an
 * hour against the 3 codes a window accepts out of a million. A recovery code (shown once,
 * stored hashed) stands in for a code once.
 */
const TOTP_MAX_FAILURES = 5;
const TOTP_ACCOUNT_MAX_FAILURES = 10;
const RECOVERY_CODES = 10;
const PERIOD = 30;
const ISSUER = 'Back office';

const digest = (code: string) => createHash('sha256').update(code).digest('hex');
const totpOf = (secret: string, label = '') => new TOTP({ issuer: ISSUER, label, algorithm: 'SHA1', digits: 6, period: PERIOD, secret: Secret.fromBase32(secret) });

/** 401 at sign-in; 400 from a signed-in user's own calls (a 401 there would send the browser to refresh its session), naming the input (`field`) there. */
const invalidTotp = (status: 400 | 401 = 401, field?: string) =>
  new HttpError(status, 'invalid_totp', `${field ? `${field}: ` : ''}The code is wrong, used already or expired`, {}, undefined, field ? { field } : undefined);

/** A new secret (160 bits, base32) and the otpauth:// URI an authenticator app reads. */
export function newTotpSecret(email: string): { secret: string; uri: string } {
  const secret = new Secret({ size: 20 }).base32;
  return { secret, uri: totpOf(secret, email).toString() };
}

/** Recovery codes: 10 characters of an alphabet without look-alikes, shown as xxxxx-xxxxx. */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODES }, () => {
    const c = Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
    return `${c.slice(0, 5)}-${c.slice(5)}`;
  });
}
/** A recovery code as typed: case, spaces and the dash do not matter. */
const normalRecovery = (code: string) => code.toLowerCase().replace(/[\s-]/g, '');
export const recoveryDigest = (code: string) => digest(normalRecovery(code));

interface TotpRow {
  secret: string;
  confirmed: boolean;
}

/** The user's second factor: undefined without one; `confirmed` false while enrolment waits for its first code. */
export async function userTotp(db: Queryable, userId: number): Promise<TotpRow | undefined> {
  const r = await db.query<TotpRow>('select secret, confirmed_at is not null as confirmed from app.user_totp where user_id = $1', [userId]);
  return r.rows[0];
}

/** The step a code of `secret` belongs to (now ± 1 step), or null. */
function stepOf(secret: string, code: string, now = Date.now()): number | null {
  const delta = totpOf(secret).validate({ token: code, timestamp: now, window: 1 });
  return delta === null ? null : Math.floor(now / 1000 / PERIOD) + delta;
}

/**
 * Checks a code (6 digits) or a recovery code of the user, throttled; takes it (the step, or
 * the recovery code's single use) or throws `invalid_totp` (`status`, naming `field`) / 429. `pending`: the
 * code confirms an enrolment (the secret not yet confirmed; recovery codes do not count).
 */
export async function checkSecondFactor(
  db: Db,
  userId: number,
  code: string,
  client: string,
  { pending = false, status = 401, field }: { pending?: boolean; status?: 400 | 401; field?: string } = {},
): Promise<'code' | 'recovery'> {
  const key = `totp:${userId}`;
  await reserveAttempt(db, key, client, { client: TOTP_MAX_FAILURES, account: TOTP_ACCOUNT_MAX_FAILURES });
  const taken = await db.transaction(async (tx): Promise<'code' | 'recovery' | undefined> => {
    const r = await tx.query<{ secret: string; confirmed: boolean; last_step: number | string | null }>(
      'select secret, confirmed_at is not null as confirmed, last_step from app.user_totp where user_id = $1 for update',
      [userId],
    );
    const row = r.rows[0];
    if (!row || row.confirmed === pending) return undefined;
    const typed = code.trim();
    if (/^\d{6}$/.test(typed)) {
      const step = stepOf(row.secret, typed);
      if (step === null || (row.last_step !== null && step <= Number(row.last_step))) return undefined;
      await tx.query('update app.user_totp set last_step = $2 where user_id = $1', [userId, step]);
      return 'code';
    }
    if (pending) return undefined;
    const used = await tx.query('update app.totp_recovery_codes set used_at = now() where user_id = $1 and code_hash = $2 and used_at is null', [userId, recoveryDigest(typed)]);
    return used.rowCount ? 'recovery' : undefined;
  });
  if (!taken) throw invalidTotp(status, field); // the reserved attempt stays: it is the failure
  await db.query('delete from app.login_failures where lower(user_email) = $1', [key]);
  return taken;
}

/** Whether the user must enrol TOTP before using the app (migration 055 `app.totp_enrolment_required`). */
export async function enrolmentRequired(db: Queryable, userId: number): Promise<boolean> {
  const r = await db.query<{ required: boolean }>('select app.totp_enrolment_required($1) as required', [userId]);
  return r.rows[0]?.required === true;
}
