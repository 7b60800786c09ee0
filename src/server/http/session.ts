import { noteGrantsVersion } from '../actions/engine/permissions.ts';
import type { TokenSigner } from '../auth/tokens.ts';
import type { Deps, Session } from '../rpc/context.ts';
import { HttpError } from './errors.ts';

export const bearerOf = (authorization: string | undefined): string | undefined => {
  const m = /^Bearer\s+(\S+)$/i.exec(authorization ?? '');
  return m?.[1];
};

/*
 * Tokens already verified, per signer: the user id and when the token expires. A token is
 * signed, so the same string verifies the same way until it expires; the cache saves the
 * HMAC and claim checks of every request after a client's first. (Blocked and deleted
 * users are still refused at once: that is the database's answer below, read every time.)
 */
const TOKENS_KEPT = 10_000;
const verifiedBy = new WeakMap<TokenSigner, Map<string, { userId: number; expiresAt: number }>>();

async function verifiedUser(signer: TokenSigner, token: string): Promise<number | null> {
  let verified = verifiedBy.get(signer);
  if (!verified) verifiedBy.set(signer, (verified = new Map()));
  const hit = verified.get(token);
  if (hit && Date.now() < hit.expiresAt) return hit.userId;
  if (hit) verified.delete(token);
  const userId = await signer.verify(token);
  const exp = userId === null ? undefined : expiryOf(token);
  if (userId !== null && exp !== undefined) {
    if (verified.size >= TOKENS_KEPT) verified.delete(verified.keys().next().value!);
    verified.set(token, { userId, expiresAt: exp * 1000 });
  }
  return userId;
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
 * must still exist and not be blocked (else 412), and X-Company must be one of the
 * user's companies (else 403): the company is never taken from the header alone.
 * The same query reads the grants version the page permission checks rely on.
 */
export async function resolveSession(deps: Deps, bearer: string | undefined, xCompany: string | undefined): Promise<Session | null> {
  if (!bearer) return null;
  const userId = await verifiedUser(deps.signer, bearer);
  if (userId === null) throw new HttpError(401, 'invalid_token', 'The access token is missing, invalid or expired');
  const r = await deps.db.query<{ blocked: boolean; language_code: string; companies: string[]; grants: number | string }>(
    `select u.blocked, u.language_code,
            coalesce((select array_agg(uc.company_code order by uc.position, uc.company_code)
                      from app.user_companies uc where uc.user_id = u.user_id), '{}') as companies,
            (select version from app.grants_version) as grants
     from app.users u where u.user_id = $1`,
    [userId],
  );
  const user = r.rows[0];
  if (!user || user.blocked) throw new HttpError(412, 'user_gone', 'The user no longer exists or is blocked');
  const wanted = xCompany?.trim();
  if (wanted && !user.companies.includes(wanted)) {
    throw new HttpError(403, 'forbidden', 'X-Company is not one of your companies');
  }
  const session: Session = { userId, languageCode: user.language_code, companies: user.companies, company: wanted || user.companies[0] || null };
  noteGrantsVersion(session, Number(user.grants));
  return session;
}
