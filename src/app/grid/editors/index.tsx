/**
 * Inline cell editors, keyed by the descriptor's `editor` (or the column type). One is
 * mounted at a time, in the edited cell. Enter commits and moves down, Tab commits and
 * moves across, arrows as editKeys.ts says, Esc cancels, leaving the editor commits (an
 * invalid value is then dropped). Editors stop the
 * keys they handle from reaching the grid's delegated handler.
 *
 * Editors that need room (date and date-time calendars, JSON) open a Radix popover
 * anchored to the cell; focus moving between the cell part and the popover is not
 * "leaving". Switching to another window is not leaving either (a native colour dialog
 * takes the window's focus).
 */
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { formatTags, normalizeHex, parseTags } from '../../../core/format.ts';
import { LOCALE } from '../../../core/langs.ts';
import { editableNumber, numberText, numberTyping, readNumber } from '../../../core/numberInput.ts';
import { parseMessage } from '../../../core/validation/messages.ts';
import { columnChoices, lookupChoices, type LookupLabel } from '../choices.ts';
import { moneyTyping, shownNumber, storedNote, typedMoney } from '../moneyTyping.ts';
import { editorLookups, type EditorKey } from '../../../core/registryKeys.ts';
import { displayText } from '../renderers/index.tsx';
import type { CellEditor, EditMove, EditorProps } from '../types.ts';
import { EditorError } from './EditorError.tsx';
import { textArrows, type ArrowRule } from './editKeys.ts';
import { editorKeyDown, useAutoFocus, useEdit, useLeave, type Parsed } from './kit.ts';
import { lazyEditor } from './lazyEditor.tsx';
import { languageOptions } from './languageOptions.ts';
import { tagsValue } from './tags.ts';
import './editors.css';

interface InputEditorProps {
  p: EditorProps;
  initial: string;
  parse: (text: string) => Parsed;
  inputMode?: 'text' | 'decimal' | 'numeric';
  placeholder?: string;
  invalidId?: string;
  /** A unit shown inside the editor after the text (a money amount's currency code). */
  unit?: string;
  /** Says what the text is in (the tooltip, and part of the accessible name). */
  hint?: string;
  /** The text as typed or pasted → what the box shows (number boxes keep only what the number reads). */
  clean?: (text: string) => string;
  /** A note under the cell for the current text (what a typed amount will be stored as). */
  note?: (text: string) => string | undefined;
}

/**
 * No maxLength attribute: the browser would cut a longer paste silently and the cut text
 * be saved; the column's schema refuses it instead, with its "At most N characters".
 */
function InputEditor({ p, initial, parse, inputMode, placeholder, invalidId, unit, hint, clean, note }: InputEditorProps) {
  // The key that started the edit is cleaned like any typed text.
  const ed = useEdit(clean && p.initialInput !== undefined ? { ...p, initialInput: clean(p.initialInput) } : p, initial, parse);
  const [, attach] = useAutoFocus<HTMLInputElement>();
  const errorId = useId();
  const label = p.ctx.t(p.col.labelId);
  const problem = ed.invalid ? (ed.message ?? (invalidId ? p.ctx.t(invalidId) : undefined)) : undefined;
  const noted = problem ? undefined : note?.(ed.text);
  const noteId = `${errorId}-note`;
  const input = (
    <input
      ref={attach}
      className={unit ? 'cell-editor-text' : 'cell-editor'}
      type="text"
      inputMode={inputMode}
      value={ed.text}
      placeholder={placeholder}
      aria-label={unit ? `${label} (${unit})` : label}
      aria-description={hint}
      aria-invalid={ed.invalid || undefined}
      aria-describedby={problem ? errorId : noted ? noteId : undefined}
      title={hint}
      onChange={(e) => ed.change(clean ? clean(e.target.value) : e.target.value)}
      onKeyDown={(e) =>
        editorKeyDown(
          e,
          (move) => ed.finish(move),
          () => ed.cancel(),
          textArrows(p.initialInput),
        )
      }
      onBlur={ed.leave}
    />
  );
  // The input keeps its place in the tree (a remount would lose the focus and the caret).
  const parts = (
    <>
      {input}
      {unit && (
        <span className="cell-editor-unit" aria-hidden="true">
          {unit}
        </span>
      )}
      {problem && <EditorError id={errorId} message={problem} />}
      {noted && <EditorError id={noteId} message={noted} note />}
    </>
  );
  return unit ? (
    <span className="cell-editor cell-editor-with-unit" title={hint}>
      {parts}
    </span>
  ) : (
    parts
  );
}

