/**
 * What an administrator does to users' accounts from /settings/users (the `set` permission
 * of that page), each on the users picked, all of whom must share the administrator's
 * session company (another company's user is as unknown as a missing one: 404, nothing done)
 * and be ones she outranks (accountRank.ts: 403, nothing done).
 * The `partner_user_*` keys do the same from /partners/user_list, under that page's rights,
 * to partners' users only (migration 059): the company's own staff are unknown there.
 *
 * - `user_invite`: mails each a set-password link that lasts days (auth/links.ts);
 * - `user_password_reset`: mails each a reset link that lasts an hour;
 * - `user_end_sessions`: ends every session of each (refresh token families and, from their
 *   next request, the access tokens: http/sessionCache.ts follows the revocation);
 * - `user_initial_password`: gives one user a password that she must change at her next
 *   sign-in (auth/initialPassword.ts); it needs the page's grant (`perms`) flag too.
 *
 * And `totp_policy` (list: anyone who may list the page; set: who may also grant it, its
 * `perms` flag): whether users who may grant some page must enrol TOTP (app.settings
 * `totp_required`, migration 055) — the app-wide setting, not a company's.
 */
import { actionContracts } from '../../../schemas/api.ts';
import { giveInitialPassword } from '../auth/initialPassword.ts';
import { ADDRESSEE_COLUMNS, checkNewPassword, sendPasswordLink, type MailedPurpose } from '../auth/links.ts';
import { hashPassword } from '../auth/password.ts';
import type { Queryable } from '../db/types.ts';
import { HttpError, forbidden, refused } from '../http/errors.ts';
import type { Session } from '../rpc/context.ts';
import { requireRank } from './accountRank.ts';
import { implement } from './implement.ts';

const USERS_PAGE = '/settings/users';
const PARTNER_USERS_PAGE = '/partners/user_list';

/** Whose accounts a page's actions reach: a company's users, or only those of its partners. */
interface Scope {
  page: string;
  partnersOnly: boolean;
}
const STAFF: Scope = { page: USERS_PAGE, partnersOnly: false };
const PARTNERS: Scope = { page: PARTNER_USERS_PAGE, partnersOnly: true };

/**
 * The users picked, locked, each of the session's company (and a partner's, for PARTNERS),
 * else 404 naming the first that is not; and each one the session's user may act on (the
 * rank, accountRank.ts; `setsPassword`: with the page's grant flag too), else 403. `tx` is
 * a transaction: the session's user is its actor from here on.
 */
async function companyUsers(tx: Queryable, session: Session, ids: readonly number[], scope: Scope, setsPassword = false) {
  if (!session.company) throw forbidden('forbidden: this action needs a company');
  const r = await tx.query<{ user_id: number; user_email: string; first_name: string; user_name: string; language_code: string }>(
    `select ${ADDRESSEE_COLUMNS} from app.users u
     where u.user_id = any($1::int[]) and exists (select 1 from app.user_companies uc where uc.user_id = u.user_id and uc.company_code = $2)
       and (not $3 or exists (select 1 from app.partners p where p.partner_id = u.partner_id and p.company_code = $2))
     order by u.user_id for update of u`,
    [ids, session.company, scope.partnersOnly],
  );
  if (r.rows.length !== ids.length) {
    const found = new Set(r.rows.map((u) => u.user_id));
    throw new HttpError(404, 'not_found', `payload.user_ids: user ${ids.find((id) => !found.has(id))} is not in this company`);
  }
  await requireRank(tx, session.userId, ids, setsPassword ? scope.page : undefined);
  return r.rows;
}

/** A contract of the user accounts' actions on the picked users (each states the page of its scope). */
type UsersContract = typeof actionContracts.user_invite;

const linkAction = (contract: UsersContract, purpose: MailedPurpose, scope: Scope) =>
  implement(contract, async ({ db, session, config }, input) => {
    const ids = [...new Set(input.user_ids)];
    return db.transaction(async (tx) => {
      const users = await companyUsers(tx, session, ids, scope);
      for (const u of users) await sendPasswordLink(tx, u, purpose, session.userId, config.publicUrl);
      return { users: users.length };
    });
  });

const endSessions = (contract: UsersContract, scope: Scope) =>
  implement(contract, async ({ db, session }, input) => {
    const ids = [...new Set(input.user_ids)];
    return db.transaction(async (tx) => {
      const users = await companyUsers(tx, session, ids, scope);
      await tx.query('update app.refresh_tokens set revoked_at = now() where user_id = any($1::int[]) and revoked_at is null', [users.map((u) => u.user_id)]);
      return { users: users.length };
    });
  });

export const userInvite = linkAction(actionContracts.user_invite, 'invite', STAFF);
export const userPasswordReset = linkAction(actionContracts.user_password_reset, 'reset', STAFF);
export const userEndSessions = endSessions(actionContracts.user_end_sessions, STAFF);
export const partnerUserInvite = linkAction(actionContracts.partner_user_invite, 'invite', PARTNERS);
export const partnerUserPasswordReset = linkAction(actionContracts.partner_user_password_reset, 'reset', PARTNERS);
export const partnerUserEndSessions = endSessions(actionContracts.partner_user_end_sessions, PARTNERS);

/**
 * One user at a time: the administrator types the password and passes it on. The company,
 * the rank and the page's grant flag are checked first, then the rule against the user's
 * e-mail, and the password hashed before the write's transaction (argon2 holds no lock);
 * the transaction checks company and rank again.
 */
export const userInitialPassword = implement(actionContracts.user_initial_password, async ({ db, session }, { user_ids, password }) => {
  const ids = [...new Set(user_ids)];
  if (ids.length !== 1) throw refused('one_user_required', `payload.user_ids: an initial password is given to one user at a time, got ${ids.length}`, { field: 'payload.user_ids' });
  const [user] = await db.transaction((tx) => companyUsers(tx, session, ids, STAFF, true));
  checkNewPassword('payload.password', password, user!.user_email);
  const hash = await hashPassword(password);
  await db.transaction(async (tx) => giveInitialPassword(tx, (await companyUsers(tx, session, ids, STAFF, true))[0]!, hash));
  return { users: 1 };
});

const policy = async (db: Queryable) => (await db.query<{ required: boolean }>(`select coalesce((select value = 'true' from app.settings where key = 'totp_required'), false) as required`)).rows[0]!;

export const totpPolicy = [
  implement(actionContracts.totp_policy_list, ({ db }) => policy(db)),
  implement(actionContracts.totp_policy_set, async ({ db, session }, { required }) => {
    const may = await db.query(`select 1 from app.backend_pages p join app.v_user_page_permissions g on g.page_code = p.page_code where p.url = $1 and g.user_id = $2 and g.can_perms`, [
      USERS_PAGE,
      session.userId,
    ]);
    if (!may.rows.length) throw forbidden(`forbidden: changing the two-step sign-in policy needs the perms right on ${USERS_PAGE}`);
    await db.query(`insert into app.settings (key, value) values ('totp_required', $1) on conflict (key) do update set value = excluded.value`, [String(required)]);
    return policy(db);
  }),
];
