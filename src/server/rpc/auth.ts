import { checkCredentials } from '../auth/login.ts';
import { createRefreshToken, revokeFamily, rotateRefreshToken } from '../auth/refresh.ts';
import { badRequest } from '../http/errors.ts';
import type { Procedure } from './context.ts';

export const login: Procedure<'login'> = {
  async run({ db, signer, config, client }, { email, password }) {
    const userId = await checkCredentials(db, email, password, client);
    return { token: await signer.issue(userId), refresh_token: await createRefreshToken(db, userId, config.refreshTtlSec) };
  },
};

/** The refresh token comes in the body, or as Bearer on the client's retry path. */
export const refresh_token: Procedure<'refresh_token'> = {
  async run({ db, signer, bearer }, input) {
    const presented = input.refresh_token ?? bearer;
    if (!presented) throw badRequest('payload.refresh_token: refresh_token is required');
    const { userId, token } = await rotateRefreshToken(db, presented);
    return { token: await signer.issue(userId), refresh_token: token };
  },
};

export const logout: Procedure<'logout'> = {
  async run({ db }, input) {
    return { data: { revoked: input.refresh_token ? await revokeFamily(db, input.refresh_token) : 0 } };
  },
};
