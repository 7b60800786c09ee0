import type { Context, Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import { COMPANY_COOKIE, CURRENCY_COOKIE } from '../../core/cookieNames.ts';
import { firstRequestParts, firstRowsPayload } from '../../core/firstRows.ts';
import { presentedPageToken } from './pageCookie.ts';

/*
 * A signed-in page load's start, sent with the page (issue 27, one round trip to start):
 * the answer of the bootstrap call the browser would make first and, on a screen, of its
 * first `list` — asked of this app itself as the browser would ask them (the same route,
 * token, company and checks), so no rule is duplicated here. The page writes them into a
 * `<script type="application/json">` (data, never run: the CSP is untouched) that the app
 * reads once (src/app/api/startData.ts) instead of making those two calls.
 */

/** What the browser's own bootstrap call would send (src/app/session/auth.ts `fetchUser`). */
interface StartRequest {
  currency_code: string | null;
  page: string | null;
  form: string | null;
}

export interface StartData {
  request: StartRequest;
  bootstrap: unknown;
  /** The screen's first block: the payload the grid will send, and the answer's `data`. */
  rows?: { company: string; form: string; payload: unknown; data: unknown };
  /** The page language's captions as GET /api/captions/{lang} answers them (texts/captions.ts), so the app's catalogue needs no request. */
  captions?: { lang: string; messages: unknown };
}

interface BootstrapAnswer {
  data?: { user?: { company?: string | null }; screen?: { form: string; grid_state: { rows?: { form: string; state: unknown }[] } | null } | null };
}

/** The answer of one of this app's calls, or undefined (refused, failed: the browser asks itself and hears why). */
async function ask(app: Hono, c: Context, path: string, token: string, company: string | undefined, body: unknown): Promise<unknown> {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accept: 'application/json',
    authorization: `Bearer ${token}`,
    'x-host': c.req.header('x-host') ?? new URL(c.req.url).hostname,
  };
  if (company) headers['x-company'] = company;
  try {
    const r = await app.request(path, { method: 'POST', headers, body: JSON.stringify(body) }, c.env);
    return r.status === 200 ? await r.json() : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The start of the page at `path` in `lang` for the request's signed-in browser (its
 * HttpOnly page-token cookie, pageCookie.ts, and its company cookie), or undefined: no token, or the bootstrap refused (an expired token:
 * the browser refreshes it as always).
 */
export async function pageStart(app: Hono, c: Context, lang: string, form: string | undefined): Promise<StartData | undefined> {
  const raw = presentedPageToken(c);
  if (!raw) return undefined;
  const company = getCookie(c, COMPANY_COOKIE) || undefined;
  const request: StartRequest = { currency_code: getCookie(c, CURRENCY_COOKIE) || null, page: form ? c.req.path : null, form: form ?? null };
  const bootstrap = (await ask(app, c, '/rpc/bootstrap', raw, company, request)) as BootstrapAnswer | undefined;
  if (!bootstrap?.data) return undefined;
  const out: StartData = { request, bootstrap };
  const screen = bootstrap.data.screen;
  const chosen = bootstrap.data.user?.company ?? undefined;
  if (form && screen?.form === form && chosen) {
    const saved = screen.grid_state?.rows?.find((r) => r.form === form)?.state ?? null;
    const payload = firstRowsPayload(firstRequestParts(saved), lang);
    const answer = payload ? ((await ask(app, c, '/rpc/api_action', raw, chosen, { entity: form, action: 'list', payload })) as { data?: unknown } | undefined) : undefined;
    if (payload && answer?.data) out.rows = { company: chosen, form, payload, data: answer.data };
  }
  return out;
}

/** The start as a data block of the page: JSON with every `<` escaped (no text in it can close the element). */
export const startDataTag = (d: StartData): string => `<script type="application/json" id="start-data">${JSON.stringify(d).replace(/</g, '\\u003c')}</script>`;
