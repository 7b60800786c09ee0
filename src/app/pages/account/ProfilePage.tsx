import { useState, type FormEvent } from 'react';
import { api } from '../../api/client.ts';
import { describeError, type Said } from '../../api/said.ts';
import { isLang, withLang } from '../../../core/langs.ts';
import { useT } from '../../i18n/useT.ts';
import { useSession } from '../../session/session.ts';
import { NewPassword, newPasswordError } from './NewPassword.tsx';
import { TotpSection } from './TotpSection.tsx';
import { useSay } from './useSay.ts';

/** The answer of one of the page's forms: done (a message) or failed (the server's code, said). */
type Outcome = { ok: true; id: string; values?: Record<string, number> } | { ok: false; said: Said };

function OutcomeAlert({ outcome }: { outcome: Outcome | undefined }) {
  const t = useT();
  const sayIt = useSay();
  if (!outcome) return null;
  return outcome.ok ? (
    <div className="alert alert-success" role="status">
      {t(outcome.id, outcome.values)}
    </div>
  ) : (
    <div className="alert alert-danger" role="alert">
      {sayIt(outcome.said)}
    </div>
  );
}

function ChangePassword() {
  const t = useT();
  const email = useSession((s) => s.user?.user_email);
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>();
  const error = submitted ? newPasswordError(password, repeat, email) : undefined;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    setOutcome(undefined);
    if (!current || newPasswordError(password, repeat, email)) return;
    setBusy(true);
    try {
      await api.rpc('change_password', { current_password: current, new_password: password });
      setOutcome({ ok: true, id: 'account.password_changed' });
      setCurrent('');
      setPassword('');
      setRepeat('');
      setSubmitted(false);
    } catch (err) {
      setOutcome({ ok: false, said: describeError(err) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="account-section">
      <h2>{t('account.change_password')}</h2>
      <OutcomeAlert outcome={outcome} />
      <form onSubmit={(e) => void submit(e)} noValidate>
        <input type="email" name="username" autoComplete="username" value={email ?? ''} readOnly hidden />
        <div className="form-field">
          <label htmlFor="profile-current-password">{t('account.current_password')}</label>
          <input id="profile-current-password" type="password" autoComplete="current-password" value={current} onChange={(e) => setCurrent(e.target.value)} aria-invalid={submitted && !current} />
          {submitted && !current && <div className="field-error">{t('common.required')}</div>}
        </div>
        <NewPassword password={password} repeat={repeat} onPassword={setPassword} onRepeat={setRepeat} error={error} />
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {t('account.change_password')}
        </button>
      </form>
    </section>
  );
}

function Sessions() {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>();
  const run = async () => {
    setBusy(true);
    setOutcome(undefined);
    try {
      const r = await api.rpc('end_other_sessions', {});
      setOutcome({ ok: true, id: 'account.sessions_ended', values: { count: r.data.revoked } });
    } catch (err) {
      setOutcome({ ok: false, said: describeError(err) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="account-section">
      <h2>{t('account.sessions')}</h2>
      <p>{t('account.sessions_hint')}</p>
      <OutcomeAlert outcome={outcome} />
      <button type="button" className="btn btn-secondary end-other-sessions" disabled={busy} onClick={() => void run()}>
        {t('account.end_other_sessions')}
      </button>
    </section>
  );
}

/** /profile: the signed-in user's own account — language, password, sessions, second factor. */
export function ProfilePage() {
  const t = useT();
  const user = useSession((s) => s.user);
  const lang = useSession((s) => s.lang);
  const languages = useSession((s) => s.languages);
  return (
    <div className="account-page">
      {user && (
        <dl className="user-facts">
          <dt>{t('auth.email')}</dt>
          <dd>{user.user_email}</dd>
        </dl>
      )}
      <section className="account-section">
        <h2>{t('account.language')}</h2>
        <p>{t('account.language_hint')}</p>
        <select
          className="select profile-language"
          aria-label={t('account.language')}
          value={lang}
          // The page under the new prefix (the route applies the language to the UI and the user); a load of its own keeps the router out of this chunk.
          onChange={(e) => isLang(e.target.value) && location.assign(withLang('/profile', e.target.value))}
        >
          {languages.map((l) => (
            <option key={l.language_code} value={l.language_code}>
              {l.language_name}
            </option>
          ))}
        </select>
      </section>
      <TotpSection />
      <ChangePassword />
      <Sessions />
    </div>
  );
}
