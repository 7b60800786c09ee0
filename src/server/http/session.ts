import type { Deps, Session } from '../rpc/context.ts';
import { HttpError } from './errors.ts';

export const bearerOf = (authorization: string | undefined): string | undefined => {
  const m = /^Bearer\s+(\S+)$/i.exec(authorization ?? '');
  return m?.[1];
};

/**
 * Resolves the session of a request. The token must be valid (else 401), its user
 * must still exist and not be blocked (else 412), and X-Company must be one of the
 * user's companies (else 403): the company is never taken from the header alone.
 */
export async function resolveSession(deps: Deps, bearer: string | undefined, xCompany: string | undefined): Promise<Session | null> {
  if (!bearer) return null;
  const userId = await deps.signer.verify(bearer);
  if (userId === null) throw new HttpError(401, 'invalid_token', 'The access token is missing, invalid or expired');
  const r = await deps.db.query<{ blocked: boolean; language_code: string; companies: string[] }>(
    `select u.blocked, u.language_code,
            coalesce((select array_agg(uc.company_code order by uc.position, uc.company_code)
                      from app.user_companies uc where uc.user_id = u.user_id), '{}') as companies
     from app.users u where u.user_id = $1`,
    [userId],
  );
  const user = r.rows[0];
  if (!user || user.blocked) throw new HttpError(412, 'user_gone', 'The user no longer exists or is blocked');
  const wanted = xCompany?.trim();
  if (wanted && !user.companies.includes(wanted)) {
    throw new HttpError(403, 'forbidden', 'X-Company is not one of your companies');
  }
  return { userId, languageCode: user.language_code, companies: user.companies, company: wanted || user.companies[0] || null };
}
