/**
 * Inline cell editors, keyed by the descriptor's `editor` (or the column type). One is
 * mounted at a time, in the edited cell. Enter commits, Esc cancels, Tab commits and
 * moves, leaving the editor commits (an invalid value is then dropped). Editors stop the
 * keys they handle from reaching the grid's delegated handler.
 *
 * Editors that need room (date and date-time calendars, JSON) open a Radix popover
 * anchored to the cell; focus moving between the cell part and the popover is not
 * "leaving". Switching to another window is not leaving either (a native colour dialog
 * takes the window's focus).
 */
import * as Popover from '@radix-ui/react-popover';
import { useCallback, useRef, useState, type FocusEvent, type KeyboardEvent, type ReactNode } from 'react';
import { DayPicker } from 'react-day-picker';
import { bg, cs, de, enGB, hu, ro, sk } from 'react-day-picker/locale';
import 'react-day-picker/style.css';
import { LOCALE, type Lang } from '../../../core/langs.ts';
import {
  formatDate,
  formatDateTime,
  formatTags,
  isoDate,
  localDate,
  normalizeHex,
  parseDateInput,
  parseDateTimeInput,
  parseJsonInput,
  parseTags,
} from '../../../core/format.ts';
import { parseFloatInput, parseIntInput } from '../../../core/parseFloat.ts';
import { editorLookups, type EditorKey } from '../registryKeys.ts';
import { displayText } from '../renderers/index.tsx';
import type { CellEditor, EditMove, EditorProps } from '../types.ts';
import './editors.css';

type Parsed = { ok: true; value: unknown } | { ok: false };

/**
 * The keys every editor shares: Enter commits, Tab/Shift-Tab commit and move, Esc
 * cancels; the grid never sees them. Other keys stay in the editor.
 */
function editorKeyDown(e: KeyboardEvent, commit: (move: EditMove) => void, cancel: () => void) {
  e.stopPropagation();
  if (e.key === 'Enter') commit(undefined);
  else if (e.key === 'Tab') commit(e.shiftKey ? 'prev' : 'next');
  else if (e.key === 'Escape') cancel();
  else return;
  e.preventDefault();
}

/**
 * The life of an edit: the text, whether it parses, and finishing once. `finish` commits
 * a valid text (an invalid one is flagged and the editor stays); `leave` is the blur:
 * a valid text commits, an invalid one cancels.
 */
function useEdit(p: EditorProps, initial: string, parse: (text: string) => Parsed) {
  const [text, setText] = useState(p.initialInput ?? initial);
  const [invalid, setInvalid] = useState(false);
  const done = useRef(false);
  const finish = (move: EditMove, value: string = text): void => {
    if (done.current) return;
    const r = parse(value);
    if (!r.ok) {
      setInvalid(true);
      return;
    }
    done.current = true;
    p.commit(r.value, move);
  };
  const cancel = (blurred?: boolean) => {
    if (done.current) return;
    done.current = true;
    p.cancel(blurred);
  };
  const leave = () => {
    if (done.current) return;
    done.current = true;
    const r = parse(text);
    if (r.ok) p.commit(r.value, undefined, true);
    else p.cancel(true);
  };
  const change = (t: string) => {
    setText(t);
    if (invalid) setInvalid(false);
  };
  return { text, change, invalid, finish, cancel, leave, done };
}

/**
 * A ref that focuses its element the first time it is attached (a popover's content
 * mounts a commit later than the cell); text inputs select their text, or put the caret
 * after a typed first key.
 */
function useAutoFocus<T extends HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>(p: EditorProps, select = true) {
  const ref = useRef<T | null>(null);
  const focused = useRef(false);
  const initialInput = p.initialInput;
  const attach = useCallback(
    (el: T | null) => {
      ref.current = el;
      if (!el || focused.current) return;
      focused.current = true;
      el.focus({ preventScroll: true });
      if (!select || el instanceof HTMLSelectElement) return;
      if (initialInput === undefined) el.select();
      else el.setSelectionRange(el.value.length, el.value.length);
    },
    [initialInput, select],
  );
  return [ref, attach] as const;
}

/**
 * Blur of an editor made of several focusable parts (in the cell and in a popover): only
 * focus going outside all of them (and not to another window) is leaving.
 */
function useLeave(leave: () => void) {
  const parts = useRef<(HTMLElement | null)[]>([]);
  const part = (i: number) => (el: HTMLElement | null) => {
    parts.current[i] = el;
  };
  const onBlur = (e: FocusEvent) => {
    const next = e.relatedTarget;
    if (next instanceof Node && parts.current.some((el) => el?.contains(next))) return;
    if (typeof document !== 'undefined' && !document.hasFocus()) return;
    leave();
  };
  return { part, onBlur };
}

