import { getConnInfo } from '@hono/node-server/conninfo';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Hono, type Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { DEFAULT_LANG, isLang, splitLang } from '../../core/langs.ts';
import { LANGUAGE_COOKIE } from '../../core/cookieNames.ts';
import { serveStatic } from '@hono/node-server/serve-static';
import { assetFiles } from './assets.ts';
import * as v from 'valibot';
import { parse as parseYaml } from 'yaml';
import { procedures, ShopsOutput, type ApiActionInput, type ProcedureName } from '../../../schemas/api.ts';
import { onlyReads } from '../actions/index.ts';
import type { Ctx, Deps, Session } from '../rpc/context.ts';
import { registry } from '../rpc/index.ts';
import { shopsOf } from '../rpc/reference.ts';
import { HttpError, checkInputText, fromDbError, parseInput } from './errors.ts';
import { bearerOf, peekSession, resolveSession } from './session.ts';
import type { Begun } from './sessionCache.ts';
import { mountFiles } from './files.ts';
import { tokenExpiry } from './liveRows.ts';
import { mountImages } from './images.ts';
import { mountPrint } from '../print/routes.ts';
import { mountInvoices } from '../invoices/routes.ts';
import { mountFlags } from './flags.ts';
import { mountGuide } from './guide.ts';
import { jsonAnswer, limitBody, noStore, securityHeaders } from './middleware.ts';
import { presentedRefreshCookie } from './refreshCookie.ts';
import { clearLegacyTokenCookie, hasLegacyTokenCookie, presentedPageToken } from './pageCookie.ts';
import { NONCE_PLACEHOLDER, newNonce, pageCsp } from './csp.ts';
import { pagePreloads, screenOfPage } from './preload.ts';
import { firstPaintHtml } from './firstPaint.ts';
import { screenPageHead } from './screenHead.ts';
import { pageStart, startDataTag } from './startData.ts';
import { mountTranslate } from './translate.ts';
import { mountChatReplies } from '../ai/chatReply.ts';
import { mountAiRoutes } from './aiRoutes.ts';
import { captionsOf, mountCaptions } from '../texts/captions.ts';
import { compileCatalogue } from '../../core/catalogue.ts';
import { mountTransfer } from '../transfer/routes.ts';
import { mountStorefront } from '../storefront/routes.ts';
import { errorField, log } from '../obs/log.ts';
import { Observability, requestInfo } from '../obs/observe.ts';

/** The peer address of the request's connection (no proxy header is trusted); '' outside Node's server (app.request in tests). */
function clientAddress(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? '';
  } catch {
    return '';
  }
}
const openapiPath = new URL('../../../schemas/openapi.yaml', import.meta.url).pathname;

async function readJson(c: Context): Promise<unknown> {
  const text = await c.req.text();
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new HttpError(400, 'bad_request', 'body: malformed JSON');
  }
}

/** A request path naming a source map (`.map` at the end, in any case and percent-encoding). */
function isSourceMap(path: string): boolean {
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    /* not decodable: served as is (serveStatic finds nothing) */
  }
  return /\.map$/i.test(decoded.replace(/[\s/]+$/, '')) || /\.map$/i.test(path);
}

/** Our own responses are checked too: a mismatch is a server bug, never sent half-right. */
function checkOutput<S extends v.GenericSchema>(schema: S, value: unknown, what: string): v.InferOutput<S> {
  const r = v.safeParse(schema, value);
  if (r.success) return r.output;
  throw new Error(`response of ${what} does not match its schema: ${v.getDotPath(r.issues[0]) ?? ''} ${r.issues[0].message}`);
}

/** A session held to enrolling its second factor may do nothing with data (403 `totp_enrolment_required`). */
function refuseEnrolOnly(s: Session): Session {
  if (s.enrolOnly) throw new HttpError(403, 'totp_enrolment_required', 'Set up the second factor (TOTP) on the profile page first');
  return s;
}

