/**
 * Add and edit forms generated from a descriptor, in a dialog. Validation is the shared
 * column schemas of src/core/validation (the server runs the same): multi-language fields
 * on every change (live), the others on blur and on submit. Money is typed as in the grid:
 * in the view currency (named beside the input), stored converted back (formModel `MoneyOf`).
 */
import * as Dialog from '@radix-ui/react-dialog';
import { useEffect, useId, useImperativeHandle, useMemo, useRef, useState, type FormEvent, type KeyboardEvent, type MouseEvent, type ReactNode, type Ref } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ScreenDescriptor } from '../../../schemas/screen.ts';
import { conflictMessageId } from '../../core/httpErrors.ts';
import { keysOf, type ValueType } from '../../core/validation/columns.ts';
import type { Message } from '../../core/validation/messages.ts';
import { ApiError } from '../api/client.ts';
import { describeError, refusedFields, say } from '../api/said.ts';
import { useReturnFocus } from '../chrome/returnFocus.ts';
import { toast } from '../chrome/toasts.tsx';
import { translateText } from '../grid/dataProvider/calls.ts';
import { gridData } from '../grid/dataProvider/provider.ts';
import { lookupScreen } from '../grid/lookupScreens.ts';
import { useCellSession } from '../grid/cellSession.ts';
import { isMoneyMeta, moneyRefusal, typingIn, type MoneyTyping } from '../grid/moneyTyping.ts';
import { LOCALE } from '../../core/langs.ts';
import { optionLabelIdOf } from '../../core/optionNames.ts';
import { languageOptions } from '../grid/editors/languageOptions.ts';
import { isSearchLookup } from '../grid/lookupSearch.ts';
import { planTranslation, runTranslation } from '../grid/translate.ts';
import { translateFailed } from '../grid/translateFailure.ts';
import { useT } from '../i18n/useT.ts';
import { useMayTranslate } from '../session/mayTranslate.ts';
import { useSession } from '../session/session.ts';
import {
  FORM_LANGS,
  choices,
  collect,
  editPayload,
  formFields,
  formGroups,
  formTitle,
  groupOfError,
  hasGroups,
  initialValues,
  sessionStarts,
  shownFields,
  validate,
  validateField,
  withFieldErrors,
  type Errors,
  type FormField,
  type MoneyOf,
  type RawValue,
  type RawValues,
  type ScreenFormMode,
} from './formModel.ts';
import { BoolFormInput } from '../fields/bool/Input.tsx';
import { DateTimeFormInput } from '../fields/datetime/Input.tsx';
import type { FormControl, FormControlProps } from '../fields/formControl.ts';
import { NumberFormInput } from '../fields/int/Input.tsx';
import { JsonFormInput } from '../fields/json/Input.tsx';
import { MoneyFormInput } from '../fields/money/Input.tsx';
import { TextFormInput } from '../fields/text/Input.tsx';
import { askDiscard, useLeaveGuard } from './leaveGuard.ts';
import { LanguageInput } from './LanguageInput.tsx';
import { DateInput } from './DateInput.tsx';
import { LookupSearchInput } from './LookupSearchInput.tsx';
import { MultiLangInput, langInputId } from './MultiLangInput.tsx';
import { RichTextInput } from './RichTextInput.tsx';
import { TagInput } from './TagInput.tsx';
import { serverFieldError } from './serverFieldError.ts';
import './forms.css';

type Row = Record<string, unknown>;

/** The inputs of the kinds that are a column type's own (src/app/fields/<type>/Input.tsx); a text box for the rest. */
const TYPE_INPUTS: Partial<Record<FormField['input'], FormControl>> = {
  text: TextFormInput,
  number: NumberFormInput,
  datetime: DateTimeFormInput,
  json: JsonFormInput,
};

export interface ScreenFormDialogProps {
  /** The parsed descriptor (parseScreen). */
  screen: ScreenDescriptor;
  /** add: editable columns + key unless generated; edit: editable columns of `row`. */
  mode: ScreenFormMode;
  /** edit: the row as listed (key fields, row version, values). */
  row?: Row;
  open: boolean;
  onOpenChange(open: boolean): void;
  /** After a successful save, with the row as the server answered it; the dialog then closes. */
  onSaved?(row: Row): void;
  /** The user may not change the row (no set right): the record is shown, nothing is saved. */
  readOnly?: boolean;
}

