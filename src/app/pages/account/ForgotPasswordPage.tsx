import { useState, type FormEvent } from 'react';
import { withLang } from '../../../core/langs.ts';
import { api } from '../../api/client.ts';
import { describeError, type Said } from '../../api/said.ts';
import { usePageTitle } from '../../chrome/pageTitle.ts';
import { useT } from '../../i18n/useT.ts';
import { useSession } from '../../session/session.ts';
import { firstError, LoginEmail } from '../loginSchema.ts';
import { useSay } from './useSay.ts';

/** "Forgot password": the address in, the same answer whatever it is (the server mails a reset link only to a user's). */
export function ForgotPasswordPage() {
  const t = useT();
  const sayIt = useSay();
  usePageTitle('password.forgot_title');
  const lang = useSession((s) => s.lang);
  const [email, setEmail] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<Said>();
  const error = submitted ? firstError(LoginEmail, email) : undefined;

  async function submit(e: FormEvent) {
    e.preventDefault();
    setSubmitted(true);
    setFailure(undefined);
    if (firstError(LoginEmail, email)) return;
    setBusy(true);
    try {
      await api.rpc('forgot_password', { email: email.trim() }, { anonymous: true });
      setSent(true);
    } catch (err) {
      setFailure(describeError(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="login-form" onSubmit={(e) => void submit(e)} noValidate>
      <h1 className="login-title">{t('password.forgot_title')}</h1>
      {sent ? (
        <div className="alert alert-success" role="status">
          {t('password.link_sent')}
        </div>
      ) : (
        <>
          <p>{t('password.forgot_intro')}</p>
          {failure && (
            <div className="alert alert-danger" role="alert">
              {sayIt(failure)}
            </div>
          )}
          <div className="form-field">
            <label htmlFor="forgot-email">{t('auth.email')}</label>
            <input id="forgot-email" type="email" autoComplete="username" value={email} onChange={(e) => setEmail(e.target.value)} aria-invalid={!!error} />
            {error && <div className="field-error">{t(error)}</div>}
          </div>
          <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
            {t('password.send_link')}
          </button>
        </>
      )}
      <div className="login-links">
        <a href={withLang('/login', lang)}>{t('password.back_to_sign_in')}</a>
      </div>
    </form>
  );
}