const str = (v: unknown) => (v === null || v === undefined ? '' : String(v));

const TextEditor: CellEditor = (p) => <InputEditor p={p} initial={str(p.value)} parse={(t) => ({ ok: true, value: t === '' ? null : t })} />;

/**
 * A number as the UI language writes it (core numberInput.ts: '1,000' is 1000 in English,
 * '1.5' is refused in German with how German writes numbers), opened with the number in
 * the language's decimal separator; the box keeps only digits, comma, dot and a leading
 * minus as the user types or pastes. A money amount is typed in
 * the currency the cell shows (the view currency): the editor opens with the shown amount,
 * names that currency, says under the cell what the typed amount will be stored as
 * ("= 3,140.52 Ft") and stores it converted back (moneyCurrency.ts `typedMoney`). Text
 * left as it opened keeps the stored amount (no drift by the shown rounding).
 */
/** A refusal's message key as the editor says it ('Write the number like 1,234.56'). */
const refusal = (p: EditorProps, message: string): Parsed => {
  const m = parseMessage(message);
  return { ok: false, message: p.ctx.t(m.id, m.values) };
};

const NumberEditor: CellEditor = (p) => {
  const money = moneyTyping(p.col, p.row, p.ctx);
  const converted = money && money.shown !== money.stored;
  const n = typeof p.value === 'number' ? p.value : null;
  const initial = editableNumber(converted && n !== null ? shownNumber(n, money) : p.value, p.ctx.lang);
  const read = (t: string): number | null => readNumber(t, p.ctx.lang);
  const storedAs = (t: string) => {
    if (!converted || t.trim() === '' || t === initial) return undefined;
    const typed = read(t);
    return typed === null ? undefined : storedNote(typed, money, LOCALE[p.ctx.lang]);
  };
  return (
    <InputEditor
      p={p}
      inputMode="decimal"
      initial={initial}
      invalidId="validation.type_number"
      unit={money?.shown}
      hint={money ? p.ctx.t('grid.editor_currency', { currency: money.shown }) : undefined}
      clean={numberTyping}
      note={storedAs}
      parse={(t) => {
        if (t === initial && t.trim() !== '') return { ok: true, value: p.value };
        const typed = numberText(t, p.ctx.lang);
        if (!typed.ok) return refusal(p, typed.message);
        if (typed.value === null) return { ok: true, value: null };
        return { ok: true, value: money ? typedMoney(typed.value, money) : typed.value };
      }}
    />
  );
};

const IntEditor: CellEditor = (p) => (
  <InputEditor
    p={p}
    inputMode="numeric"
    initial={editableNumber(p.value, p.ctx.lang)}
    invalidId="validation.type_integer"
    clean={numberTyping}
    parse={(t) => {
      const n = numberText(t, p.ctx.lang, true);
      return n.ok ? n : refusal(p, n.message);
    }}
  />
);

/** Edits the current language's text of a multi-language object. */
const MultiEditor: CellEditor = (p) => {
  const obj = p.value && typeof p.value === 'object' ? (p.value as Record<string, unknown>) : {};
  return <InputEditor p={p} initial={str(obj[p.ctx.lang])} parse={(t) => ({ ok: true, value: { ...obj, [p.ctx.lang]: t } })} />;
};

/** Tags typed as 'a, b, c': stored as the text 'a, b, c' (a json column: the array; none → null), see tags.ts. */
const TagEditor: CellEditor = (p) => <InputEditor p={p} initial={formatTags(p.value)} parse={(t) => ({ ok: true, value: tagsValue(parseTags(t), p.col.type) })} />;

