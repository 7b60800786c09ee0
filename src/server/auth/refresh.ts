import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Db, Queryable } from '../db/types.ts';
import { HttpError } from '../http/errors.ts';

/**
 * Opaque refresh tokens, stored only as SHA-256 hashes. Each use rotates the token;
 * a second use of a rotated token means it was stolen, so the whole family is revoked.
 * A family has an absolute lifetime that rotation does not extend.
 */
const digest = (token: string) => createHash('sha256').update(token).digest('hex');
const invalid = () => new HttpError(401, 'invalid_refresh_token', 'Refresh token API error');

/**
 * A rotated token presented again within this many seconds, while the token it was
 * rotated to is still unused, is a second tab refreshing at the same moment (RFC 9700
 * §4.14.2): it gets a token of its own in the family. Later, or once the successor was
 * used, a reuse is a theft and revokes the family.
 */
const REUSE_GRACE_SEC = 10;

async function store(db: Queryable, userId: number, familyId: string, expiresAt: string | Date): Promise<{ token: string; id: number }> {
  const token = randomBytes(32).toString('base64url');
  const r = await db.query<{ token_id: number }>('insert into app.refresh_tokens (token_hash, family_id, user_id, expires_at) values ($1, $2, $3, $4) returning token_id', [
    digest(token),
    familyId,
    userId,
    expiresAt,
  ]);
  return { token, id: r.rows[0]!.token_id };
}

/** A refresh token and its session: the family id (the access token's `sid`) and the seconds the family has left. */
export interface Issued {
  token: string;
  familyId: string;
  lifeSec: number;
}

/** A new session (login): a refresh token of a new family that lives `lifetimeSec`. */
export async function createRefreshToken(db: Queryable, userId: number, lifetimeSec: number): Promise<Issued> {
  const familyId = randomUUID();
  const { token } = await store(db, userId, familyId, new Date(Date.now() + lifetimeSec * 1000).toISOString());
  return { token, familyId, lifeSec: lifetimeSec };
}

interface Row {
  token_id: number;
  family_id: string;
  user_id: number;
  expired: boolean;
  used_at: string | null;
  revoked_at: string | null;
  blocked: boolean;
  /** Some token of the family was revoked: the whole family is (a rotation racing a revocation may add an unrevoked one). */
  family_revoked: boolean;
  expires_at: string | Date;
  life_sec: number;
}

/** Exchanges a refresh token for a new one of the same family; returns the user id and the new token. */
export async function rotateRefreshToken(db: Db, token: string): Promise<Issued & { userId: number }> {
  const outcome = await db.transaction(async (tx) => {
    const r = await tx.query<Row>(
      `select t.token_id, t.family_id, t.user_id, t.expires_at <= now() as expired, t.used_at, t.revoked_at, u.blocked,
              exists (select 1 from app.refresh_tokens f where f.family_id = t.family_id and f.revoked_at is not null) as family_revoked,
              t.expires_at, ceil(extract(epoch from t.expires_at - now()))::int as life_sec
       from app.refresh_tokens t join app.users u on u.user_id = t.user_id
       where t.token_hash = $1 for update of t`,
      [digest(token)],
    );
    const row = r.rows[0];
    if (!row || row.revoked_at || row.family_revoked || row.expired) return { fail: invalid() };
    if (row.used_at) {
      const grace = await tx.query<{ ok: boolean }>(
        `select s.used_at is null and s.revoked_at is null and t.used_at > now() - make_interval(secs => $2) as ok
         from app.refresh_tokens t join app.refresh_tokens s on s.token_id = t.rotated_to where t.token_id = $1`,
        [row.token_id, REUSE_GRACE_SEC],
      );
      if (!grace.rows[0]?.ok) {
        await tx.query('update app.refresh_tokens set revoked_at = now() where family_id = $1 and revoked_at is null', [row.family_id]);
        return { fail: invalid() }; // committed: the revocation must stick
      }
    }
    if (row.blocked) return { fail: new HttpError(412, 'user_blocked', 'The user is blocked') };
    const next = await store(tx, row.user_id, row.family_id, row.expires_at);
    // A token presented again in its grace keeps its first rotation (the successor the grace watches).
    if (!row.used_at) await tx.query('update app.refresh_tokens set used_at = now(), rotated_to = $2 where token_id = $1', [row.token_id, next.id]);
    return { userId: row.user_id, token: next.token, familyId: row.family_id, lifeSec: row.life_sec };
  });
  if ('fail' in outcome) throw outcome.fail;
  return outcome;
}

/** Logout by refresh token: revokes the token's family. Returns how many tokens were revoked. */
export async function revokeFamily(db: Queryable, token: string): Promise<number> {
  const r = await db.query(
    `update app.refresh_tokens set revoked_at = now()
     where revoked_at is null and family_id = (select family_id from app.refresh_tokens where token_hash = $1)`,
    [digest(token)],
  );
  return r.rowCount;
}

/** Logout by access token: revokes the family its `sid` names, if it is the user's. Returns how many tokens were revoked. */
export async function revokeSession(db: Queryable, userId: number, familyId: string): Promise<number> {
  const r = await db.query('update app.refresh_tokens set revoked_at = now() where family_id = $1 and user_id = $2 and revoked_at is null', [familyId, userId]);
  return r.rowCount;
}

/** Every session of the user: their refresh tokens and, through `sid`, their access tokens. */
export async function revokeAllForUser(db: Queryable, userId: number): Promise<void> {
  await db.query('update app.refresh_tokens set revoked_at = now() where user_id = $1 and revoked_at is null', [userId]);
}
