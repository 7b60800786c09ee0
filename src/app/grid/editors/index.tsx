/**
 * Inline cell editors, keyed by the descriptor's `editor` (or the column type's default:
 * the column types' own editors are in src/app/fields/<type>/Input.tsx, beside their form
 * inputs; the named ones here). One is mounted at a time, in the edited cell. Enter commits and moves down, Tab commits and
 * moves across, arrows as editKeys.ts says, Esc cancels, leaving the editor commits (an
 * invalid value is then dropped). Editors stop the
 * keys they handle from reaching the grid's delegated handler.
 *
 * Editors that need room (date and date-time calendars, JSON) open a Radix popover
 * anchored to the cell; focus moving between the cell part and the popover is not
 * "leaving". Switching to another window is not leaving either (a native colour dialog
 * takes the window's focus).
 */
import { useId, type KeyboardEvent } from 'react';
import { formatTags, normalizeHex, parseTags } from '../../../core/format.ts';
import { boolEditor } from '../../fields/bool/Input.tsx';
import { dateEditor } from '../../fields/date/Input.tsx';
import { datetimeEditor } from '../../fields/datetime/Input.tsx';
import { intEditor } from '../../fields/int/Input.tsx';
import { jsonEditor } from '../../fields/json/Input.tsx';
import { multiEditor } from '../../fields/multi/Input.tsx';
import { numberEditor } from '../../fields/number/Input.tsx';
import { refEditor } from '../../fields/ref/Input.tsx';
import { textEditor } from '../../fields/text/Input.tsx';
import { lookupChoices, type LookupLabel } from '../choices.ts';
import { editorLookups, type EditorKey } from '../../../core/registryKeys.ts';
import { displayText } from '../renderers/index.tsx';
import type { CellEditor, EditorProps } from '../types.ts';
import { EditorError } from './EditorError.tsx';
import { type ArrowRule } from './editKeys.ts';
import { InputEditor, str } from './InputEditor.tsx';
import { editorKeyDown, useAutoFocus, useEdit, useLeave } from './kit.ts';
import { languageOptions } from './languageOptions.ts';
import { SelectEditor } from './SelectEditor.tsx';
import { tagsValue } from './tags.ts';
import './editors.css';

/** Tags typed as 'a, b, c': stored as the text 'a, b, c' (a json column: the array; none → null), see tags.ts. */
const TagEditor: CellEditor = (p) => <InputEditor p={p} initial={formatTags(p.value)} parse={(t) => ({ ok: true, value: tagsValue(parseTags(t), p.col.type) })} />;

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

// ---- selects of a lookup's rows -------------------------------------------------------

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
    options={languageOptions(p.col.meta.options, p.ctx.lang, p.ctx.session?.languages, p.value, p.ctx.session?.flags).map((o) => ({ value: o.code, label: `${o.name} (${o.code})` }))}
  />
);

/** Services (services_brief, or the column's lookup): 'code · name'. */
const ServiceEditor: CellEditor = (p) => <LookupSelect p={p} fallback={editorLookups.service ?? 'services_brief'} label={serviceLabel} />;

export const editors: Record<EditorKey, CellEditor> = {
  text: textEditor,
  number: numberEditor,
  int: intEditor,
  bool: boolEditor,
  date: dateEditor,
  datetime: datetimeEditor,
  multi: multiEditor,
  select: refEditor,
  tag: TagEditor,
  country: CountryEditor,
  colour: ColourEditor,
  json: jsonEditor,
  language: LanguageEditor,
  service: ServiceEditor,
};
