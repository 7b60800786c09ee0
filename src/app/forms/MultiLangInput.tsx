import { FormattedMessage } from 'react-intl';
import type { Message } from '../../core/validation/messages.ts';
import { FORM_LANGS } from './formModel.ts';

export interface MultiLangInputProps {
  /** Id prefix: each language's input gets `${id}-${lang}`. */
  id: string;
  /** Locale key of the legend (fields.<field>). */
  labelId: string;
  /** Language code → text. Languages not offered are kept as they are. */
  value: Record<string, string>;
  onChange(next: Record<string, string>): void;
  onBlur?(): void;
  /** Errors of the field ('') and of each language ('de'), as message keys with values. */
  errors: Record<string, Message | undefined>;
  /** A text in at least one language (the shared rule): said once under the legend, no input is required by itself. */
  required?: boolean;
  disabled?: boolean;
}

export const langInputId = (id: string, lang: string) => `${id}-${lang}`;

/** The rule of a required multi-language field, under its legend. */
export function OneLanguageRule({ id }: { id: string }) {
  return (
    <div id={id} className="field-rule">
      <FormattedMessage id="forms.one_language_required" />
    </div>
  );
}

/**
 * One text input per UI language, the language code as its small label, inside a
 * fieldset named by the field's label. The form validates it on every change, so the
 * errors here are live. A required field needs a text in one language, any of them: the
 * legend says so ("Required in at least one language"); no single input is marked required.
 */
export function MultiLangInput({ id, labelId, value, onChange, onBlur, errors, required, disabled }: MultiLangInputProps) {
  const fieldError = errors[''];
  const fieldErrorId = `${id}-error`;
  const ruleId = `${id}-rule`;
  const describedBy = [required && ruleId, fieldError && fieldErrorId].filter(Boolean).join(' ') || undefined;
  return (
    <fieldset className="form-field multi-lang" id={id} aria-describedby={describedBy}>
      <legend>
        <FormattedMessage id={labelId} />
        {required && <span aria-hidden="true"> *</span>}
      </legend>
      {required && <OneLanguageRule id={ruleId} />}
      {FORM_LANGS.map((lang) => {
        const inputId = langInputId(id, lang);
        const error = errors[lang];
        const errorId = `${inputId}-error`;
        const describedBy = [error && errorId, fieldError && fieldErrorId].filter(Boolean).join(' ') || undefined;
        return (
          <div className="multi-lang-row" key={lang}>
            <label htmlFor={inputId} className="multi-lang-code">
              {lang}
            </label>
            <input
              id={inputId}
              type="text"
              lang={lang}
              value={value[lang] ?? ''}
              disabled={disabled}
              aria-invalid={error || fieldError ? true : undefined}
              aria-describedby={describedBy}
              onChange={(e) => onChange({ ...value, [lang]: e.target.value })}
              onBlur={onBlur}
            />
            {error && (
              <div id={errorId} className="field-error" aria-live="polite">
                <FormattedMessage id={error.id} values={error.values} />
              </div>
            )}
          </div>
        );
      })}
      {fieldError && (
        <div id={fieldErrorId} className="field-error" aria-live="polite">
          <FormattedMessage id={fieldError.id} values={fieldError.values} />
        </div>
      )}
    </fieldset>
  );
}
