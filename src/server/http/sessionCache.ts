import type { Db, Listening } from '../db/types.ts';

/** What a request's session is made of, as the database holds it. */
export interface UserFacts {
  blocked: boolean;
  languageCode: string;
  /** The user's companies in their order (the first is the default). */
  companies: string[];
}

/** A session (refresh token family, the access token's `sid`) as the database holds it. */
export interface FamilyFacts {
  /** Some token of the family was revoked (logout, a reuse, revokeAllForUser), or the family has no token at all. */
  revoked: boolean;
  /** When the family's absolute lifetime ends (ms since the epoch). */
  expiresAt: number;
}

/** Whether the session still stands at `now`. */
export const familyStands = (f: FamilyFacts, now = Date.now()): boolean => !f.revoked && now < f.expiresAt;

export interface Facts {
  /** undefined: no such user. */
  user: UserFacts | undefined;
  /** The session of the request's token. */
  family: FamilyFacts;
  /** app.grants_version (018), under which page permissions are cached (NaN without a user). */
  grants: number;
}

const CHANNEL = 'app_session';

/** A sync of the notification stream, started when a request arrived (SessionCache.begin). */
export type Begun = boolean | Promise<boolean>;
const USERS_KEPT = 5000;
const FAMILIES_KEPT = 20_000;
const GONE: FamilyFacts = Object.freeze({ revoked: true, expiresAt: 0 });

/** The user's facts and the session's, in one round trip. */
async function readFacts(db: Db, userId: number, sid: string): Promise<Facts> {
  const r = await db.query<{ blocked: boolean; language_code: string; companies: string[]; grants: number | string; revoked: boolean | null; expires_ms: number | string | null }>(
    `select u.blocked, u.language_code,
            coalesce((select array_agg(uc.company_code order by uc.position, uc.company_code)
                      from app.user_companies uc where uc.user_id = u.user_id), '{}') as companies,
            (select version from app.grants_version) as grants,
            f.revoked, f.expires_ms
     from app.users u,
          lateral (select bool_or(t.revoked_at is not null) as revoked, floor(extract(epoch from min(t.expires_at)) * 1000)::bigint as expires_ms
                   from app.refresh_tokens t where t.family_id = $2 and t.user_id = u.user_id) f
     where u.user_id = $1`,
    [userId, sid],
  );
  const row = r.rows[0];
  if (!row) return { user: undefined, family: GONE, grants: NaN };
  // A family without tokens (none of this user's) is no session.
  const family = row.revoked === null || row.expires_ms === null ? GONE : Object.freeze({ revoked: row.revoked, expiresAt: Number(row.expires_ms) });
  // Shared by the requests the cache serves: frozen.
  return {
    user: Object.freeze({ blocked: row.blocked, languageCode: row.language_code, companies: Object.freeze(row.companies) as string[] }),
    family,
    grants: Number(row.grants),
  };
}

/**
 * The session facts of each user, of each session (refresh token family, the access
 * token's `sid`) and the grants version, kept in the server and invalidated by the
 * database itself: migration 020 notifies channel `app_session` from every transaction
 * that changes a user's blocked flag, language, existence or companies ('user:<id>'), or
 * the grants version ('grants'); 034 a family's revocation, lifetime or deletion
 * ('family:<id>'); a truncate says 'all'. A logout in another process therefore ends its
 * access tokens here from the next request on, with no time bound to wait out.
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
  private families = new Map<string, FamilyFacts>();
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
    else if (payload.startsWith('family:')) this.families.delete(payload.slice(7));
    else this.reset();
  }

  private reset(): void {
    this.generation++;
    this.users.clear();
    this.families.clear();
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
   * synced and neither the user's entry, the session's nor the grants version changed
   * meanwhile — then no change committed before the request arrived touched them, and an
   * answer built on them is the answer lookup() would have given. Undefined when nothing
   * usable is cached.
   */
  peek(userId: number, sid: string, begun: Begun): { facts: Facts & { user: UserFacts }; confirmed: boolean | Promise<boolean> } | undefined {
    if (begun === false || !this.listening?.live) return undefined;
    const user = this.users.get(userId);
    const family = this.families.get(sid);
    const grants = this.grants;
    if (!user || !family || grants === undefined) return undefined;
    const stands = (synced: boolean) => synced && this.users.get(userId) === user && this.families.get(sid) === family && this.grants === grants;
    return { facts: { user, family, grants }, confirmed: begun === true ? stands(true) : begun.then(stands) };
  }

  /** A user's facts, the session's and the grants version, as of `begun` (see the class comment). */
  async lookup(userId: number, sid: string, begun: Begun = this.begin()): Promise<Facts> {
    const synced = begun === true || (begun !== false && (await begun));
    if (synced) {
      const user = this.users.get(userId);
      const family = this.families.get(sid);
      if (user && family && this.grants !== undefined) return { user, family, grants: this.grants };
    }
    const generation = this.generation;
    const facts = await readFacts(this.db, userId, sid);
    if (synced && facts.user && generation === this.generation && this.listening?.live) {
      this.grants = facts.grants;
      keep(this.users, userId, facts.user, USERS_KEPT);
      keep(this.families, sid, facts.family, FAMILIES_KEPT);
    }
    return facts;
  }

  async close(): Promise<void> {
    await this.listening?.close();
    this.reset();
  }
}

/** Stores `value` as the newest entry, dropping the oldest beyond `limit`. */
function keep<K, V>(map: Map<K, V>, key: K, value: V, limit: number): void {
  map.delete(key);
  if (map.size >= limit) map.delete(map.keys().next().value!);
  map.set(key, value);
}

/** The facts without a cache (a server started without one, e.g. an app built in a test). */
export const uncachedFacts = readFacts;
