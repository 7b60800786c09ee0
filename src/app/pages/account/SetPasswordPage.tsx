import { useState, type FormEvent } from 'react';
import { withLang } from '../../../core/langs.ts';
import { api } from '../../api/client.ts';
import { describeError, type Said } from '../../api/said.ts';
import { usePageTitle } from '../../chrome/pageTitle.ts';
import { useT } from '../../i18n/useT.ts';
import { useSession } from '../../session/session.ts';
import { NewPassword, newPasswordError } from './NewPassword.tsx';
import { useSay } from './useSay.ts';

/**
 * The token of the link: in the fragment (`#token=…`), which no request carries to a server
 * or a Referer; `initial` when a sign-in with an administrator's initial password sent the
 * user here (LoginPage).
 */
const fragment = () => new URLSearchParams(location.hash.slice(1));

/** Sets a password from an invitation, reset or change link; then the user signs in with it. */
export function SetPasswordPage() {
  const t = useT();
  const sayIt = useSay();
  usePageTitle('password.set_title');
  const lang = useSession((s) => s.lang);
  const [token] = useState(() => fragment().get('token') ?? '');
  const [initial] = useState(() => fragment().has('initial'));
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const [failure, setFailure] = useState<Said>();
  const error = submitted ? newPasswordError(password, repeat) : undefined;

  async function submit(e: FormEvent) {
    e.preventDefault();
    setSubmitted(true);
    setFailure(undefined);
    if (newPasswordError(password, repeat)) return;
    setBusy(true);
    try {
      await api.rpc('set_password', { token, password }, { anonymous: true });
      // The token is spent: out of the address bar and the history entry.
      history.replaceState(history.state, '', location.pathname);
      setDone(true);
    } catch (err) {
      setFailure(describeError(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="login-form" onSubmit={(e) => void submit(e)} noValidate>
      <h1 className="login-title">{t('password.set_title')}</h1>
      {!token ? (
        <div className="alert alert-danger" role="alert">
          {t('password.no_token')}
        </div>
      ) : done ? (
        <div className="alert alert-success" role="status">
          {t('password.set_done')}
        </div>
      ) : (
        <>
          {initial && <p>{t('password.initial_intro')}</p>}
          {failure && (
            <div className="alert alert-danger" role="alert">
              {sayIt(failure)}
            </div>
          )}
          <NewPassword password={password} repeat={repeat} onPassword={setPassword} onRepeat={setRepeat} error={error} />
          <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
            {t('password.save')}
          </button>
        </>
      )}
      <div className="login-links">
        <a href={withLang('/login', lang)}>{t(done ? 'auth.sign_in' : 'password.back_to_sign_in')}</a>
      </div>
    </form>
  );
}
