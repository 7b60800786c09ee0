/**
 * The length limits of the password rule (policy.ts), apart from the rule: a form that
 * only says them (the administrator's initial password, checked by the server) does not
 * carry the common-password list.
 */
export const PASSWORD_MIN = 12;
export const PASSWORD_MAX = 128;

/** The values a reason's text says (password.too_short: "at least {min} characters"). */
export const PASSWORD_LIMITS = { min: PASSWORD_MIN, max: PASSWORD_MAX } as const;
