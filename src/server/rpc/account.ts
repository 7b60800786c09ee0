import { AfterAnswer } from '../afterAnswer.ts';
import { ADDRESSEE_COLUMNS, checkNewPassword, sendPasswordLink, setPasswordByLink } from '../auth/links.ts';
import { checkCredentials } from '../auth/login.ts';
import { hashPassword } from '../auth/password.ts';
import { checkSecondFactor, enrolmentRequired, newRecoveryCodes, newTotpSecret, recoveryDigest, userTotp } from '../auth/totp.ts';
import type { Queryable } from '../db/types.ts';
import { HttpError } from '../http/errors.ts';
import { pageTokenCookie } from '../http/pageCookie.ts';
import type { Deps } from './context.ts';
import type { Procedure } from './context.ts';

/** Self-service reset links of one user per FORGOT_WINDOW_MIN: more asks send nothing (no mail bombing). */
const FORGOT_MAX = 3;
const FORGOT_WINDOW_MIN = 15;

/** The user's e-mail (the password rule compares with it). */
async function emailOf(db: Queryable, userId: number): Promise<string> {
  const r = await db.query<{ user_email: string }>('select user_email from app.users where user_id = $1', [userId]);
  return r.rows[0]!.user_email;
}

/** Ends every session of the user but `keepSid`; returns how many refresh tokens were revoked. */
async function revokeOthers(db: Queryable, userId: number, keepSid: string): Promise<number> {
  const r = await db.query('update app.refresh_tokens set revoked_at = now() where user_id = $1 and family_id <> $2 and revoked_at is null', [userId, keepSid]);
  return r.rowCount;
}

/** The reset link of a forgot-password request, after the answer: a known, unblocked user within FORGOT_MAX gets one. */
async function mailResetLink({ db, config }: Deps, email: string): Promise<void> {
  await db.transaction(async (tx) => {
    // One request of an address at a time: each counts the links the ones before it made.
    await tx.query(`select pg_advisory_xact_lock(hashtext('forgot:' || lower($1)))`, [email]);
    const r = await tx.query<{ user_id: number; user_email: string; first_name: string; user_name: string; language_code: string; recent: number }>(
      `select ${ADDRESSEE_COLUMNS},
              (select count(*)::int from app.password_links l
               where l.user_id = u.user_id and l.purpose = 'reset' and l.created_by is null and l.created_at > now() - make_interval(mins => $2)) as recent
       from app.users u where lower(u.user_email) = lower($1) and not u.blocked`,
      [email, FORGOT_WINDOW_MIN],
    );
    const user = r.rows[0];
    if (!user || user.recent >= FORGOT_MAX) return;
    await sendPasswordLink(tx, user, 'reset', null, config.publicUrl);
  });
}

/**
 * The same answer for every address, given before anything is looked up: neither the
 * answer nor its timing tells whether the address is a user's. The link is made and its
 * mail queued afterwards.
 */
export const forgot_password: Procedure<'forgot_password'> = {
  run(deps, { email }) {
    (deps.afterAnswer ?? new AfterAnswer()).run('forgot_password', () => mailResetLink(deps, email));
    return Promise.resolve({ data: { sent: true } });
  },
};

export const set_password: Procedure<'set_password'> = {
  async run({ db }, { token, password }) {
    return { data: { email: await setPasswordByLink(db, token, password) } };
  },
};

/**
 * The current password is checked like a sign-in (throttled per account and client: a
 * stolen session cannot guess it freely), the new one by the rule; the user's other
 * sessions end, this one goes on.
 */
export const change_password: Procedure<'change_password'> = {
  async run({ db, session, bearer, signer, client }, { current_password, new_password }) {
    const email = await emailOf(db, session.userId);
    try {
      await checkCredentials(db, email, current_password, client);
    } catch (e) {
      if (e instanceof HttpError && e.code === 'invalid_credentials')
        throw new HttpError(400, 'wrong_password', 'body.current_password: the current password is wrong', {}, undefined, { field: 'body.current_password' });
      throw e;
    }
    checkNewPassword('body.new_password', new_password, email);
    const hash = await hashPassword(new_password);
    const sid = (await signer.verifySignature(bearer!))!.sid;
    const revoked = await db.transaction(async (tx) => {
      // The user's own choice: no longer held to change an initial password.
      await tx.query('update app.users set password_hash = $2, password_must_change = false where user_id = $1', [session.userId, hash]);
      await tx.query('update app.password_links set used_at = now() where user_id = $1 and used_at is null', [session.userId]);
      return revokeOthers(tx, session.userId, sid);
    });
    return { data: { revoked } };
  },
};

