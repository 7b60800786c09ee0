import { useId } from 'react';
import { useT } from '../../i18n/useT.ts';
import { passwordProblem, PASSWORD_LIMITS } from '../../../core/password/policy.ts';

/** What is wrong with a new password and its repetition (the shared rule, core/password/policy.ts), as catalogue keys; undefined when both are right. */
export function newPasswordError(password: string, repeat: string, email?: string): { id: string; values?: Record<string, string | number> } | undefined {
  const problem = passwordProblem(password, email);
  if (problem) return { id: 'password.weak', values: { ...PASSWORD_LIMITS, reason: problem } };
  if (password !== repeat) return { id: 'password.mismatch' };
  return undefined;
}

/** The new password twice, with the rule and (after a submit) what is wrong said under the fields. */
export function NewPassword({
  password,
  repeat,
  onPassword,
  onRepeat,
  error,
}: {
  password: string;
  repeat: string;
  onPassword(v: string): void;
  onRepeat(v: string): void;
  error: { id: string; values?: Record<string, string | number> } | undefined;
}) {
  const t = useT();
  const id = useId();
  const said = error && (error.id === 'password.weak' ? t('password.weak', { reason: t(String(error.values!.reason), error.values) }) : t(error.id));
  return (
    <>
      <div className="form-field">
        <label htmlFor={`${id}-new`}>{t('password.new')}</label>
        <input
          id={`${id}-new`}
          name="new-password"
          type="password"
          autoComplete="new-password"
          maxLength={1024}
          value={password}
          onChange={(e) => onPassword(e.target.value)}
          aria-invalid={!!error}
          aria-describedby={`${id}-rule`}
        />
        <div id={`${id}-rule`} className="field-hint">
          {t('password.rule', PASSWORD_LIMITS)}
        </div>
      </div>
      <div className="form-field">
        <label htmlFor={`${id}-repeat`}>{t('password.repeat')}</label>
        <input
          id={`${id}-repeat`}
          name="repeat-password"
          type="password"
          autoComplete="new-password"
          maxLength={1024}
          value={repeat}
          onChange={(e) => onRepeat(e.target.value)}
          aria-invalid={!!error}
        />
        {said && (
          <div className="field-error" role="alert">
            {said}
          </div>
        )}
      </div>
    </>
  );
}