export function ScreenFormDialog({ screen, mode, row, open, onOpenChange, onSaved, readOnly }: ScreenFormDialogProps) {
  const t = useT();
  const intl = useIntl();
  const lang = useSession((s) => s.lang);
  // The form's handle: whether it holds input that would be lost.
  const form = useRef<FormHandle>(null);
  const returnFocus = useReturnFocus();
  const dirty = () => form.current?.dirty() ?? false;
  /** Esc or Cancel: with unsaved input, only after the user agrees to drop it. */
  const leave = async () => {
    if (dirty() && !(await askDiscard())) return;
    onOpenChange(false);
  };
  // Back, a link or closing the tab ask the same question (leaveGuard.ts).
  useLeaveGuard(dirty, () => onOpenChange(false));
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content
          className={hasGroups(screen) || Object.values(screen.columns).some((c) => c.html) ? 'dialog dialog-xl' : 'dialog'}
          aria-describedby={undefined}
          // A click beside the dialog must not throw away what was typed; Esc and Cancel close it.
          onInteractOutside={(e) => e.preventDefault()}
          onCloseAutoFocus={returnFocus}
          onEscapeKeyDown={(e) => {
            e.preventDefault();
            void leave();
          }}
        >
          <Dialog.Title className="dialog-title">{formTitle(screen, mode, row, lang, t, (id) => Object.hasOwn(intl.messages, id))}</Dialog.Title>
          <ScreenForm
            screen={screen}
            mode={mode}
            row={row}
            readOnly={readOnly}
            ref={form}
            onCancel={() => void leave()}
            onSaved={(saved) => {
              onSaved?.(saved);
              onOpenChange(false);
            }}
          />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** Value types of the columns; a ref takes its lookup key's type (text when the lookup is unknown). */
function valueTypesOf(screen: ScreenDescriptor): Record<string, ValueType> {
  const out: Record<string, ValueType> = {};
  for (const [field, col] of Object.entries(screen.columns)) {
    if (col.type !== 'ref') {
      out[field] = col.type;
      continue;
    }
    const lk = col.lookup ? lookupScreen(col.lookup) : undefined;
    const keyType = lk ? lk.columns[keysOf(lk)[0]!]?.type : undefined;
    out[field] = !keyType || keyType === 'ref' || keyType === 'multi' ? 'text' : keyType;
  }
  return out;
}

type Lookup = { status: 'loading' } | { status: 'loaded'; rows: Row[] } | { status: 'error' };

/** Loads the lookup rows of the form's ref and service fields (once per mount and company). */
function useLookups(fields: FormField[]): Record<string, Lookup> {
  const company = useSession((s) => s.company);
  // Search lookups are never loaded whole: their inputs search (LookupSearchInput).
  const forms = useMemo(() => [...new Set(fields.flatMap((f) => (f.lookup && !isSearchLookup(f.lookup) ? [f.lookup] : [])))], [fields]);
  // The answers, with the forms and company they were asked for: a form not answered for these is loading.
  const [answers, setAnswers] = useState<{ forms: string[]; company: typeof company; got: Record<string, Lookup> }>({ forms, company, got: {} });
  useEffect(() => {
    let live = true;
    const answer = (form: string, lookup: Lookup) => {
      if (live) setAnswers((s) => ({ forms, company, got: { ...(s.forms === forms && s.company === company ? s.got : {}), [form]: lookup } }));
    };
    for (const form of forms) {
      gridData()
        .list(form, {})
        .then(({ rows }) => answer(form, { status: 'loaded', rows }))
        .catch((e: unknown) => {
          console.warn(`form: lookup ${form} failed`, e); // the select keeps the current value
          answer(form, { status: 'error' });
        });
    }
    return () => {
      live = false;
    };
  }, [forms, company]);
  return useMemo(() => {
    const got = answers.forms === forms && answers.company === company ? answers.got : {};
    return Object.fromEntries(forms.map((f) => [f, got[f] ?? LOADING]));
  }, [answers, forms, company]);
}

const LOADING: Lookup = { status: 'loading' };

interface ScreenFormProps {
  screen: ScreenDescriptor;
  mode: ScreenFormMode;
  row: Row | undefined;
  readOnly?: boolean | undefined;
  onCancel(): void;
  onSaved(row: Row): void;
  ref: Ref<FormHandle>;
}

/** What the dialog asks its form. */
interface FormHandle {
  /** The values differ from those the form started with (input that would be lost). */
  dirty(): boolean;
}

/**
 * How the money inputs of a form are typed over `row` (grid/moneyCurrency.ts, as the
 * grid's cells): in the view currency, stored in the row's own currency (its
 * `currencyField`, as typed in the form too) or the company's.
 */
function useMoneyOf(row: Row | undefined, values?: RawValues): MoneyOf {
  const session = useCellSession();
  return (f) => {
    if (f.input !== 'number' || f.type === 'int' || !isMoneyMeta(f.col)) return undefined;
    const cf = f.col.currencyField;
    const typed = cf && values && Object.hasOwn(values, cf) ? { [cf]: values[cf] } : {};
    return typingIn(cf, { ...row, ...typed }, session);
  };
}

function ScreenForm({ screen, mode, row, readOnly, onCancel, onSaved, ref }: ScreenFormProps) {
  const intl = useIntl();
  // What the form writes, and what it shows: a record form (a screen with groups) shows the row's other columns read-only too.
  const fields = useMemo(() => (readOnly ? [] : formFields(screen, mode)), [screen, mode, readOnly]);
  const shown = useMemo(() => shownFields(screen, mode).map((f): FormField => (readOnly ? { ...f, readOnly: true } : f)), [screen, mode, readOnly]);
  // The tabs of a screen whose columns name groups; an error in a hidden tab marks it, a refused submit opens the first such tab.
  const groups = useMemo(() => formGroups(shown), [shown]);
  const [tab, setTab] = useState(0);
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const types = useMemo(() => valueTypesOf(screen), [screen]);
  const startMoney = useMoneyOf(row);
  const cellSession = useCellSession();
  // Numbers are read and shown as the UI language writes them (core numberInput.ts).
  const uiLang = useSession((s) => s.lang);
  const [initial] = useState<RawValues>(() => initialValues(shown, mode === 'add' ? { ...sessionStarts(fields, cellSession), ...row } : row, mode, startMoney, uiLang));
  const [values, setValues] = useState<RawValues>(initial);
  const moneyOf = useMoneyOf(row, values);
  useImperativeHandle(ref, () => ({ dirty: () => values !== initial && JSON.stringify(values) !== JSON.stringify(initial) }), [values, initial]);
  const [errors, setErrors] = useState<Errors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  // A rule of the record the server refused the save by (core/recordRules.ts): said at its first field of the form, its other fields marked.
  const [ruleError, setRuleError] = useState<{ fields: string[]; message: Message } | null>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const focusAlert = useRef(false);
  const [saving, setSaving] = useState(false);
  const lookups = useLookups(shown);
  const uid = useId();
  const idOf = (field: string) => `${uid}-${field}`;
  const focusAfterErrors = useRef<Errors | null>(null);

  // A refusal without a field of the form: its alert is brought into view (the form may be scrolled).
  useEffect(() => {
    if (!focusAlert.current || !alertRef.current) return;
    focusAlert.current = false;
    alertRef.current.focus();
  });

  // After a refused submit, the first invalid input gets the focus.
  useEffect(() => {
    const errs = focusAfterErrors.current;
    if (!errs) return;
    focusAfterErrors.current = null;
    for (const f of shown) {
      const path = Object.keys(errs).find((p) => p === f.field || p.startsWith(`${f.field}.`));
      if (path === undefined) continue;
      const lang = path.slice(f.field.length + 1) || 'en';
      document.getElementById(f.input === 'multi' ? langInputId(idOf(f.field), lang) : idOf(f.field))?.focus();
      return;
    }
  });

  const check = (f: FormField, raw: RawValue) => setErrors((e) => withFieldErrors(e, f.field, validateField(screen, mode, types, f, raw, row?.[f.field], moneyOf(f), uiLang, row)));

  const change = (f: FormField, raw: RawValue) => {
    setValues((s) => ({ ...s, [f.field]: raw }));
    // A changed field of the refused rule: its message goes, the rule is checked again on save.
    if (ruleError?.fields.includes(f.field)) setRuleError(null);
    // Multi-language input: live. Others: on blur, and again on change once they show an error.
    const shown = Object.keys(errors).some((p) => p === f.field || p.startsWith(`${f.field}.`));
    if (f.input === 'multi' || shown) check(f, raw);
  };

  // Translate: the translatable multi-language texts, their empty languages filled by the company's engine in one action.
  const mayTranslate = useMayTranslate();
  const translatable = mayTranslate ? fields.filter((f) => f.input === 'multi' && f.col.translate) : [];
  const [translating, setTranslating] = useState(false);
  async function translate(e: MouseEvent<HTMLButtonElement>) {
    // Ctrl/Meta overwrites the other languages (product_name with Shift too), as in the grid.
    const overwrite = e.ctrlKey || e.metaKey;
    const data: Record<string, unknown> = Object.fromEntries(translatable.map((f) => [f.field, values[f.field] ?? {}]));
    const tasks = planTranslation(
      [{ index: 0, id: 'form', data }],
      translatable.map((f) => f.field),
      { lang: uiLang, langs: FORM_LANGS, overwrite, overwriteName: overwrite && e.shiftKey },
    );
    if (!tasks.length) {
      toast({ variant: 'info', id: 'messages.nothing_to_translate' });
      return;
    }
    setTranslating(true);
    try {
      const results = await runTranslation(tasks, new Map([['form', data]]), translateText);
      // The inputs are disabled meanwhile: each value is the one translated from, with the new languages.
      for (const r of results)
        change(
          translatable.find((x) => x.field === r.field)!,
          r.value as RawValue,
        );
    } catch (err) {
      translateFailed(err);
    } finally {
      setTranslating(false);
    }
  }

  /** Errors to show after a refused submit: the first one's tab opens, its field takes the focus (the effect above). */
  const refuse = (errs: Errors) => {
    focusAfterErrors.current = errs;
    const first = groups && shown.flatMap((f) => Object.keys(errs).filter((p) => p === f.field || p.startsWith(`${f.field}.`)))[0];
    const at = groups && first !== undefined && first !== null ? groupOfError(groups, first) : undefined;
    if (at !== undefined) setTab(at);
  };
  const tabInvalid = (i: number) => !!groups && [...Object.keys(errors), ...(ruleError?.fields ?? [])].some((p) => groupOfError(groups, p) === i);
  // Tabs by keyboard (WAI-ARIA tabs): arrows move and open, Home and End the first and last.
  const tabKey = (e: KeyboardEvent<HTMLButtonElement>, i: number) => {
    const n = groups?.length ?? 0;
    const to = e.key === 'ArrowRight' ? (i + 1) % n : e.key === 'ArrowLeft' ? (i - 1 + n) % n : e.key === 'Home' ? 0 : e.key === 'End' ? n - 1 : undefined;
    if (to === undefined) return;
    e.preventDefault();
    setTab(to);
    tabRefs.current[to]?.focus();
  };

  // The form's submit event awaits nothing: every failure of the save is said here (toast, field, alert).
  async function submit(e: FormEvent) {
    e.preventDefault();
    if (saving) return;
    setServerError(null);
    setRuleError(null);
    const r = validate(screen, mode, types, collect(fields, mode, initial, values, row, moneyOf, uiLang), row);
    if (!r.ok) {
      refuse(r.errors);
      setErrors(r.errors);
      return;
    }
    setErrors({});
    if (mode === 'edit' && !Object.keys(r.values).length) return onCancel(); // nothing changed
    const payload = mode === 'add' ? r.values : editPayload(screen, row ?? {}, r.values);
    setSaving(true);
    try {
      const data = await (mode === 'add' ? gridData().add(screen.form, payload) : gridData().set(screen.form, payload));
      toast({ variant: 'success', id: 'messages.data_saved' });
      onSaved(data.row);
    } catch (err) {
      // The inputs keep what the user typed in every case.
      // A 409 by its code: a duplicate (already_exists), a row changed meanwhile (stale_row), …
      const conflict = err instanceof ApiError && err.status === 409 ? conflictMessageId(err.code) : undefined;
      const atField = serverFieldError(err, fields);
      // A rule of the record (ETA before ETD): said at its field, which takes the focus; said once, with no "not saved" before it.
      const ruleFields = refusedFields(err).filter((x) => fields.some((f) => f.field === x));
      if (atField) {
        refuse(atField);
        setErrors(atField);
      } else if (conflict) toast({ variant: 'warning', id: conflict });
      else if (err instanceof ApiError && err.status === 400 && ruleFields.length) {
        const said = describeError(err);
        const message: Message = { id: Object.hasOwn(intl.messages, said.id) ? said.id : 'server.rule_violated', values: said.values as Message['values'] };
        setRuleError({ fields: ruleFields, message });
        refuse({ [ruleFields[0]!]: message });
      } else if (err instanceof ApiError && (err.status === 400 || err.status === 409)) {
        setServerError(say(intl, describeError(err)));
        focusAlert.current = true;
      } else if (err instanceof ApiError && (err.status === 403 || err.status === 404)) toast({ variant: 'danger', id: err.messageId });
      else toast({ variant: 'danger', id: 'messages.error_saving_data', values: { status: describeError(err) } });
    } finally {
      setSaving(false);
    }
  }

  const input = (f: FormField) => (
    <FieldInput
      key={f.field}
      f={f}
      id={idOf(f.field)}
      value={values[f.field] ?? null}
      initial={initial[f.field] ?? null}
      money={moneyOf(f)}
      errors={ruleError?.fields[0] === f.field ? { ...errors, [f.field]: errors[f.field] ?? ruleError.message } : errors}
      marked={ruleError && ruleError.fields[0] !== f.field && ruleError.fields.includes(f.field) ? `${idOf(ruleError.fields[0]!)}-error` : undefined}
      lookup={f.lookup ? lookups[f.lookup] : undefined}
      disabled={saving || translating || !!f.readOnly}
      onChange={(raw) => change(f, raw)}
      onBlur={() => !f.readOnly && check(f, values[f.field] ?? null)}
    />
  );

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="screen-form">
      {serverError && (
        <div ref={alertRef} className="alert alert-danger" role="alert" tabIndex={-1}>
          <FormattedMessage id="forms.server_refused" values={{ message: serverError }} />
        </div>
      )}
      {groups ? (
        <>
          <div role="tablist" className="form-tabs" aria-label={intl.formatMessage({ id: 'forms.groups' })}>
            {groups.map((g, i) => (
              <button
                key={g.group}
                ref={(el) => {
                  tabRefs.current[i] = el;
                }}
                type="button"
                role="tab"
                id={`${uid}-tab-${i}`}
                aria-controls={`${uid}-panel-${i}`}
                aria-selected={i === tab}
                tabIndex={i === tab ? 0 : -1}
                data-group={g.group}
                className={`form-tab${i === tab ? ' active' : ''}${tabInvalid(i) ? ' invalid' : ''}`}
                onClick={() => setTab(i)}
                onKeyDown={(e) => tabKey(e, i)}
              >
                <FormattedMessage id={`groups.${g.group}`} />
                {tabInvalid(i) && (
                  <>
                    <span className="form-tab-mark" aria-hidden="true">
                      {' '}
                      !
                    </span>
                    <span className="visually-hidden">
                      {' '}
                      <FormattedMessage id="forms.tab_has_errors" />
                    </span>
                  </>
                )}
              </button>
            ))}
          </div>
          {groups.map((g, i) => (
            // Every tab's inputs stay mounted (what was typed stays); only the open one shows.
            <div key={g.group} role="tabpanel" id={`${uid}-panel-${i}`} aria-labelledby={`${uid}-tab-${i}`} hidden={i !== tab} className="form-tab-panel">
              {g.fields.map(input)}
            </div>
          ))}
        </>
      ) : (
        shown.map(input)
      )}
      <div className="dialog-buttons">
        {translatable.length > 0 && (
          <button
            type="button"
            className="btn btn-secondary form-translate"
            title={intl.formatMessage({ id: 'forms.translate_hint' })}
            disabled={saving || translating}
            aria-busy={translating || undefined}
            onClick={(e) => void translate(e)}
          >
            <FormattedMessage id="grid.translate" />
          </button>
        )}
        <button type="button" className="btn btn-secondary" onClick={onCancel}>
          <FormattedMessage id="common.cancel" />
        </button>
        {!readOnly && (
          <button type="submit" className="btn btn-primary" disabled={saving || translating} aria-busy={saving || undefined}>
            <FormattedMessage id="common.save" />
          </button>
        )}
      </div>
    </form>
  );
}

