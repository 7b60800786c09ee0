import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { ApiError } from '../api/client.ts';
import { describeError, say, type Said } from '../api/said.ts';
import { afterLoginPath } from '../router/guards.ts';
import { login } from '../session/auth.ts';
import { useSession } from '../session/session.ts';
import { LoginEmail, LoginPassword, firstError } from './loginSchema.ts';
import { usePageTitle } from '../chrome/pageTitle.ts';
import { needFullCatalogue } from '../i18n/fullCatalogue.ts';
import { withLang } from '../../core/langs.ts';

const serverMessage = (e: unknown): Said =>
  e instanceof ApiError && e.status === 401 && e.code !== 'invalid_totp' ? { id: 'auth.wrong_credentials' } : e instanceof ApiError && e.status === 403 ? { id: 'auth.blocked' } : describeError(e);

export function LoginPage() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  usePageTitle('auth.sign_in');
  // What the form says at its fields and of a refused sign-in is in the catalogue's later part: asked for with the page.
  useEffect(() => void needFullCatalogue(), []);
  const lang = useSession((s) => s.lang);
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<Said>();
  // The second step of an account with TOTP: the server said `totp_required` after the right password.
  const [askCode, setAskCode] = useState(false);
  const [code, setCode] = useState('');
  const emailError = touched || submitted ? firstError(LoginEmail, email) : undefined;
  const passwordError = submitted ? firstError(LoginPassword, password) : undefined;

  async function submit(e: FormEvent) {
    e.preventDefault();
    setSubmitted(true);
    setFailure(undefined);
    if (firstError(LoginEmail, email) || firstError(LoginPassword, password)) return;
    if (askCode && !code.trim()) return;
    setBusy(true);
    try {
      await login(email.trim(), password, askCode ? code.trim() : undefined);
      await navigate({ href: afterLoginPath(lang) });
    } catch (err) {
      if (err instanceof ApiError && err.code === 'totp_required') {
        setAskCode(true);
        return;
      }
      if (err instanceof ApiError && err.code === 'password_change_required' && typeof err.params?.token === 'string') {
        // An administrator's initial password: no session, but a link to choose her own.
        await navigate({ href: `${withLang('/set_password', lang)}#token=${err.params.token}&initial=1` });
        return;
      }
      setCode('');
      setFailure(serverMessage(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="login-form" onSubmit={(e) => void submit(e)} noValidate>
      <h1 className="login-title">{t('auth.sign_in')}</h1>
      {failure && (
        <div className="alert alert-danger" role="alert">
          {say(intl, failure)}
        </div>
      )}
      <div className="form-field">
        <label htmlFor="login-email">{t('auth.email')}</label>
        <input
          id="login-email"
          type="email"
          autoComplete="username"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          onBlur={() => setTouched(true)}
          aria-invalid={!!emailError}
          aria-describedby={emailError ? 'login-email-error' : undefined}
        />
        {emailError && (
          <div id="login-email-error" className="field-error">
            {t(emailError)}
          </div>
        )}
      </div>
      <div className="form-field">
        <label htmlFor="login-password">{t('auth.password')}</label>
        <input
          id="login-password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          aria-invalid={!!passwordError}
          aria-describedby={passwordError ? 'login-password-error' : undefined}
        />
        {passwordError && (
          <div id="login-password-error" className="field-error">
            {t(passwordError)}
          </div>
        )}
      </div>
      {askCode && (
        <div className="form-field">
          <label htmlFor="login-totp">{t('auth.totp_code')}</label>
          <input id="login-totp" inputMode="text" autoComplete="one-time-code" maxLength={40} value={code} onChange={(e) => setCode(e.target.value)} aria-describedby="login-totp-hint" autoFocus />
          <div id="login-totp-hint" className="field-hint">
            {t('auth.totp_code_hint')}
          </div>
        </div>
      )}
      <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
        {t('auth.sign_in')}
      </button>
      <div className="login-links">
        <a href={withLang('/forgot_password', lang)}>{t('auth.forgot_password')}</a>
      </div>
    </form>
  );
}
