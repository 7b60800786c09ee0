/** Sign-in, tokens, the account's password links and second factor, and the administrators' account actions. */
import * as v from 'valibot';
import { NoPayload, defineAction } from './defineAction.ts';
import { emailSchema } from '../../src/core/email.ts';
import { text } from './fields.ts';

/** An account's address by the one rule of it (core/email.ts): the normal form (trimmed, lower case) goes on. */
const email = emailSchema({ required: 'email is required', invalid: 'email must be valid', tooLong: 'email must have at most 254 characters' });
/** A password as typed (the rule, core/password/policy.ts, is checked where one is set: 400 `weak_password`). */
const password = v.pipe(v.string(), v.nonEmpty('password is required'), v.maxLength(1024));
export const LoginInput = v.strictObject({
  email,
  password,
  /**
   * The second factor of a user who enrolled TOTP: a 6-digit code or a recovery code.
   * Without it such a sign-in answers 401 `totp_required` (the password was right); a wrong,
   * expired or replayed code 401 `invalid_totp`, throttled (429). A user holding an initial
   * password (given by an administrator) gets no tokens but 403 `password_change_required`
   * with `params.token`, a set-password link's token (set_password).
   */
  totp_code: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(40))),
  /**
   * The browser's sign-in: the refresh token goes into the HttpOnly cookie
   * `auth.refresh_token.local` (Path=/rpc/refresh_token) instead of the body, out of any
   * script's reach. Without it (API clients) the body carries it, as spec §7 says.
   */
  refresh_cookie: v.optional(v.boolean()),
});
/**
 * `refresh_token` is absent when it went into the refresh cookie: a login with
 * `refresh_cookie`, or a refresh that came by the cookie (it goes back the way it came).
 */
export const TokenPair = v.object({ token: v.string(), refresh_token: v.optional(v.string()) });
/** The refresh token from the body, else the Bearer header (the retry path), else the refresh cookie. */
export const RefreshInput = v.strictObject({ refresh_token: v.optional(text(200)) });
/** The session ends by the access token's `sid` (Bearer, even just expired) and/or by a refresh token in the body. */
export const LogoutInput = v.strictObject({ refresh_token: v.optional(text(200)) });
export const LogoutOutput = v.object({ data: v.object({ revoked: v.number() }) });

/** Forgot password: mails a reset link when the address is a user's; the answer is the same for any address. */
export const ForgotPasswordInput = v.strictObject({ email });
export const ForgotPasswordOutput = v.object({ data: v.object({ sent: v.boolean() }) });
/** Sets a password by the token of a mailed link (invitation or reset); 400 `invalid_link` when unknown, used or expired. */
export const SetPasswordInput = v.strictObject({ token: v.pipe(v.string(), v.nonEmpty('token is required'), v.maxLength(200)), password });
export const SetPasswordOutput = v.object({ data: v.object({ email: v.string() }) });
/** The signed-in user's new password; the current one is required (400 `wrong_password`, throttled like sign-in). Other sessions end. */
export const ChangePasswordInput = v.strictObject({ current_password: password, new_password: password });
export const SessionsEndedOutput = v.object({ data: v.object({ revoked: v.number() }) });
export const EndOtherSessionsInput = v.strictObject({});
export const TotpStatusInput = v.strictObject({});
export const TotpStatusOutput = v.object({
  data: v.object({
    /** A confirmed second factor: sign-in asks for a code. */
    enabled: v.boolean(),
    /** Enrolment started, waiting for its first code. */
    pending: v.boolean(),
    recovery_codes_left: v.number(),
    /** The `totp_required` setting applies to this user (a perms flag): it cannot be turned off. */
    enforced: v.boolean(),
  }),
});
export const TotpEnrolInput = v.strictObject({});
/**
 * A new secret (base32, to type in) and its otpauth:// URI (the QR code); nothing asks for it
 * until confirmed. A confirmed factor is not replaced (409 `totp_enabled`): it is turned off
 * first, which takes a current code (totp_disable).
 */
export const TotpEnrolOutput = v.object({ data: v.object({ secret: v.string(), uri: v.string() }) });
export const TotpConfirmInput = v.strictObject({ code: v.pipe(v.string(), v.trim(), v.regex(/^\d{6}$/, 'code must be 6 digits')) });
/** The recovery codes (shown once) and an access token of this session that is no longer held to enrolment. */
export const TotpConfirmOutput = v.object({ data: v.object({ recovery_codes: v.array(v.string()), token: v.string() }) });
/**
 * Turns the second factor off: a current code of the app or an unused recovery code proves
 * it, checked as sign-in checks one (a step after the last one taken — no replay — and
 * throttled). The password alone does not: whoever holds it, or an open session, could
 * otherwise remove the factor that guards against exactly that. A wrong, used or expired
 * code: 400 `invalid_totp` with `params.field` `body.code`.
 */
