import { randomBytes } from 'node:crypto';
import { SignJWT, compactVerify, jwtVerify } from 'jose';
import type { Queryable } from '../db/types.ts';

/** Who an access token speaks for: the user, and the session (the refresh token family) it belongs to. */
export interface TokenClaims {
  userId: number;
  /** The `sid` claim: the refresh token family id; a revoked family ends the token too (logout). */
  sid: string;
  /** The `enrol` claim: the session may only enrol TOTP (the `totp_required` setting; auth/totp.ts enrolmentRequired). */
  enrol: boolean;
}

export interface TokenSigner {
  /** `enrol`: a token that may only enrol the second factor (set at sign-in and refresh while the user must). */
  issue(userId: number, sid: string, enrol?: boolean): Promise<string>;
  /** The claims of a valid, unexpired access token; null otherwise (a token without `sid`, from before sessions, included). */
  verify(token: string): Promise<TokenClaims | null>;
  /**
   * The claims of a token this server signed, expired or not (logout ends the session of
   * a token that has just expired); null for anything else.
   */
  verifySignature(token: string): Promise<TokenClaims | null>;
  /** The signer's clock: tokens are issued and checked against it (tests pass one they move). */
  now(): Date;
}

const claimsOf = (payload: { sub?: unknown; sid?: unknown; enrol?: unknown }): TokenClaims | null => {
  const id = Number(payload.sub);
  const sid = payload.sid;
  return Number.isInteger(id) && id > 0 && typeof sid === 'string' && sid !== '' ? { userId: id, sid, enrol: payload.enrol === true } : null;
};

export function tokenSigner(secret: string, ttlSec: number, clock: () => Date = () => new Date()): TokenSigner {
  const key = new TextEncoder().encode(secret);
  // The allow-list keeps 'none' and asymmetric-algorithm confusion out.
  const algorithms = ['HS256'];
  return {
    issue: (userId, sid, enrol = false) =>
      new SignJWT(enrol ? { sid, enrol } : { sid })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(userId))
        .setIssuedAt(clock())
        .setExpirationTime(Math.floor(clock().getTime() / 1000) + ttlSec)
        .sign(key),
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms, requiredClaims: ['exp', 'iat', 'sub', 'sid'], currentDate: clock() });
        return claimsOf(payload);
      } catch {
        return null;
      }
    },
    async verifySignature(token) {
      try {
        const { payload } = await compactVerify(token, key, { algorithms });
        return claimsOf(JSON.parse(new TextDecoder().decode(payload)) as { sub?: unknown; sid?: unknown; enrol?: unknown });
      } catch {
        return null;
      }
    },
    now: clock,
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
