import type { Db, Queryable } from '../db/types.ts';
import { HttpError } from '../http/errors.ts';
import { newPasswordLink } from './links.ts';
import { revokeAllForUser } from './refresh.ts';

/**
 * An initial password (issue 24): an administrator gives one user a password to pass on
 * (actions/user_accounts.ts `user_initial_password`) and `app.users.password_must_change`
 * holds the user to choosing her own. Signing in with it opens no session: the answer is 403
 * `password_change_required` with the token of a change link (auth/links.ts, not mailed),
 * which the browser opens as the set-password page. A password the user sets clears the
 * flag and must not be the initial one (links.ts `passwordUnchanged`).
 */

/** In `tx`: the user's password becomes `hash`, to be changed; her sessions end, her open links void, her account's sign-in throttle is cleared. */
export async function giveInitialPassword(tx: Queryable, user: { user_id: number; user_email: string }, hash: string): Promise<void> {
  await tx.query('update app.users set password_hash = $2, password_must_change = true where user_id = $1', [user.user_id, hash]);
  await tx.query('update app.password_links set used_at = now() where user_id = $1 and used_at is null', [user.user_id]);
  await revokeAllForUser(tx, user.user_id);
  await tx.query('delete from app.login_failures where lower(user_email) = lower($1)', [user.user_email]);
}

/**
 * At sign-in, after the password (and the second factor) proved the user: one holding an
 * initial password gets a change link instead of a session (403 `password_change_required`,
 * `token` in the params). Each such sign-in makes a new link, voiding the one before.
 */
export async function holdInitialPassword(db: Db, userId: number): Promise<void> {
  const r = await db.query<{ must: boolean }>('select password_must_change as must from app.users where user_id = $1', [userId]);
  if (!r.rows[0]?.must) return;
  const token = await db.transaction((tx) => newPasswordLink(tx, userId, 'change', null));
  throw new HttpError(403, 'password_change_required', 'This password was given by an administrator: choose your own with the link of params.token (set_password)', {}, undefined, { token });
}
