/** Spec §9: cookies live 180 days on path /; the language cookie 365 days. */
export const COOKIE_MAX_AGE = 15_552_000;
export const LANGUAGE_MAX_AGE = 365 * 24 * 3600;

/** Spec §9: auth cookie prefix 'auth.', token prefix 'token.'; the strategy is 'local'. */
const AUTH = 'auth.';
const TOKEN = 'token.';
export const COOKIES = {
  token: `${AUTH}${TOKEN}local`,
  refreshToken: `${AUTH}refresh_${TOKEN}local`,
  strategy: `${AUTH}strategy`,
  redirect: `${AUTH}redirect`,
  company: 'company',
  currency: 'currency',
  language: 'language',
} as const;

export function getCookie(name: string): string | undefined {
  for (const part of document.cookie.split('; ')) {
    const i = part.indexOf('=');
    if (i > 0 && part.slice(0, i) === name) return decodeURIComponent(part.slice(i + 1));
  }
  return undefined;
}

export function setCookie(name: string, value: string, maxAge = COOKIE_MAX_AGE): void {
  document.cookie = `${name}=${encodeURIComponent(value)}; Max-Age=${maxAge}; Path=/; SameSite=Lax`;
}

export function removeCookie(name: string): void {
  document.cookie = `${name}=; Max-Age=0; Path=/; SameSite=Lax`;
}