interface InputEditorProps {
  p: EditorProps;
  initial: string;
  parse: (text: string) => Parsed;
  inputMode?: 'text' | 'decimal' | 'numeric';
  placeholder?: string;
  invalidId?: string;
}

function InputEditor({ p, initial, parse, inputMode, placeholder, invalidId }: InputEditorProps) {
  const ed = useEdit(p, initial, parse);
  const [, attach] = useAutoFocus<HTMLInputElement>(p);
  return (
    <input
      ref={attach}
      className="cell-editor"
      type="text"
      inputMode={inputMode}
      value={ed.text}
      placeholder={placeholder}
      maxLength={p.col.meta.maxLength}
      aria-label={p.ctx.t(p.col.labelId)}
      aria-invalid={ed.invalid || undefined}
      title={ed.invalid && invalidId ? p.ctx.t(invalidId) : undefined}
      onChange={(e) => ed.change(e.target.value)}
      onKeyDown={(e) => editorKeyDown(e, (move) => ed.finish(move), () => ed.cancel())}
      onBlur={ed.leave}
    />
  );
}

const str = (v: unknown) => (v === null || v === undefined ? '' : String(v));

const TextEditor: CellEditor = (p) => <InputEditor p={p} initial={str(p.value)} parse={(t) => ({ ok: true, value: t === '' ? null : t })} />;

/** Spec §5 float rule (parseFloatInput). */
const NumberEditor: CellEditor = (p) => (
  <InputEditor
    p={p}
    inputMode="decimal"
    initial={str(p.value)}
    invalidId="validation.type_number"
    parse={(t) => {
      if (t.trim() === '') return { ok: true, value: null };
      const n = parseFloatInput(t);
      return n === null ? { ok: false } : { ok: true, value: n };
    }}
  />
);

const IntEditor: CellEditor = (p) => (
  <InputEditor
    p={p}
    inputMode="numeric"
    initial={str(p.value)}
    invalidId="validation.type_integer"
    parse={(t) => {
      if (t.trim() === '') return { ok: true, value: null };
      const n = parseIntInput(t);
      return n === null ? { ok: false } : { ok: true, value: n };
    }}
  />
);

/** Edits the current language's text of a multi-language object. */
const MultiEditor: CellEditor = (p) => {
  const obj = p.value && typeof p.value === 'object' ? (p.value as Record<string, unknown>) : {};
  return <InputEditor p={p} initial={str(obj[p.ctx.lang])} parse={(t) => ({ ok: true, value: { ...obj, [p.ctx.lang]: t } })} />;
};

/** A list of strings typed as 'a, b, c' → ['a', 'b', 'c'] (empty → null). */
const TagEditor: CellEditor = (p) => <InputEditor p={p} initial={formatTags(p.value)} parse={(t) => ({ ok: true, value: parseTags(t) })} />;

// ---- popover editors ---------------------------------------------------------------

