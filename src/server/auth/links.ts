import { createHash, randomBytes } from 'node:crypto';
import { isLang, DEFAULT_LANG } from '../../core/langs.ts';
import { passwordProblem, PASSWORD_LIMITS } from '../../core/password/policy.ts';
import type { Db, Queryable } from '../db/types.ts';
import { HttpError } from '../http/errors.ts';
import { mailText } from '../mail/render.ts';
import { hashPassword, verifyPassword } from './password.ts';
import { revokeAllForUser } from './refresh.ts';

/**
 * One-time set-password links: an invitation (an administrator adds a user), a reset (an
 * administrator's, or the user's own "forgot password"), or a change (a sign-in with an
 * initial password answers it, not mailed: auth/initialPassword.ts). The token is 32 random
 * bytes; only its SHA-256 is stored. A link works once, until it expires (LINK_TTL_SEC); a
 * new link of a user voids the user's older ones. The link carries the token in the fragment
 * (`#token=`): browsers send no fragment to the server, in a Referer or a log.
 */
export type LinkPurpose = 'invite' | 'reset' | 'change';
export type MailedPurpose = Exclude<LinkPurpose, 'change'>;
// A change link is used at once, in the browser that signed in.
const LINK_TTL_SEC: Record<LinkPurpose, number> = { invite: 7 * 24 * 3600, reset: 3600, change: 900 };

const digest = (token: string) => createHash('sha256').update(token).digest('hex');

const MAIL_TEXTS: Record<MailedPurpose, { subject: string; body: string }> = {
  invite: { subject: 'mail.password_invite.subject', body: 'mail.password_invite.body' },
  reset: { subject: 'mail.password_reset.subject', body: 'mail.password_reset.body' },
};

/** A refusal of a password: `weak_password` with the reason's catalogue key and the length limits. */
function weakPassword(field: string, reason: string): HttpError {
  return new HttpError(400, 'weak_password', `${field}: the password is too weak (${reason})`, {}, undefined, { field, reason, ...PASSWORD_LIMITS });
}

/** A user held to change an initial password gave it again: the administrator knows it too. */
const passwordUnchanged = (field: string) => new HttpError(400, 'password_unchanged', `${field}: choose a password of your own, not the initial one`, {}, undefined, { field });

/** Throws `weak_password` unless `password` passes the rule (core/password/policy.ts). */
export function checkNewPassword(field: string, password: string, email: string): void {
  const problem = passwordProblem(password, email);
  if (problem) throw weakPassword(field, problem);
}

interface Addressee {
  user_id: number;
  user_email: string;
  first_name: string;
  user_name: string;
  language_code: string;
}

/**
 * A new link of the user, the older ones void; answers its token. `createdBy`: the
 * administrator, or null for the user's own request.
 */
export async function newPasswordLink(tx: Queryable, userId: number, purpose: LinkPurpose, createdBy: number | null): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  // The user's older links are void (kept: the forgot-password limit counts them).
  await tx.query('update app.password_links set used_at = now() where user_id = $1 and used_at is null', [userId]);
  await tx.query(`insert into app.password_links (user_id, token_hash, purpose, created_by, expires_at) values ($1, $2, $3, $4, now() + make_interval(secs => $5))`, [
    userId,
    digest(token),
    purpose,
    createdBy,
    LINK_TTL_SEC[purpose],
  ]);
  return token;
}

/** Makes a link for the user and queues its mail in the user's language, in `tx` (the mail commits with the link). */
export async function sendPasswordLink(tx: Queryable, user: Addressee, purpose: MailedPurpose, createdBy: number | null, publicUrl: string): Promise<void> {
  const token = await newPasswordLink(tx, user.user_id, purpose, createdBy);
  const lang = isLang(user.language_code) ? user.language_code : DEFAULT_LANG;
  const values = {
    name: user.first_name.trim() || user.user_name,
    link: `${publicUrl}/${lang}/set_password#token=${token}`,
    days: LINK_TTL_SEC.invite / 86400,
    minutes: LINK_TTL_SEC.reset / 60,
  };
  await tx.query(
    `insert into app.mail_outbox (company_code, recipients, language_code, subject, body_text, source_type, source_id)
     values (null, array[$1], $2, $3, $4, 'user', $5)`,
    [user.user_email, lang, mailText(lang, MAIL_TEXTS[purpose].subject, values), mailText(lang, MAIL_TEXTS[purpose].body, values), user.user_id],
  );
}

/** The columns sendPasswordLink needs, of app.users `u`. */
export const ADDRESSEE_COLUMNS = 'u.user_id, u.user_email, u.first_name, u.user_name, u.language_code';

const invalidLink = () => new HttpError(400, 'invalid_link', 'This link is unknown, used already or expired');

/**
 * Sets the password of a link's user: the link must be unused and unexpired (else 400
 * `invalid_link`), the password must pass the rule (else 400 `weak_password`, the link
 * still usable) and, for a user holding an initial password, differ from it (else 400
 * `password_unchanged`). Then the link and the user's other links are spent, the user is
 * no longer held to a change, every session of the user ends (whoever held the old
 * password is out) and the sign-in throttle of the account is cleared. Returns the user's
 * e-mail (the sign-in form is filled with it).
 */
export async function setPasswordByLink(db: Db, token: string, password: string): Promise<string> {
  const r = await db.query<{ user_email: string; password_hash: string; password_must_change: boolean }>(
    `select u.user_email, u.password_hash, u.password_must_change from app.password_links l join app.users u on u.user_id = l.user_id
     where l.token_hash = $1 and l.used_at is null and l.expires_at > now()`,
    [digest(token)],
  );
  const user = r.rows[0];
  if (!user) throw invalidLink();
  const email = user.user_email;
  checkNewPassword('body.password', password, email);
  if (user.password_must_change && (await verifyPassword(user.password_hash, password))) throw passwordUnchanged('body.password');
  const hash = await hashPassword(password);
  const done = await db.transaction(async (tx) => {
    // Spent under the row lock: of two requests with one link, one sets the password.
    const spent = await tx.query<{ user_id: number }>('update app.password_links set used_at = now() where token_hash = $1 and used_at is null and expires_at > now() returning user_id', [
      digest(token),
    ]);
    const userId = spent.rows[0]?.user_id;
    if (userId === undefined) return false;
    await tx.query('update app.users set password_hash = $2, password_must_change = false where user_id = $1', [userId, hash]);
    await tx.query('update app.password_links set used_at = now() where user_id = $1 and used_at is null', [userId]);
    await revokeAllForUser(tx, userId);
    await tx.query('delete from app.login_failures where lower(user_email) = lower($1)', [email]);
    return true;
  });
  if (!done) throw invalidLink();
  return email;
}