export const end_other_sessions: Procedure<'end_other_sessions'> = {
  async run({ db, session, bearer, signer }) {
    const sid = (await signer.verifySignature(bearer!))!.sid;
    return { data: { revoked: await revokeOthers(db, session.userId, sid) } };
  },
};

export const totp_status: Procedure<'totp_status'> = {
  async run({ db, session }) {
    const r = await db.query<{ enabled: boolean; pending: boolean; left: number; enforced: boolean }>(
      `select t.user_id is not null and t.confirmed_at is not null as enabled, t.user_id is not null and t.confirmed_at is null as pending,
              (select count(*)::int from app.totp_recovery_codes c where c.user_id = $1 and c.used_at is null) as left,
              coalesce((select value = 'true' from app.settings where key = 'totp_required'), false)
                and exists (select 1 from app.v_user_page_permissions p where p.user_id = $1 and p.can_perms) as enforced
       from (select 1) one left join app.user_totp t on t.user_id = $1`,
      [session.userId],
    );
    const row = r.rows[0]!;
    return { data: { enabled: row.enabled, pending: row.pending, recovery_codes_left: row.left, enforced: row.enforced } };
  },
};

/** A new secret, pending until confirmed (a pending one is replaced); a confirmed one must be turned off first (409). */
export const totp_enrol: Procedure<'totp_enrol'> = {
  async run({ db, session }) {
    const email = await emailOf(db, session.userId);
    const { secret, uri } = newTotpSecret(email);
    const r = await db.query(
      `insert into app.user_totp (user_id, secret) values ($1, $2)
       on conflict (user_id) do update set secret = excluded.secret, last_step = null, created_at = now() where app.user_totp.confirmed_at is null`,
      [session.userId, secret],
    );
    if (!r.rowCount) throw new HttpError(409, 'totp_enabled', 'The second factor is on already: turn it off first');
    return { data: { secret, uri } };
  },
};

/** The first code confirms the secret; the recovery codes are made (shown this once) and the session is released from enrolment. */
export const totp_confirm: Procedure<'totp_confirm'> = {
  async run({ db, session, signer, bearer, client, pageToken, setCookie }, { code }) {
    const totp = await userTotp(db, session.userId);
    if (!totp) throw new HttpError(409, 'totp_not_enabled', 'Start the enrolment first (totp_enrol)');
    if (totp.confirmed) throw new HttpError(409, 'totp_enabled', 'The second factor is on already');
    await checkSecondFactor(db, session.userId, code, client, { pending: true, status: 400, field: 'body.code' });
    const codes = newRecoveryCodes();
    await db.transaction(async (tx) => {
      await tx.query('update app.user_totp set confirmed_at = now() where user_id = $1', [session.userId]);
      await tx.query('delete from app.totp_recovery_codes where user_id = $1', [session.userId]);
      await tx.query('insert into app.totp_recovery_codes (user_id, code_hash) select $1, unnest($2::text[])', [session.userId, codes.map(recoveryDigest)]);
    });
    const sid = (await signer.verifySignature(bearer!))!.sid;
    const token = await signer.issue(session.userId, sid, await enrolmentRequired(db, session.userId));
    // A browser's page loads are drawn by the new token, not the enrolment-only one (http/pageCookie.ts).
    if (pageToken()) setCookie(pageTokenCookie(token));
    return { data: { recovery_codes: codes, token } };
  },
};

/**
 * Off, proven by a current code (or an unused recovery code) checked as at sign-in — the
 * password alone is not enough; refused while the setting enforces it for the user.
 */
export const totp_disable: Procedure<'totp_disable'> = {
  async run({ db, session, client }, { code }) {
    const totp = await userTotp(db, session.userId);
    if (!totp?.confirmed) throw new HttpError(409, 'totp_not_enabled', 'The second factor is not on');
    const enforced = await db.query<{ on: boolean }>(
      `select coalesce((select value = 'true' from app.settings where key = 'totp_required'), false)
              and exists (select 1 from app.v_user_page_permissions p where p.user_id = $1 and p.can_perms) as on`,
      [session.userId],
    );
    if (enforced.rows[0]!.on) throw new HttpError(409, 'totp_enforced', 'The second factor is required for this account');
    await checkSecondFactor(db, session.userId, code, client, { status: 400, field: 'body.code' });
    await db.transaction(async (tx) => {
      await tx.query('delete from app.totp_recovery_codes where user_id = $1', [session.userId]);
      await tx.query('delete from app.user_totp where user_id = $1', [session.userId]);
    });
    return { data: { enabled: false } };
  },
};