interface FieldInputProps {
  f: FormField;
  id: string;
  value: RawValue;
  /** What the input started with (a money note is said once the amount is changed). */
  initial: RawValue;
  /** A money input: the currency it is typed in (named beside it) and the one stored. */
  money: MoneyTyping | undefined;
  errors: Errors;
  /** Another field's refused rule concerns this one too: marked invalid, described by that message (its element id). */
  marked?: string | undefined;
  lookup: Lookup | undefined;
  disabled: boolean;
  onChange(raw: RawValue): void;
  onBlur(): void;
}

function ErrorText({ id, error, money }: { id: string; error: Message | undefined; money?: MoneyTyping }) {
  const lang = useSession((s) => s.lang);
  if (!error) return null;
  // A money limit is said in the currency typed in, as the grid says it (moneyRefusal).
  if (money) error = moneyRefusal(error, money, LOCALE[lang]);
  return (
    <div id={id} className="field-error" aria-live="polite">
      <FormattedMessage id={error.id} values={error.values} />
    </div>
  );
}

/** Why a field of a record cannot be changed: its value is the system's (computed, counted, or the user's right). */
function ReadOnlyNote({ id }: { id: string }) {
  return (
    <div id={id} className="field-rule">
      <FormattedMessage id="forms.read_only_field" />
    </div>
  );
}

