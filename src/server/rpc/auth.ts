import { holdInitialPassword } from '../auth/initialPassword.ts';
import { checkCredentials } from '../auth/login.ts';
import { checkSecondFactor, enrolmentRequired, userTotp } from '../auth/totp.ts';
import { createRefreshToken, revokeFamily, revokeSession, rotateRefreshToken } from '../auth/refresh.ts';
import { HttpError, badRequest } from '../http/errors.ts';
import { clearPageTokenCookie, pageTokenCookie } from '../http/pageCookie.ts';
import { clearRefreshCookie, clearingRefreshCookie, refreshCookie } from '../http/refreshCookie.ts';
import type { Procedure } from './context.ts';

/**
 * A new session: an access token naming it (`sid`) and its first refresh token, in the body
 * or (the browser's `refresh_cookie`) the cookie; a browser also gets the access token in the
 * HttpOnly page-token cookie its page loads are drawn by (http/pageCookie.ts). A user with a second factor gives its code
 * after the password (401 `totp_required` without one); a user who must enrol one gets a
 * token that may only do that (`enrol`). A user holding an initial password gets no session
 * but a set-password link (403 `password_change_required`, auth/initialPassword.ts).
 */
export const login: Procedure<'login'> = {
  async run({ db, signer, config, client, setCookie }, { email, password, refresh_cookie, totp_code }) {
    const userId = await checkCredentials(db, email, password, client);
    if ((await userTotp(db, userId))?.confirmed) {
      if (!totp_code) throw new HttpError(401, 'totp_required', 'This account asks for its second factor: send totp_code');
      await checkSecondFactor(db, userId, totp_code, client);
    }
    await holdInitialPassword(db, userId);
    const issued = await createRefreshToken(db, userId, config.refreshTtlSec);
    const token = await signer.issue(userId, issued.familyId, await enrolmentRequired(db, userId));
    if (!refresh_cookie) return { token, refresh_token: issued.token };
    setCookie(refreshCookie(issued.token, issued.lifeSec));
    setCookie(pageTokenCookie(token));
    return { token };
  },
};

/**
 * The refresh token comes in the body, as Bearer on the client's retry path, or in the
 * browser's refresh cookie; the new one goes back the way it came (a browser's with the new
 * access token in its page-token cookie).
 */
export const refresh_token: Procedure<'refresh_token'> = {
  async run({ db, signer, bearer, refreshCookie: cookie, setCookie }, input) {
    const given = input.refresh_token ?? bearer;
    const fromCookie = given === undefined ? cookie() : undefined;
    const presented = given ?? fromCookie;
    if (!presented) throw badRequest('payload.refresh_token: refresh_token is required');
    let rotated;
    try {
      rotated = await rotateRefreshToken(db, presented);
    } catch (e) {
      throw fromCookie && e instanceof HttpError ? clearingRefreshCookie(e) : e;
    }
    // The enrolment hold follows the setting and the user's grants at each refresh.
    const token = await signer.issue(rotated.userId, rotated.familyId, await enrolmentRequired(db, rotated.userId));
    if (!fromCookie) return { token, refresh_token: rotated.token };
    setCookie(refreshCookie(rotated.token, rotated.lifeSec));
    setCookie(pageTokenCookie(token));
    return { token };
  },
};

/**
 * Ends the session of the access token (its `sid`; a token that has just expired still
 * names it) and/or of the body's refresh token: their refresh tokens and access tokens stop
 * working. The refresh and page-token cookies are removed whatever was sent.
 */
export const logout: Procedure<'logout'> = {
  async run({ db, signer, bearer, setCookie }, input) {
    setCookie(clearRefreshCookie());
    setCookie(clearPageTokenCookie());
    const claims = bearer ? await signer.verifySignature(bearer) : null;
    let revoked = claims ? await revokeSession(db, claims.userId, claims.sid) : 0;
    if (input.refresh_token) revoked += await revokeFamily(db, input.refresh_token);
    return { data: { revoked } };
  },
};
