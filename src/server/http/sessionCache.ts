import type { Db, Listening } from '../db/types.ts';

/** What a request's session is made of, as the database holds it. */
export interface UserFacts {
  blocked: boolean;
  languageCode: string;
  /** The user's companies in their order (the first is the default). */
  companies: string[];
}

export interface Facts {
  /** undefined: no such user. */
  user: UserFacts | undefined;
  /** app.grants_version (018), under which page permissions are cached (NaN without a user). */
  grants: number;
}

const CHANNEL = 'app_session';

/** A sync of the notification stream, started when a request arrived (SessionCache.begin). */
export type Begun = boolean | Promise<boolean>;
const USERS_KEPT = 5000;

async function readFacts(db: Db, userId: number): Promise<Facts> {
  const r = await db.query<{ blocked: boolean; language_code: string; companies: string[]; grants: number | string }>(
    `select u.blocked, u.language_code,
            coalesce((select array_agg(uc.company_code order by uc.position, uc.company_code)
                      from app.user_companies uc where uc.user_id = u.user_id), '{}') as companies,
            (select version from app.grants_version) as grants
     from app.users u where u.user_id = $1`,
    [userId],
  );
  const row = r.rows[0];
  if (!row) return { user: undefined, grants: NaN };
  // Shared by the requests the cache serves: frozen.
  return { user: Object.freeze({ blocked: row.blocked, languageCode: row.language_code, companies: Object.freeze(row.companies) as string[] }), grants: Number(row.grants) };
}

/**
 * The session facts of each user and the grants version, kept in the server and
 * invalidated by the database itself: migration 020 notifies channel `app_session` from
 * every transaction that changes a user's blocked flag, language, existence or companies
 * ('user:<id>'), or the grants version ('grants'); a truncate says 'all'.
 *
 * Why it is exact: a lookup first syncs the notification stream (Listening.sync: every
 * notification of a transaction that committed before the sync started is handled by
 * then), and the sync starts after the request arrived (begin), so a change committed
 * before a request always reaches that request. A fill stores what
 * it read only if no notification and no reset arrived while it read (the generation is
 * unchanged): a change that committed after the fill's snapshot is either seen during the
 * read (not stored) or arrives later and drops the entry. While the stream is not live
 * (not yet connected, reconnecting, closed, a sync that did not answer) the cache is
 * empty and every lookup reads the database, as without a cache.
 */
export class SessionCache {
  private users = new Map<number, UserFacts>();
  private grants: number | undefined;
  private generation = 0;
  private listening: Listening | undefined;

  private constructor(private readonly db: Db) {}

  /** A cache listening on `db` (falls back to reading the database whenever the stream is not live). */
  static async open(db: Db): Promise<SessionCache> {
    const cache = new SessionCache(db);
    cache.listening = await db.listen(CHANNEL, {
      notify: (payload) => cache.notified(payload),
      reset: () => cache.reset(),
    });
    return cache;
  }

  private notified(payload: string): void {
    this.generation++;
    if (payload === 'grants') this.grants = undefined;
    else if (payload.startsWith('user:')) this.users.delete(Number(payload.slice(5)));
    else this.reset();
  }

  private reset(): void {
    this.generation++;
    this.users.clear();
    this.grants = undefined;
  }

  /**
   * Starts bringing the cache up to date for a request that has just arrived: the
   * stream's round trip (PostgreSQL) runs while the request's body is read and checked.
   * Pass the result to lookup(); started any later, it is as exact, only slower.
   */
  begin(): Begun {
    const l = this.listening;
    return l !== undefined && l.live ? l.sync() : false;
  }

  /**
   * For a request that only reads: the user's facts as the cache holds them now, without
   * waiting for `begun`, and whether they stand: `confirmed` turns true only if `begun`
   * synced and neither the user's entry nor the grants version changed meanwhile — then
   * no change committed before the request arrived touched them, and an answer built on
   * them is the answer lookup() would have given. Undefined when nothing usable is cached.
   */
  peek(userId: number, begun: Begun): { facts: Facts & { user: UserFacts }; confirmed: boolean | Promise<boolean> } | undefined {
    if (begun === false || !this.listening?.live) return undefined;
    const user = this.users.get(userId);
    const grants = this.grants;
    if (!user || grants === undefined) return undefined;
    const stands = (synced: boolean) => synced && this.users.get(userId) === user && this.grants === grants;
    return { facts: { user, grants }, confirmed: begun === true ? stands(true) : begun.then(stands) };
  }

  /** A user's facts and the grants version, as of `begun` (see the class comment). */
  async lookup(userId: number, begun: Begun = this.begin()): Promise<Facts> {
    const synced = begun === true || (begun !== false && (await begun));
    if (synced) {
      const user = this.users.get(userId);
      if (user && this.grants !== undefined) return { user, grants: this.grants };
    }
    const generation = this.generation;
    const facts = await readFacts(this.db, userId);
    if (synced && facts.user && generation === this.generation && this.listening?.live) {
      this.grants = facts.grants;
      this.users.delete(userId);
      if (this.users.size >= USERS_KEPT) this.users.delete(this.users.keys().next().value!);
      this.users.set(userId, facts.user);
    }
    return facts;
  }

  async close(): Promise<void> {
    await this.listening?.close();
    this.reset();
  }
}

/** The facts without a cache (a server started without one, e.g. an app built in a test). */
export const uncachedFacts = readFacts;
