/**
 * The cookies of the browser app's choices (spec §9), shared by the app
 * (session/cookies.ts) and the server, which reads them for a page's language and its
 * start (server/http/startData.ts).
 */
export const COMPANY_COOKIE = 'company';
export const CURRENCY_COOKIE = 'currency';
export const LANGUAGE_COOKIE = 'language';