// ---- popover editors: their own chunk (the calendar is most of an editor bundle) ------

const loadPopupEditors = () => import('./popupEditors.tsx');
const DateEditor = lazyEditor(() => loadPopupEditors().then((m) => m.DateEditor));
const DateTimeEditor = lazyEditor(() => loadPopupEditors().then((m) => m.DateTimeEditor));
const JsonEditor = lazyEditor(() => loadPopupEditors().then((m) => m.JsonEditor));

/** Colour: a colour picker and its hex code ('#rrggbb'; blank → null). */
const ColourEditor: CellEditor = (p) => {
  const ed = useEdit(p, normalizeHex(p.value) ?? str(p.value), (t) => {
    if (t.trim() === '') return { ok: true, value: null };
    const hex = normalizeHex(t);
    return hex ? { ok: true, value: hex } : { ok: false };
  });
  const [, attach] = useAutoFocus<HTMLInputElement>();
  const { part, onBlur } = useLeave(ed.leave);
  const label = p.ctx.t(p.col.labelId);
  const errorId = useId();
  const keys = (e: KeyboardEvent, arrows?: ArrowRule) =>
    editorKeyDown(
      e,
      (move) => ed.finish(move),
      () => ed.cancel(),
      arrows,
    );
  return (
    <span className="cell-editor cell-editor-colour" ref={part(0)} onBlur={onBlur}>
      <input
        type="color"
        className="cell-editor-swatch"
        value={normalizeHex(ed.text)?.slice(0, 7) ?? '#000000'}
        aria-label={label}
        onChange={(e) => ed.change(e.target.value)}
        onKeyDown={(e) => keys(e)}
      />
      <input
        ref={attach}
        type="text"
        className="cell-editor-hex"
        value={ed.text}
        maxLength={9}
        spellCheck={false}
        aria-label={label}
        aria-invalid={ed.invalid || undefined}
        aria-describedby={ed.invalid ? errorId : undefined}
        onChange={(e) => ed.change(e.target.value)}
        onKeyDown={(e) => keys(e, 'opened')}
      />
      {ed.invalid && <EditorError id={errorId} message={ed.message ?? p.ctx.t('validation.type_colour')} />}
    </span>
  );
};

// ---- selects -----------------------------------------------------------------------

/** A select's change this soon after a keydown is that key's (the browser fires it in the keydown's task). */
const KEY_CHANGE_MS = 100;

interface Option {
  value: unknown;
  label: string;
}

/**
 * A native select. Keys (arrows, letters, Home/End) only move the choice; Enter and Tab
 * commit it, Esc cancels (nothing saved), leaving the editor commits a changed choice. A
 * pick from the opened list with the pointer commits at once: a change that follows no
 * key on the select (a key's change comes with its keydown) is a pointer pick.
 */
function SelectEditor({ p, options }: { p: EditorProps; options: Option[] }) {
  const done = useRef(false);
  // When the last key went down (a pointer press forgets it).
  const keyAt = useRef(-Infinity);
  const [, attach] = useAutoFocus<HTMLSelectElement>(false);
  const all: Option[] = p.col.meta.required ? options : [{ value: null, label: '' }, ...options];
  let index = all.findIndex((o) => o.value === p.value || (o.value !== null && p.value !== null && String(o.value) === String(p.value)));
  if (index < 0 && p.value !== null && p.value !== undefined) {
    all.push({ value: p.value, label: str(p.value) });
    index = all.length - 1;
  }
  const [choice, setChoice] = useState(index);
  const finish = (i: number, move?: EditMove, blurred?: boolean) => {
    if (done.current) return;
    done.current = true;
    const o = all[i];
    // Leaving with the choice unchanged is a cancel (nothing to save); Enter and Tab commit.
    if (o && (i !== index || !blurred)) p.commit(o.value, move, blurred);
    else p.cancel(blurred);
  };
  return (
    <select
      ref={attach}
      className="cell-editor"
      value={String(choice)}
      aria-label={p.ctx.t(p.col.labelId)}
      onPointerDown={() => {
        keyAt.current = -Infinity;
      }}
      onChange={(e) => {
        const i = Number(e.target.value);
        setChoice(i);
        if (performance.now() - keyAt.current > KEY_CHANGE_MS) finish(i);
      }}
      onKeyDown={(e) => {
        keyAt.current = performance.now();
        editorKeyDown(
          e,
          (move) => finish(Number(e.currentTarget.value), move),
          () => {
            done.current = true;
            p.cancel();
          },
        );
      }}
      onBlur={(e) => finish(Number(e.currentTarget.value), undefined, true)}
    >
      {all.map((o, i) => (
        <option key={i} value={String(i)}>
          {o.label}
        </option>
      ))}
    </select>
  );
}

