/**
 * Live rows: an open grid hears of rows other users (or the user's other tabs) changed,
 * within a second, and reads them again through the list call with its own permissions.
 *
 * The engine's write path (engine/write.ts `changeLog`: add, set, bulk set, undo, delete,
 * import) notifies channel `app_rows` in the writing transaction, so the news leaves only
 * when, and if, the write commits — in whichever process it ran. Every process LISTENs
 * (Db.listen: one connection on a server, PGlite's in-process listener) and fans out to its
 * own subscribers: `GET /api/live` answers server-sent events for the request's session
 * and company. An event carries only the form, the written rows' keys and who wrote them,
 * never a value, and goes only to a subscriber
 *  - of the row's company (company-less tables: to every company),
 *  - whose session still stands (re-resolved per notification, as a request's: a blocked
 *    user, an ended session or a company taken away ends the stream),
 *  - who may list the form's page (the grants cache, current grants version),
 *  - for private rows (source.owner), only the owner's own streams; for companies
 *    (source.userCompanies), only the keys of the companies the subscriber works in.
 * A stream ends when its access token expires: the browser refreshes and reconnects.
 */
import type { Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import type * as v from 'valibot';
import type { LiveRowsEvent } from '../../../schemas/api.ts';
import { ownerScope } from '../actions/engine/owner.ts';
import { holdsPagePermission } from '../actions/engine/permissions.ts';
import { screens, type Screen } from '../actions/engine/screens.ts';
import type { Listening, Queryable } from '../db/types.ts';
import type { Deps, LiveStreams, Session } from '../rpc/context.ts';
import { resolveSession } from './session.ts';
import { errorField, log as logger } from '../obs/log.ts';

const LIVE_CHANNEL = 'app_rows';
/** pg_notify's payload limit is 8000 bytes: keys are sent in parts below it. */
const PART_CHARS = 7000;
/** More parts than this (a large import): one message saying "rows of this table changed", no keys. */
const MAX_PARTS = 20;
/** A comment line now and then keeps proxies and the browser from closing an idle stream. */
const PING_MS = 25_000;

/** What the write path sends: the written table, the writing form and its key names, the company, the rows' keys (null: too many to name), the writer. */
export interface RowsMessage {
  w: string;
  f: string;
  kn: string[];
  c: string | null;
  k: unknown[][] | null;
  u: number;
}

/** An event for one grid: the form, the changed rows' keys (null: any of its rows may have changed) and who changed them (schemas/api/live.ts). */
export type RowsEvent = v.InferOutput<typeof LiveRowsEvent>;

/**
 * Notifies `app_rows` of written rows, in the caller's transaction (delivered at commit).
 * Called by the engine's change log for every add, set, undo, delete and import.
 */
export async function notifyRows(tx: Queryable, screen: Screen, keys: unknown[][], company: string | null, userId: number): Promise<void> {
  if (!screen.source.write || !keys.length) return;
  const base = { w: screen.source.write, f: screen.form, kn: screen.keys, c: screen.source.company ? company : null, u: userId };
  const parts: unknown[][][] = [];
  let part: unknown[][] = [];
  let size = 0;
  for (const k of keys) {
    const n = JSON.stringify(k).length + 1;
    if (part.length && size + n > PART_CHARS) {
      parts.push(part);
      part = [];
      size = 0;
    }
    part.push(k);
    size += n;
  }
  parts.push(part);
  const payloads = parts.length > MAX_PARTS ? [JSON.stringify({ ...base, k: null })] : parts.map((k) => JSON.stringify({ ...base, k }));
  await tx.query(`select pg_notify($1, p) from unnest($2::text[]) as p`, [LIVE_CHANNEL, payloads]);
}

interface Subscriber {
  userId: number;
  company: string | null;
  bearer: string;
  send(event: RowsEvent): void;
  end(): void;
}

/** The forms whose rows live in each written table. */
function formsByTable(): Map<string, Screen[]> {
  const out = new Map<string, Screen[]>();
  for (const s of screens.values()) {
    if (!s.source.write) continue;
    out.set(s.source.write, [...(out.get(s.source.write) ?? []), s]);
  }
  return out;
}

const sameKeys = (a: string[], b: string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

export class LiveRows implements LiveStreams {
  private readonly subs = new Set<Subscriber>();
  private readonly byTable = formsByTable();
  private listening: Listening | undefined;
  private fanning: Promise<void> = Promise.resolve();

  private constructor(private readonly deps: Deps) {}

  static async open(deps: Deps): Promise<LiveRows> {
    const hub = new LiveRows(deps);
    // A missed notification cannot be told: the grids just miss a live update (nothing is cached here).
    hub.listening = await deps.db.listen(LIVE_CHANNEL, { notify: (p) => hub.notified(p), reset: () => {} });
    return hub;
  }

  get subscribers(): number {
    return this.subs.size;
  }

  private notified(payload: string): void {
    if (!this.subs.size) return;
    let m: RowsMessage;
    try {
      m = JSON.parse(payload) as RowsMessage;
    } catch {
      return;
    }
    const forms = this.byTable.get(m.w);
    if (!forms) return;
    // One notification's fan-out after the other: a stream hears of writes in commit order, so
    // a later event tells its reader that every earlier write has been told (or was not for it).
    this.fanning = this.fanning
      .then(async () => {
        const subs = [...this.subs].filter((s) => m.c === null || s.company === m.c);
        if (!subs.length) return;
        const by = { id: m.u, name: await userName(this.deps.db, m.u) };
        await Promise.all(subs.map((s) => this.deliver(s, m, forms, by)));
      })
      .catch((e: unknown) => logger.error({ err: errorField(e) }, 'live rows: fan-out failed'));
  }

  private async deliver(sub: Subscriber, m: RowsMessage, forms: Screen[], by: RowsEvent['by']): Promise<void> {
    let session: Session;
    try {
      // As a request would be: a session no longer standing, or without the company, ends the stream.
      session = (await resolveSession(this.deps, sub.bearer, sub.company ?? undefined))!;
    } catch {
      sub.end();
      return;
    }
    for (const screen of forms) {
      if (screen.source.owner && m.u !== sub.userId) continue;
      if (screen.access !== 'authenticated' && !(await holdsPagePermission(this.deps.db, session, screen.pageUrl!, 'list'))) continue;
      let ids = m.k && sameKeys(m.kn, screen.keys) ? m.k : null;
      // Companies (source.userCompanies, keyed by the company): only those the subscriber works in, unless she is a global administrator.
      if (ids && screen.source.userCompanies && screen.keys.length === 1 && screen.keys[0] === screen.source.userCompanies && (await ownerScope(this.deps.db, session, screen)) !== null) {
        ids = ids.filter((k) => session.companies.includes(String(k[0])));
        if (!ids.length) continue;
      }
      sub.send({ form: screen.form, ids, by });
    }
  }

  /** `GET /api/live`: the session's stream of row events until the client leaves, the token expires or the server stops. */
  stream(c: Context, session: Session, bearer: string, expiresAt: number | undefined): Response {
    return streamSSE(c, async (sse) => {
      let done!: () => void;
      const ended = new Promise<void>((r) => (done = r));
      const sub: Subscriber = {
        userId: session.userId,
        company: session.company,
        bearer,
        send: (e) => void sse.writeSSE({ event: 'rows', data: JSON.stringify(e) }).catch(done),
        end: done,
      };
      this.subs.add(sub);
      sse.onAbort(done);
      const ping = setInterval(() => void sse.write(': ping\n\n').catch(done), PING_MS);
      const expiry = expiresAt !== undefined ? setTimeout(done, Math.max(0, expiresAt - this.deps.signer.now().getTime())) : undefined;
      try {
        await sse.writeSSE({ event: 'ready', data: JSON.stringify({ company: session.company }) });
        await ended;
      } finally {
        clearInterval(ping);
        clearTimeout(expiry);
        this.subs.delete(sub);
      }
    });
  }

  /** Ends every stream (the server is stopping) and stops listening. */
  async close(): Promise<void> {
    for (const s of this.subs) s.end();
    this.subs.clear();
    await this.listening?.close();
  }
}

/** The writer as others see them: first and last name, else the user name. */
async function userName(db: Queryable, userId: number): Promise<string> {
  const r = await db.query<{ name: string }>(`select coalesce(nullif(trim(first_name || ' ' || last_name), ''), user_name) as name from app.users where user_id = $1`, [userId]);
  return r.rows[0]?.name ?? '';
}

/** The `exp` of a verified access token, in ms (the stream ends then; the client reconnects with a fresh token). */
export function tokenExpiry(token: string): number | undefined {
  try {
    const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { exp?: unknown };
    return typeof claims.exp === 'number' ? claims.exp * 1000 : undefined;
  } catch {
    return undefined;
  }
}