export const TotpDisableInput = v.strictObject({ code: v.pipe(v.string(), v.trim(), v.nonEmpty('code is required'), v.maxLength(40)) });
export const TotpDisableOutput = v.object({ data: v.object({ enabled: v.boolean() }) });
/** `user_invite`, `user_password_reset`, `user_end_sessions` set (/settings/users; `partner_user_*` from /partners/user_list): the users picked, all of the session's company. */
export const UserAccountsPayload = v.strictObject({
  user_ids: v.pipe(v.array(v.pipe(v.number(), v.integer(), v.minValue(1))), v.minLength(1, 'at least one user'), v.maxLength(500, 'at most 500 users')),
});
export const UserAccountsOutput = v.object({ data: v.object({ users: v.number() }) });
/**
 * `user_initial_password` set (/settings/users): a password for exactly one user of the
 * session's company (else 400 `one_user_required`), which she must change at her next
 * sign-in; her sessions end. Answers UserAccountsOutput.
 */
export const InitialPasswordPayload = v.strictObject({
  user_ids: v.pipe(v.array(v.pipe(v.number(), v.integer(), v.minValue(1))), v.maxLength(500, 'at most 500 users')),
  password,
});
/** `totp_policy` set (the perms right on /settings/users): whether users who may grant a page must enrol TOTP; list answers the same shape. */
export const TotpPolicyPayload = v.strictObject({ required: v.boolean() });
export const TotpPolicyOutput = v.object({ data: v.object({ required: v.boolean() }) });

export const userAccountActions = {
  user_invite: defineAction({
    entity: 'user_invite',
    action: 'set',
    page: '/settings/users',
    flag: 'set',
    input: UserAccountsPayload,
    output: UserAccountsOutput,
    summary: "Mails each picked user of the company a set-password link that lasts days (another company's user: 404; one the caller does not outrank: 403; nothing done).",
  }),
  user_password_reset: defineAction({
    entity: 'user_password_reset',
    action: 'set',
    page: '/settings/users',
    flag: 'set',
    input: UserAccountsPayload,
    output: UserAccountsOutput,
    summary: 'Mails each picked user of the company a password reset link that lasts an hour (refusals as user_invite).',
  }),
  user_end_sessions: defineAction({
    entity: 'user_end_sessions',
    action: 'set',
    page: '/settings/users',
    flag: 'set',
    input: UserAccountsPayload,
    output: UserAccountsOutput,
    summary: 'Ends every session of each picked user of the company (refusals as user_invite).',
  }),
  partner_user_invite: defineAction({
    entity: 'partner_user_invite',
    action: 'set',
    page: '/partners/user_list',
    flag: 'set',
    input: UserAccountsPayload,
    output: UserAccountsOutput,
    summary: "user_invite for partners' users, under /partners/user_list's rights (the company's own staff are unknown there: 404).",
  }),
  partner_user_password_reset: defineAction({
    entity: 'partner_user_password_reset',
    action: 'set',
    page: '/partners/user_list',
    flag: 'set',
    input: UserAccountsPayload,
    output: UserAccountsOutput,
    summary: "user_password_reset for partners' users, under /partners/user_list's rights.",
  }),
  partner_user_end_sessions: defineAction({
    entity: 'partner_user_end_sessions',
    action: 'set',
    page: '/partners/user_list',
    flag: 'set',
    input: UserAccountsPayload,
    output: UserAccountsOutput,
    summary: "user_end_sessions for partners' users, under /partners/user_list's rights.",
  }),
  user_initial_password: defineAction({
    entity: 'user_initial_password',
    action: 'set',
    page: '/settings/users',
    flag: 'set',
    input: InitialPasswordPayload,
    output: UserAccountsOutput,
    summary: "Gives one user of the company a password she must change at her next sign-in (the page's perms right too; several users: 400 `one_user_required`); her sessions end.",
  }),
  totp_policy_list: defineAction({
    entity: 'totp_policy',
    action: 'list',
    page: '/settings/users',
    flag: 'list',
    input: NoPayload,
    output: TotpPolicyOutput,
    summary: 'Whether users who may grant some page must enrol a second factor (TOTP).',
  }),
  totp_policy_set: defineAction({
    entity: 'totp_policy',
    action: 'set',
    page: '/settings/users',
    flag: 'set',
    input: TotpPolicyPayload,
    output: TotpPolicyOutput,
    summary: 'Sets whether users who may grant some page must enrol TOTP (the perms right on /settings/users, else 403).',
  }),
};