function Label({ f, htmlFor }: { f: FormField; htmlFor: string }) {
  return (
    <label htmlFor={htmlFor}>
      <FormattedMessage id={f.labelId} />
      {f.required && <span aria-hidden="true"> *</span>}
    </label>
  );
}

function FieldInput({ f, id, value, initial, money, errors, marked, lookup, disabled, onChange, onBlur }: FieldInputProps) {
  const t = useT();
  const lang = useSession((s) => s.lang);
  const languages = useSession((s) => s.languages);
  const flags = useSession((s) => s.flags);
  const error = errors[f.field];
  const errorId = `${id}-error`;
  const invalidBy = error ? errorId : marked;
  // A read-only field of a record says why it cannot be changed.
  const noteId = `${id}-readonly`;
  const fixed = f.readOnly && !f.col.editable;
  const describedBy = invalidBy ?? (fixed ? noteId : undefined);
  const note = fixed ? <ReadOnlyNote id={noteId} /> : null;
  const a11y = {
    id,
    disabled,
    onBlur,
    'aria-required': f.required || undefined,
    'aria-invalid': invalidBy ? true : undefined,
    'aria-describedby': describedBy,
  } as const;

  if (f.input === 'multi') {
    const langErrors: Record<string, Message | undefined> = { '': error };
    for (const [p, m] of Object.entries(errors)) if (p.startsWith(`${f.field}.`)) langErrors[p.slice(f.field.length + 1)] = m;
    const Input = f.col.html ? RichTextInput : MultiLangInput;
    return (
      <>
        <Input id={id} labelId={f.labelId} value={(value ?? {}) as Record<string, string>} onChange={onChange} onBlur={onBlur} errors={langErrors} required={f.required} disabled={disabled} />
        {note}
      </>
    );
  }

  if (f.input === 'checkbox') {
    return (
      <div className="form-field form-check">
        <div>
          <BoolFormInput f={f} a11y={a11y} value={value} onChange={onChange} /> <Label f={f} htmlFor={id} />
        </div>
        {note}
        <ErrorText id={errorId} error={error} />
      </div>
    );
  }

  const common = { id, onBlur, disabled, required: f.required, invalid: !!invalidBy, describedBy };
  let special;
  switch (f.input) {
    case 'tag':
      special = <TagInput {...common} value={typeof value === 'string' ? value : ''} onChange={onChange} maxLength={f.col.maxLength} />;
      break;
    case 'language':
      special = <LanguageInput {...common} value={typeof value === 'string' ? value : null} options={languageOptions(f.col.options, lang, languages, value, flags)} onChange={onChange} />;
      break;
    case 'date':
      special = <DateInput {...common} value={typeof value === 'string' ? value : ''} lang={lang} onChange={onChange} />;
      break;
  }
  if (special) {
    return (
      <div className="form-field">
        <Label f={f} htmlFor={id} />
        {special}
        {note}
        <ErrorText id={errorId} error={error} />
      </div>
    );
  }

  if (f.input === 'ref' && isSearchLookup(f.lookup)) {
    return (
      <div className="form-field">
        <Label f={f} htmlFor={id} />
        <LookupSearchInput
          id={id}
          form={f.lookup!}
          value={typeof value === 'string' || typeof value === 'number' ? value : null}
          onChange={onChange}
          onBlur={onBlur}
          disabled={disabled}
          required={f.required}
          invalid={!!invalidBy}
          describedBy={describedBy}
        />
        {note}
        <ErrorText id={errorId} error={error} />
      </div>
    );
  }

  if (money) {
    const text = String(value ?? '');
    return <MoneyField f={f} a11y={a11y} error={error} errorId={errorId} value={text} initial={String(initial ?? '')} money={money} note={note} onChange={onChange} />;
  }

  let control;
  switch (f.input) {
    case 'select':
    case 'ref':
    case 'service': {
      // Options named as the grid names them (keep_in_stock 2 → 'On order').
      const named = optionLabelIdOf(f.col);
      const options = choices(f, value, lookup?.status === 'loaded' ? lookup.rows : undefined, lang, f.lookup ? lookupScreen(f.lookup) : undefined, named && ((o) => t(named(o))));
      const index = options.findIndex((o) => o.value === value);
      control = (
        <select
          {...a11y}
          value={index < 0 ? '' : String(index)}
          aria-busy={lookup?.status === 'loading' || undefined}
          onChange={(e) => onChange(e.target.value === '' ? null : (options[Number(e.target.value)]?.value ?? null))}
        >
          <option value="">{lookup?.status === 'loading' ? t('forms.loading') : t('common.none')}</option>
          {options.map((o, i) => (
            <option key={i} value={String(i)}>
              {o.label}
            </option>
          ))}
        </select>
      );
      break;
    }
    default: {
      // The column type's own input (src/app/fields/<type>/Input.tsx).
      const Control = TYPE_INPUTS[f.input] ?? TextFormInput;
      control = <Control f={f} a11y={a11y} value={value} onChange={onChange} />;
    }
  }
  return (
    <div className="form-field">
      <Label f={f} htmlFor={id} />
      {control}
      {note}
      <ErrorText id={errorId} error={error} />
    </div>
  );
}

interface MoneyFieldProps {
  f: FormField;
  /** The input's id, state and accessibility attributes (FieldInput's). */
  a11y: FormControlProps['a11y'];
  errorId: string;
  error: Message | undefined;
  value: string;
  initial: string;
  money: MoneyTyping;
  note: ReactNode;
  onChange(raw: string): void;
}

/** A money field: its label, the money type's input (fields/money/Input.tsx) and its refusal said in the currency typed in. */
function MoneyField({ f, a11y, errorId, error, value, initial, money, note, onChange }: MoneyFieldProps) {
  return (
    <div className="form-field">
      <Label f={f} htmlFor={a11y.id} />
      <MoneyFormInput f={f} a11y={a11y} value={value} initial={initial} money={money} errorId={error ? errorId : undefined} onChange={(raw) => onChange(String(raw ?? ''))} />
      {note}
      <ErrorText id={errorId} error={error} money={money} />
    </div>
  );
}