const BoolEditor: CellEditor = (p) => (
  <SelectEditor
    p={p}
    options={[
      { value: true, label: p.ctx.t('common.yes') },
      { value: false, label: p.ctx.t('common.no') },
    ]}
  />
);

// ---- search lookups (products_brief): searched as the user types; a chunk of their own ----
const LookupSearchEditor = lazyEditor(() => import('./LookupSearchEditor.tsx').then((m) => m.LookupSearchEditor));

/** Choices of a column: its `options` by name, else its lookup's rows (ref columns), ordered by what they show; a search lookup is searched. */
const RefSelectEditor: CellEditor = (p) => {
  if (p.col.lookup?.search) return <LookupSearchEditor {...p} />;
  return <SelectEditor p={p} options={columnChoices(p.col, p.ctx)} />;
};

/** A lookup's rows labelled by `label` (one module-level function each: the sorted list is cached by it). */
function LookupSelect({ p, fallback, label }: { p: EditorProps; fallback: string; label: LookupLabel }) {
  const data = p.ctx.lookup(p.col.lookup?.form ?? fallback);
  return <SelectEditor p={p} options={data ? lookupChoices(data, label, p.ctx) : []} />;
}

/** A row's name (its `names` in the language, else the lookup's text) with its code, in `order`; the code alone when it has no other name. */
const withCode =
  (names: string, order: (name: string, code: string) => string): LookupLabel =>
  (r, data, ctx) => {
    const code = String(r[data.def.keyField]);
    const name = ctx.multi(r[names]) || displayText(r, data, ctx);
    return name && name !== code ? order(name, code) : code;
  };
const countryLabel = withCode('country_names', (name, code) => `${name} (${code})`);
// Services are known by their product code: it comes first.
const serviceLabel = withCode('product_names', (name, code) => `${code} · ${name}`);

/** Countries (countries_brief, or the column's lookup) by name in the current language. */
const CountryEditor: CellEditor = (p) => <LookupSelect p={p} fallback={editorLookups.country ?? 'countries_brief'} label={countryLabel} />;

/** Languages: the column's options (else the app's), by name in the UI language, with the code. */
const LanguageEditor: CellEditor = (p) => (
  <SelectEditor
    p={p}
    options={languageOptions(p.col.meta.options, p.ctx.lang, p.ctx.session?.languages, undefined, p.ctx.session?.flags).map((o) => ({ value: o.code, label: `${o.name} (${o.code})` }))}
  />
);

/** Services (services_brief, or the column's lookup): 'code · name'. */
const ServiceEditor: CellEditor = (p) => <LookupSelect p={p} fallback={editorLookups.service ?? 'services_brief'} label={serviceLabel} />;

export const editors: Record<EditorKey, CellEditor> = {
  text: TextEditor,
  number: NumberEditor,
  int: IntEditor,
  bool: BoolEditor,
  date: DateEditor,
  datetime: DateTimeEditor,
  multi: MultiEditor,
  select: RefSelectEditor,
  tag: TagEditor,
  country: CountryEditor,
  colour: ColourEditor,
  json: JsonEditor,
  language: LanguageEditor,
  service: ServiceEditor,
};
