import { randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import type { Queryable } from '../db/types.ts';

export interface TokenSigner {
  issue(userId: number): Promise<string>;
  /** The user id of a valid, unexpired access token; null otherwise. */
  verify(token: string): Promise<number | null>;
}

export function tokenSigner(secret: string, ttlSec: number): TokenSigner {
  const key = new TextEncoder().encode(secret);
  return {
    issue: (userId) =>
      new SignJWT({})
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(userId))
        .setIssuedAt()
        .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSec)
        .sign(key),
    async verify(token) {
      try {
        // The allow-list keeps 'none' and asymmetric-algorithm confusion out.
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], requiredClaims: ['exp', 'iat', 'sub'] });
        const id = Number(payload.sub);
        return Number.isInteger(id) && id > 0 ? id : null;
      } catch {
        return null;
      }
    },
  };
}

/** JWT_SECRET from the environment, else one generated once and kept in the database. */
export async function jwtSecret(db: Queryable, fromEnv: string | undefined): Promise<string> {
  if (fromEnv) return fromEnv;
  const fresh = randomBytes(48).toString('base64url');
  await db.query(`insert into app.settings (key, value) values ('jwt_secret', $1) on conflict (key) do nothing`, [fresh]);
  const r = await db.query<{ value: string }>(`select value from app.settings where key = 'jwt_secret'`);
  return r.rows[0]!.value;
}