/** The Cache-Control of the build's hashed files (/assets/…). */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The signed-in user and company of a request, for its log line. */
function noteSession(c: Context, s: Session | null): Session | null {
  if (s) Object.assign(requestInfo(c), { user: s.userId, company: s.company });
  return s;
}

export function createApp(deps: Deps): Hono {
  const app = new Hono();
  const session = async (c: Context, begun?: Begun): Promise<Session | null> => noteSession(c, await resolveSession(deps, bearerOf(c.req.header('authorization')), c.req.header('x-company'), begun));
  const requireSession = async (c: Context, begun?: Begun): Promise<Session> => {
    const s = await session(c, begun);
    if (!s) throw new HttpError(401, 'unauthorized', 'Sign in first');
    return s;
  };
  /** A session that may read and write data: not one held to enrolling its second factor (the `enrol` claim). */
  const dataSession = async (c: Context, begun?: Begun): Promise<Session> => refuseEnrolOnly(await requireSession(c, begun));

  // First: the request's id, its log line and metrics; then the probes, before any host, session or page.
  const obs = deps.obs ?? new Observability(deps);
  app.use('*', obs.middleware);
  app.use('*', securityHeaders);
  obs.mount(app);
  // A shop's host gets its storefront (spec §7 X-Host); any other host the back office below.
  const storefront = mountStorefront(app, deps);
  app.use('*', storefront.byHost);
  // no-store first: a refusal of the body limit is an answer of the API too.
  app.use('/rpc/*', noStore);
  app.use('/rpc/*', limitBody(5 * 1024 * 1024));
  app.use('/api/*', noStore);
  // Uploads (/api/files, /api/images, /api/import) have their own, larger limits.
  const apiLimit = limitBody(5 * 1024 * 1024);
  app.use('/api/*', (c, next) => (/^\/api\/(files|images|import)\//.test(c.req.path) ? next() : apiLimit(c, next)));

  app.post('/rpc/:name', async (c) => {
    const name = c.req.param('name');
    if (!Object.hasOwn(registry, name)) throw new HttpError(404, 'unknown_procedure', `no procedure "${name}"`);
    const key = name as ProcedureName;
    const info = requestInfo(c);
    info.route = `/rpc/${key}`;
    const proc = registry[key];
    const bearer = bearerOf(c.req.header('authorization'));
    const auth = procedures[key].auth;
    // The session cache's sync (a round trip on PostgreSQL) starts as the request arrives.
    const begun = auth !== 'none' && bearer !== undefined ? deps.sessions?.begin() : undefined;
    const body = await readJson(c);
    // Text the database cannot hold is refused before any procedure runs; api_action checks its payload itself, after its permission checks.
    if (key !== 'api_action') checkInputText(body, 'body');
    const input = parseInput(procedures[key].input, body, 'body');
    if (key === 'api_action') {
      const a = input as v.InferOutput<typeof ApiActionInput>;
      Object.assign(info, { entity: a.entity, action: a.action });
    }
    const cookies: string[] = [];
    const run = (s: Session | null) =>
      (proc.run as (ctx: Ctx, input: unknown) => Promise<unknown>)(
        {
          ...deps,
          session: s,
          bearer,
          client: clientAddress(c),
          refreshCookie: () => presentedRefreshCookie(c),
          pageToken: () => presentedPageToken(c),
          setCookie: (value) => void cookies.push(value),
        },
        input,
      );
    if (key === 'api_action' && onlyReads(input as v.InferOutput<typeof ApiActionInput>)) {
      // A read runs on the cached session while the sync is under way; its answer (rows
      // or error) is given only once the sync confirms that session, else it runs again.
      const early = await peekSession(deps, bearer, c.req.header('x-company'), begun);
      if (early && !early.session.enrolOnly) {
        noteSession(c, early.session);
        const out = await run(early.session).then(
          (value) => ({ value }),
          (error: unknown) => ({ error }),
        );
        if (await early.confirmed) {
          if ('error' in out) throw out.error;
          return jsonAnswer(checkOutput(procedures[key].output, out.value, name));
        }
      }
    }
    const s = auth === 'none' ? null : auth === 'user' ? await requireSession(c, begun) : await session(c, begun);
    if (key === 'api_action') refuseEnrolOnly(s!);
    return jsonAnswer(checkOutput(procedures[key].output, await run(s), name), cookies);
  });

  // Live rows (liveRows.ts): the session's row events as server-sent events, per company and rights.
  app.get('/api/live', async (c) => {
    if (!deps.live) throw new HttpError(404, 'not_found', 'Live rows are not served here');
    const s = await dataSession(c);
    const bearer = bearerOf(c.req.header('authorization'))!;
    return deps.live.stream(c, s, bearer, tokenExpiry(bearer));
  });

  /** The shops of the verified company. */
  app.get('/shops', async (c) => {
    const s = await requireSession(c);
    return c.json(checkOutput(ShopsOutput, await shopsOf(deps.db, s.company), 'shops'));
  });

  mountTranslate(app, deps, dataSession, readJson);
  mountChatReplies(app, deps, dataSession, readJson);
  mountAiRoutes(app, deps, dataSession, readJson);
  mountFiles(app, deps, dataSession);
  mountImages(app, deps, dataSession);
  mountTransfer(app, deps, dataSession, readJson);
  mountPrint(app, deps, dataSession);
  mountInvoices(app, deps, dataSession);
  mountCaptions(app, deps);

  let openapi: unknown;
  app.get('/openapi.json', (c) => c.json((openapi ??= parseYaml(readFileSync(openapiPath, 'utf8'))) as object));

  // The built UI, with the SPA fallback for /{lang}/… paths.
  const ui = deps.config.uiDir;
  // The build writes source maps beside the assets (vite `build.sourcemap: 'hidden'`, no comment names them): they are
  // not served (the sources stay off the wire); a path ending in .map, however encoded, is 404.
  app.use('/assets/*', async (c, next) => {
    if (isSourceMap(c.req.path)) return c.notFound();
    await next();
  });
  // The build names its files by their content's hash (a new build, new names): a browser keeps them and never asks again.
  app.use('/assets/*', async (c, next) => {
    await next();
    if (c.res.status === 200) c.header('Cache-Control', IMMUTABLE);
  });
  app.use('/assets/*', assetFiles(ui));
  // public/: the icons and the image placeholder (spec: /download.svg).
  for (const f of ['/favicon.svg', '/favicon.ico', '/download.svg']) app.get(f, serveStatic({ root: ui }));
  // public/media/: the demo's banner and content pictures (drawn SVGs), public on every host like /p/….
  app.use('/media/*', async (c, next) => {
    await next();
    if (c.res.status === 200) c.header('Cache-Control', 'public, max-age=86400');
  });
  app.use('/media/*', serveStatic({ root: ui }));
  mountFlags(app);
  // The staff guide (docs/guide/): documentation, no sign-in.
  mountGuide(app);
  /**
   * The UI's page in a language: `<html lang>` is the route's language from the first byte
   * (else the `language` cookie's, else English), so a page never says one language and
   * reads another. `status` 404: the page of a path nothing serves (the client shows its
   * not-found page).
   */
  let page: string | undefined; // index.html, read once it exists
  const csp = pageCsp(deps.config.flagServiceUrl);
  const preloads = pagePreloads(ui);
  const lightHead = screenPageHead(ui);
  const index = (c: Context, lang?: string, status: 200 | 404 = 200) => {
    try {
      page ??= readFileSync(join(ui, 'index.html'), 'utf8');
    } catch {
      return c.text('The UI is not built: run `npm run build`.', 503);
    }
    const cookie = getCookie(c, LANGUAGE_COOKIE);
    const shown = isLang(lang) ? lang : isLang(cookie) ? cookie : DEFAULT_LANG;
    const nonce = newNonce();
    c.header('Content-Security-Policy', csp(nonce));
    let html = page
      .replace(/<html lang="[a-z]{2}"/, `<html lang="${shown}"`)
      .replace(`nonce="${NONCE_PLACEHOLDER}"`, `nonce="${nonce}"`)
      .replace('</head>', `${status === 200 ? preloads(c.req.path) : ''}</head>`)
      // The entry runs as soon as it is in, not after the page's end: a signed-in page streams
      // its start last (below), and the code is compiled and run meanwhile (src/app/main.tsx, api/startData.ts).
      .replace('<script type="module" ', '<script type="module" async ');
    // The old script-readable token cookie (core/authCookies.ts): read by nothing, removed (this answer is the browser's own, never cached).
    if (hasLegacyTokenCookie(c)) {
      c.header('Set-Cookie', clearLegacyTokenCookie(), { append: true });
      c.header('Cache-Control', 'no-store');
    }
    if (status !== 200 || !presentedPageToken(c)) return c.html(html, status);
    // Signed in: the page up to its body's end at once (the browser fetches the code meanwhile),
    // then the session's start and the screen's first rows as data (startData.ts), then the end.
    // Private to this user: never stored by a cache.
    c.header('Cache-Control', 'no-store');
    const screen = screenOfPage(c.req.path);
    // A screen page's CSS in its first bytes, its links and module preloads after its start (screenHead.ts).
    let tail = '';
    if (screen) ({ html, tail } = lightHead(html, nonce));
    const end = html.includes('</body>') ? html.lastIndexOf('</body>') : html.length;
    const encoder = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      async start(out) {
        out.enqueue(encoder.encode(html.slice(0, end)));
        const start = await pageStart(app, c, shown, screen?.lang === shown ? screen.form : undefined).catch(() => undefined);
        // The grid's first rows as HTML first (firstPaint.ts: shown while the code loads), then as data.
        if (start) {
          // An administrator's captions: the first paint's texts are the app's, and the app finds them in the start,
          // compiled as GET /api/captions/{lang} ships them (no request of its own).
          const captions = await captionsOf(deps.db, shown).catch(() => undefined);
          if (captions) start.captions = { lang: shown, messages: compileCatalogue(captions, shown) };
          out.enqueue(encoder.encode(firstPaintHtml(start, shown, splitLang(c.req.path).path, nonce, captions) + startDataTag(start)));
        }
        out.enqueue(encoder.encode(tail + html.slice(end)));
        out.close();
      },
    });
    return c.body(body, 200, { 'Content-Type': 'text/html; charset=UTF-8' });
  };
  app.get('/', (c) => index(c));
  app.get('/:lang{[a-z]{2}}', (c) => (isLang(c.req.param('lang')) ? index(c, c.req.param('lang')) : c.notFound()));
  app.get('/:lang{[a-z]{2}}/*', (c) => (isLang(c.req.param('lang')) ? index(c, c.req.param('lang')) : c.notFound()));

  // A browser asking for a page nothing serves (`/xx/products/…`) gets the UI's not-found
  // page; API clients get the JSON error.
  const wantsPage = (c: Context) => c.req.method === 'GET' && (c.req.header('accept') ?? '').includes('text/html') && !/^\/(rpc|api)\//.test(c.req.path);
  app.notFound((c) => {
    requestInfo(c).code = 'not_found';
    return wantsPage(c) ? index(c, undefined, 404) : c.json({ error: 'not_found', message: 'This page could not be found' }, 404);
  });
  app.onError((err, c) => {
    const e = err instanceof HttpError ? err : fromDbError(err);
    const info = requestInfo(c);
    info.code = e?.code ?? 'internal';
    if (e) return c.json({ error: e.code, message: e.message, ...(e.rule ? { rule: e.rule } : {}), ...(e.params ? { params: e.params } : {}) }, e.status, e.headers);
    // A server bug: its message and stack with the request's id (the answer says only "internal").
    log.error({ req: info.id, method: c.req.method, route: info.route, err: errorField(err) }, 'internal error');
    return c.json({ error: 'internal', message: 'Internal server error' }, 500);
  });
  return app;
}