/** The popover of an editor, beside its cell part; never dismissed by Radix (the editor decides). */
function EditorPopup({ anchor, children, label, onEscape, contentRef, className, onBlur }: {
  anchor: ReactNode;
  children: ReactNode;
  label: string;
  onEscape: () => void;
  contentRef: (el: HTMLElement | null) => void;
  className: string;
  onBlur: (e: FocusEvent) => void;
}) {
  return (
    <Popover.Root open>
      <Popover.Anchor asChild>{anchor}</Popover.Anchor>
      <Popover.Portal>
        <Popover.Content
          ref={contentRef}
          className={`cell-editor-popup ${className}`}
          side="bottom"
          align="start"
          sideOffset={2}
          collisionPadding={8}
          aria-label={label}
          onOpenAutoFocus={(e) => e.preventDefault()}
          onCloseAutoFocus={(e) => e.preventDefault()}
          onEscapeKeyDown={(e) => {
            e.preventDefault();
            onEscape();
          }}
          onBlur={onBlur}
          // Keys inside the popover belong to the editor, never to the grid.
          onKeyDown={(e) => e.stopPropagation()}
        >
          {children}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

const DAY_PICKER_LOCALES = { en: enGB, de, hu, sk, ro, cs, bg } satisfies Record<Lang, unknown>;

/**
 * Date (`yyyy-MM-dd`) and date-time (`yyyy-MM-dd HH:mm`, local, 24-hour) editor: a text
 * input in the cell and a calendar (react-day-picker, weeks from Monday) below it.
 * Picking a day commits a date; for a date-time it sets the day and keeps the time.
 * Alt+ArrowDown moves into the calendar. A date-time commits as an ISO instant.
 */
function PickerEditor({ p, withTime }: { p: EditorProps; withTime: boolean }) {
  const initial = withTime ? formatDateTime(p.value) : typeof p.value === 'string' ? p.value.slice(0, 10) : formatDate(p.value);
  const parse = (t: string): Parsed => {
    if (t.trim() === '') return { ok: true, value: null };
    if (!withTime) {
      const d = parseDateInput(t);
      return d ? { ok: true, value: d } : { ok: false };
    }
    const d = parseDateTimeInput(t);
    return d ? { ok: true, value: d.toISOString() } : { ok: false };
  };
  const ed = useEdit(p, initial, parse);
  const [ref, attach] = useAutoFocus<HTMLInputElement>(p);
  const { part, onBlur } = useLeave(ed.leave);
  const contentEl = useRef<HTMLElement | null>(null);

  const day = (t: string): Date | undefined => {
    const s = withTime ? parseDateTimeInput(t) : parseDateInput(t);
    return s === null ? undefined : s instanceof Date ? s : (localDate(s) ?? undefined);
  };
  const selected = day(ed.text);
  const [month, setMonth] = useState<Date>(() => selected ?? new Date());

  const onText = (t: string) => {
    ed.change(t);
    const d = day(t);
    if (d && (d.getFullYear() !== month.getFullYear() || d.getMonth() !== month.getMonth())) setMonth(d);
  };

  // The clicked day (also when it is the selected one, which DayPicker would unselect).
  const onSelect = (d: Date) => {
    if (!withTime) {
      ed.finish(undefined, isoDate(d));
      return;
    }
    const time = /\d{1,2}:\d{2}\s*$/.exec(ed.text)?.[0].trim() ?? '00:00';
    ed.change(`${isoDate(d)} ${time}`);
    ref.current?.focus({ preventScroll: true });
  };

  const label = p.ctx.t(p.col.labelId);
  const invalidId = withTime ? 'validation.type_datetime' : 'validation.type_date';
  return (
    <EditorPopup
      label={p.ctx.t('grid.choose_date')}
      className="cell-editor-calendar"
      onEscape={() => ed.cancel()}
      onBlur={onBlur}
      contentRef={(el) => {
        contentEl.current = el;
        part(1)(el);
      }}
      anchor={
        <input
          ref={(el) => {
            attach(el);
            part(0)(el);
          }}
          className="cell-editor"
          type="text"
          inputMode="numeric"
          autoComplete="off"
          placeholder={withTime ? 'yyyy-MM-dd HH:mm' : 'yyyy-MM-dd'}
          value={ed.text}
          aria-label={label}
          aria-invalid={ed.invalid || undefined}
          title={ed.invalid ? p.ctx.t(invalidId) : undefined}
          onChange={(e) => onText(e.target.value)}
          onBlur={onBlur}
          onKeyDown={(e) => {
            if (e.key === 'ArrowDown' && e.altKey) {
              e.preventDefault();
              e.stopPropagation();
              const root = contentEl.current;
              (root?.querySelector<HTMLElement>('.rdp-day_button[tabindex="0"]') ?? root?.querySelector<HTMLElement>('.rdp-day_button'))?.focus();
              return;
            }
            editorKeyDown(e, (move) => ed.finish(move), () => ed.cancel());
          }}
        />
      }
    >
      <DayPicker
        mode="single"
        weekStartsOn={1}
        locale={DAY_PICKER_LOCALES[p.ctx.lang]}
        selected={selected}
        onSelect={(_selected, day) => onSelect(day)}
        month={month}
        onMonthChange={setMonth}
        showOutsideDays
      />
    </EditorPopup>
  );
}

const DateEditor: CellEditor = (p) => <PickerEditor p={p} withTime={false} />;
const DateTimeEditor: CellEditor = (p) => <PickerEditor p={p} withTime />;

/**
 * JSON: a textarea in a popover, validated on commit (blank → null). Enter commits,
 * Shift+Enter starts a new line, Tab commits and moves, Esc cancels.
 */
const JsonEditor: CellEditor = (p) => {
  const ed = useEdit(p, p.value === null || p.value === undefined ? '' : JSON.stringify(p.value, null, 2), parseJsonInput);
  const [, attach] = useAutoFocus<HTMLTextAreaElement>(p, false);
  const { part, onBlur } = useLeave(ed.leave);
  return (
    <EditorPopup
      label={p.ctx.t(p.col.labelId)}
      className="cell-editor-json"
      onEscape={() => ed.cancel()}
      onBlur={onBlur}
      contentRef={part(1)}
      anchor={
        <span ref={part(0)} className="cell-editor cell-editor-preview">
          {ed.text.replace(/\s+/g, ' ')}
        </span>
      }
    >
      <textarea
        ref={attach}
        className="cell-editor-textarea"
        value={ed.text}
        spellCheck={false}
        aria-label={p.ctx.t(p.col.labelId)}
        aria-invalid={ed.invalid || undefined}
        title={ed.invalid ? p.ctx.t('validation.type_json') : undefined}
        onChange={(e) => ed.change(e.target.value)}
        onBlur={onBlur}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && e.shiftKey) {
            e.stopPropagation();
            return;
          }
          editorKeyDown(e, (move) => ed.finish(move), () => ed.cancel());
        }}
      />
    </EditorPopup>
  );
};

