import bwipjs from 'bwip-js/browser';
import { useEffect, useState, type FormEvent } from 'react';
import { barcodeShape, type RawSymbol } from '../../../core/print.ts';
import { ApiError, adoptToken, api } from '../../api/client.ts';
import { describeError, type Said } from '../../api/said.ts';
import { useT } from '../../i18n/useT.ts';
import { useSession } from '../../session/session.ts';
import { useSay } from './useSay.ts';

type Status = { enabled: boolean; pending: boolean; recovery_codes_left: number; enforced: boolean };

/** The otpauth:// URI as a QR code (bwip-js's modules as SVG rects, a 4-module quiet zone). */
function QrCode({ uri, label }: { uri: string; label: string }) {
  const shape = barcodeShape((bwipjs.raw('qrcode', uri, 'eclevel=M') as RawSymbol[])[0]!);
  if (shape.kind !== 'matrix') return null;
  const n = shape.modules;
  return (
    <svg className="totp-qr" viewBox={`-4 -4 ${n + 8} ${n + 8}`} width={200} height={200} shapeRendering="crispEdges" role="img" aria-label={label} data-uri={uri}>
      <rect x={-4} y={-4} width={n + 8} height={n + 8} fill="#fff" />
      {shape.runs.map(([r, c, len]) => (
        <rect key={`${r}.${c}`} x={c} y={r} width={len} height={1} />
      ))}
    </svg>
  );
}

/**
 * The second factor on the profile page: set up (QR code and key, confirmed by a first
 * code; the recovery codes shown once), its state, and turning it off with a current code
 * or a recovery code — not the password alone (nor while the setting enforces it for the user).
 */
export function TotpSection() {
  const t = useT();
  const sayIt = useSay();
  const required = useSession((s) => s.user?.totp_enrol_required === true);
  const [status, setStatus] = useState<Status>();
  const [enrolment, setEnrolment] = useState<{ secret: string; uri: string }>();
  const [recovery, setRecovery] = useState<string[]>();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<Said>();
  // The code's own refusal, said at its input (turning off: none given, or wrong, used or expired).
  const [codeError, setCodeError] = useState<Said>();

  const load = async () => setStatus((await api.rpc('totp_status', {})).data);
  useEffect(() => {
    api.rpc('totp_status', {}).then(
      (r) => setStatus(r.data),
      (e: unknown) => setFailure(describeError(e)),
    );
  }, []);

  const act = async (fn: () => Promise<void>) => {
    setBusy(true);
    setFailure(undefined);
    try {
      await fn();
    } catch (e) {
      setFailure(describeError(e));
    } finally {
      setBusy(false);
    }
  };
  const start = () =>
    act(async () => {
      setEnrolment((await api.rpc('totp_enrol', {})).data);
      setCode('');
    });
  const confirmCode = (e: FormEvent) => {
    e.preventDefault();
    void act(async () => {
      const r = await api.rpc('totp_confirm', { code: code.trim() });
      setRecovery(r.data.recovery_codes);
      setEnrolment(undefined);
      setCode('');
      // This session is no longer held to enrolment: its new token, and the user as it is now.
      await adoptToken(r.data.token);
      await load();
    });
  };
  const disable = (e: FormEvent) => {
    e.preventDefault();
    setCodeError(undefined);
    if (!code.trim()) return setCodeError({ id: 'validation.required' });
    void act(async () => {
      try {
        await api.rpc('totp_disable', { code: code.trim() });
      } catch (err) {
        if (err instanceof ApiError && err.code === 'invalid_totp') {
          setCodeError(describeError(err));
          return;
        }
        throw err;
      }
      setCode('');
      setRecovery(undefined);
      await load();
    });
  };

  return (
    <section className="account-section totp-section">
      <h2>{t('totp.title')}</h2>
      {required && (
        <div className="alert alert-danger" role="alert">
          {t('totp.enrol_required')}
        </div>
      )}
      {failure && (
        <div className="alert alert-danger" role="alert">
          {sayIt(failure)}
        </div>
      )}
      {recovery && (
        <div className="totp-recovery-box">
          <h3>{t('totp.recovery_title')}</h3>
          <p>{t('totp.recovery_hint')}</p>
          <ol className="totp-recovery">
            {recovery.map((c) => (
              <li key={c}>{c}</li>
            ))}
          </ol>
        </div>
      )}
      {status && !status.enabled && !enrolment && (
        <>
          <p>{t('totp.intro')}</p>
          <button type="button" className="btn btn-primary totp-start" disabled={busy} onClick={() => void start()}>
            {t('totp.enable')}
          </button>
        </>
      )}
      {enrolment && (
        <form onSubmit={confirmCode} noValidate>
          <p>{t('totp.scan')}</p>
          <QrCode uri={enrolment.uri} label={t('totp.qr')} />
          <div className="form-field">
            <span>{t('totp.secret')}</span>
            <code className="totp-secret">{enrolment.secret}</code>
          </div>
          <div className="form-field">
            <label htmlFor="totp-confirm-code">{t('totp.code')}</label>
            <input id="totp-confirm-code" inputMode="numeric" autoComplete="one-time-code" maxLength={6} value={code} onChange={(e) => setCode(e.target.value)} />
          </div>
          <button type="submit" className="btn btn-primary" disabled={busy || !/^\d{6}$/.test(code.trim())}>
            {t('totp.confirm')}
          </button>
        </form>
      )}
      {status?.enabled && (
        <>
          <p className="totp-on">{t('totp.on')}</p>
          <p>{t('totp.recovery_left', { count: status.recovery_codes_left })}</p>
          {status.enforced ? (
            <p>{t('totp.enforced')}</p>
          ) : (
            <form onSubmit={disable} noValidate>
              <p id="totp-disable-hint">{t('totp.disable_hint')}</p>
              <div className="form-field">
                <label htmlFor="totp-disable-code">{t('totp.code')}</label>
                <input
                  id="totp-disable-code"
                  autoComplete="one-time-code"
                  maxLength={40}
                  value={code}
                  onChange={(e) => {
                    setCode(e.target.value);
                    setCodeError(undefined);
                  }}
                  aria-invalid={!!codeError}
                  aria-describedby={codeError ? 'totp-disable-hint totp-disable-code-error' : 'totp-disable-hint'}
                />
                {codeError && (
                  <div id="totp-disable-code-error" className="field-error" aria-live="polite">
                    {sayIt(codeError)}
                  </div>
                )}
              </div>
              <button type="submit" className="btn btn-danger" disabled={busy}>
                {t('totp.disable')}
              </button>
            </form>
          )}
        </>
      )}
    </section>
  );
}
