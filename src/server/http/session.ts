import { noteGrantsVersion } from '../actions/engine/permissions.ts';
import type { TokenClaims, TokenSigner } from '../auth/tokens.ts';
import type { Deps, Session } from '../rpc/context.ts';
import { HttpError } from './errors.ts';
import { familyStands, uncachedFacts, type Begun, type Facts } from './sessionCache.ts';

export const bearerOf = (authorization: string | undefined): string | undefined => {
  const m = /^Bearer\s+(\S+)$/i.exec(authorization ?? '');
  return m?.[1];
};

/*
 * Tokens already verified, per signer: the claims and when the token expires. A token is
 * signed, so the same string verifies the same way until it expires; the cache saves the
 * HMAC and claim checks of every request after a client's first. (Blocked and deleted
 * users and ended sessions are still refused at once: that is the session facts below,
 * which follow every committed change from the next request on.)
 */
const TOKENS_KEPT = 10_000;
const verifiedBy = new WeakMap<TokenSigner, Map<string, { claims: TokenClaims; expiresAt: number }>>();

async function verifiedClaims(signer: TokenSigner, token: string): Promise<TokenClaims | null> {
  let verified = verifiedBy.get(signer);
  if (!verified) verifiedBy.set(signer, (verified = new Map()));
  const hit = verified.get(token);
  if (hit && signer.now().getTime() < hit.expiresAt) return hit.claims;
  if (hit) verified.delete(token);
  const claims = await signer.verify(token);
  const exp = claims === null ? undefined : expiryOf(token);
  if (claims !== null && exp !== undefined) {
    if (verified.size >= TOKENS_KEPT) verified.delete(verified.keys().next().value!);
    verified.set(token, { claims, expiresAt: exp * 1000 });
  }
  return claims;
}

/** The `exp` claim of a token the signer has just verified. */
function expiryOf(token: string): number | undefined {
  try {
    const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { exp?: unknown };
    return typeof claims.exp === 'number' ? claims.exp : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Resolves the session of a request. The token must be valid (else 401), its user
 * must still exist and not be blocked (else 412), its session (`sid`: the refresh token
 * family) must stand — not logged out, revoked nor past its lifetime (else 401) — and
 * X-Company must be one of the user's companies (else 403): the company is never taken
 * from the header alone.
 * The facts come from the server's session cache (sessionCache.ts: exact, invalidated
 * by the database's notifications; `begun` is its sync started when the request arrived)
 * or, without one, from the database; with them comes the grants version the page
 * permission checks rely on.
 */
export async function resolveSession(deps: Deps, bearer: string | undefined, xCompany: string | undefined, begun?: Begun): Promise<Session | null> {
  if (!bearer) return null;
  const claims = await verifiedClaims(deps.signer, bearer);
  if (claims === null) throw invalidToken();
  const { userId, sid, enrol } = claims;
  return sessionOf(userId, deps.sessions ? await deps.sessions.lookup(userId, sid, begun) : await uncachedFacts(deps.db, userId, sid), xCompany, enrol);
}

const invalidToken = () => new HttpError(401, 'invalid_token', 'The access token is missing, invalid or expired');

function sessionOf(userId: number, { user, family, grants }: Facts, xCompany: string | undefined, enrol: boolean): Session {
  if (!user || user.blocked) throw new HttpError(412, 'user_gone', 'The user no longer exists or is blocked');
  // Logged out (here or in another process), revoked, or past the family's lifetime: the client may try its refresh cookie, which fails alike.
  if (!familyStands(family)) throw invalidToken();
  const wanted = xCompany?.trim();
  if (wanted && !user.companies.includes(wanted)) {
    throw new HttpError(403, 'forbidden', 'X-Company is not one of your companies');
  }
  const session: Session = { userId, languageCode: user.languageCode, companies: user.companies, company: wanted || user.companies[0] || null, ...(enrol ? { enrolOnly: true } : {}) };
  noteGrantsVersion(session, grants);
  return session;
}

/**
 * The session of a request that only reads, from the cache without waiting for its sync
 * (SessionCache.peek): the request may run on it while the sync's round trip is under
 * way, but its answer — rows or error — counts only once `confirmed` is true; otherwise
 * the request runs again on resolveSession's session. Undefined when the cache cannot
 * answer so (no token, nothing cached, a session that would be refused): use resolveSession.
 */
export async function peekSession(
  deps: Deps,
  bearer: string | undefined,
  xCompany: string | undefined,
  begun: Begun | undefined,
): Promise<{ session: Session; confirmed: boolean | Promise<boolean> } | undefined> {
  if (!bearer || !deps.sessions || begun === undefined) return undefined;
  const claims = await verifiedClaims(deps.signer, bearer);
  if (claims === null) return undefined;
  const peeked = deps.sessions.peek(claims.userId, claims.sid, begun);
  if (!peeked) return undefined;
  try {
    return { session: sessionOf(claims.userId, peeked.facts, xCompany, claims.enrol), confirmed: peeked.confirmed };
  } catch (e) {
    // A session resolveSession would refuse (412, 401, 403): it gives the answer, after the sync.
    if (e instanceof HttpError) return undefined;
    throw e;
  }
}