/** Colour: a colour picker and its hex code ('#rrggbb'; blank → null). */
const ColourEditor: CellEditor = (p) => {
  const ed = useEdit(p, normalizeHex(p.value) ?? str(p.value), (t) => {
    if (t.trim() === '') return { ok: true, value: null };
    const hex = normalizeHex(t);
    return hex ? { ok: true, value: hex } : { ok: false };
  });
  const [, attach] = useAutoFocus<HTMLInputElement>(p);
  const { part, onBlur } = useLeave(ed.leave);
  const label = p.ctx.t(p.col.labelId);
  const keys = (e: KeyboardEvent) => editorKeyDown(e, (move) => ed.finish(move), () => ed.cancel());
  return (
    <span className="cell-editor cell-editor-colour" ref={part(0)} onBlur={onBlur}>
      <input
        type="color"
        className="cell-editor-swatch"
        value={normalizeHex(ed.text)?.slice(0, 7) ?? '#000000'}
        aria-label={label}
        onChange={(e) => ed.change(e.target.value)}
        onKeyDown={keys}
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
        onChange={(e) => ed.change(e.target.value)}
        onKeyDown={keys}
      />
    </span>
  );
};

// ---- selects -----------------------------------------------------------------------

interface Option {
  value: unknown;
  label: string;
}

function SelectEditor({ p, options }: { p: EditorProps; options: Option[] }) {
  const done = useRef(false);
  const [, attach] = useAutoFocus<HTMLSelectElement>(p, false);
  const all: Option[] = p.col.meta.required ? options : [{ value: null, label: '' }, ...options];
  let index = all.findIndex((o) => o.value === p.value || (o.value !== null && p.value !== null && String(o.value) === String(p.value)));
  if (index < 0 && p.value !== null && p.value !== undefined) {
    all.push({ value: p.value, label: str(p.value) });
    index = all.length - 1;
  }
  const finish = (i: number, move?: EditMove) => {
    if (done.current) return;
    done.current = true;
    const o = all[i];
    if (o) p.commit(o.value, move);
    else p.cancel();
  };
  return (
    <select
      ref={attach}
      className="cell-editor"
      value={String(index)}
      aria-label={p.ctx.t(p.col.labelId)}
      onChange={(e) => finish(Number(e.target.value))}
      onKeyDown={(e) =>
        editorKeyDown(e, (move) => finish(Number(e.currentTarget.value), move), () => {
          done.current = true;
          p.cancel();
        })
      }
      onBlur={() => {
        if (done.current) return;
        done.current = true;
        p.cancel(true);
      }}
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

/** Choices of a column: its `options`, else its lookup's rows (ref columns). */
const RefSelectEditor: CellEditor = (p) => {
  const { col, ctx } = p;
  let options: Option[] = [];
  if (col.meta.options) options = col.meta.options.map((o) => ({ value: o, label: String(o) }));
  else if (col.lookup) {
    const data = ctx.lookup(col.lookup.form);
    const label = col.renderer.lookupText ?? displayText;
    if (data) options = data.rows.map((r) => ({ value: r[data.def.keyField], label: label(r, data, ctx) }));
  }
  return <SelectEditor p={p} options={options} />;
};

/** Countries (countries_brief, or the column's lookup) by name in the current language. */
const CountryEditor: CellEditor = (p) => {
  const { col, ctx } = p;
  const data = ctx.lookup(col.lookup?.form ?? editorLookups.country ?? 'countries_brief');
  const collator = new Intl.Collator(LOCALE[ctx.lang]);
  const options: Option[] = (data?.rows ?? [])
    .map((r) => {
      const code = r[data!.def.keyField];
      const name = ctx.multi(r.country_names) || displayText(r, data!, ctx);
      return { value: code, label: name && name !== String(code) ? `${name} (${String(code)})` : String(code) };
    })
    .sort((a, b) => collator.compare(a.label, b.label));
  return <SelectEditor p={p} options={options} />;
};

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
};
