/**
 * Inline cell editors, keyed by the descriptor's `editor` (or the column type). One is
 * mounted at a time, in the edited cell. Enter commits, Esc cancels, Tab commits and
 * moves, leaving the cell commits. Editors stop the keys they handle from reaching the
 * grid's delegated handler.
 */
import { useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { parseFloatInput, parseIntInput } from '../parseFloat.ts';
import type { EditorKey } from '../registryKeys.ts';
import { displayText } from '../renderers/index.tsx';
import type { CellEditor, EditMove, EditorProps } from '../types.ts';

type Parsed = { ok: true; value: unknown } | { ok: false };

interface InputEditorProps {
  p: EditorProps;
  initial: string;
  parse: (text: string) => Parsed;
  type?: 'text' | 'date';
  inputMode?: 'text' | 'decimal' | 'numeric';
}

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

function InputEditor({ p, initial, parse, type = 'text', inputMode }: InputEditorProps) {
  const [text, setText] = useState(p.initialInput ?? initial);
  const [invalid, setInvalid] = useState(false);
  const done = useRef(false);
  const ref = useRef<HTMLInputElement>(null);

  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    el.focus({ preventScroll: true });
    if (type !== 'text') return;
    if (p.initialInput === undefined) el.select();
    else el.setSelectionRange(el.value.length, el.value.length);
  }, []);

  const finish = (move: EditMove): void => {
    if (done.current) return;
    const r = parse(text);
    if (!r.ok) {
      setInvalid(true);
      return;
    }
    done.current = true;
    p.commit(r.value, move);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) =>
    editorKeyDown(e, finish, () => {
      done.current = true;
      p.cancel();
    });

  return (
    <input
      ref={ref}
      className="cell-editor"
      type={type}
      inputMode={inputMode}
      value={text}
      maxLength={p.col.meta.maxLength}
      aria-label={p.ctx.t(p.col.labelId)}
      aria-invalid={invalid || undefined}
      onChange={(e) => {
        setText(e.target.value);
        if (invalid) setInvalid(false);
      }}
      onKeyDown={onKeyDown}
      onBlur={() => {
        if (done.current) return;
        done.current = true;
        const r = parse(text);
        if (r.ok) p.commit(r.value, undefined, true);
        else p.cancel(true);
      }}
    />
  );
}

const str = (v: unknown) => (v === null || v === undefined ? '' : String(v));

const TextEditor: CellEditor = (p) => (
  <InputEditor p={p} initial={str(p.value)} parse={(t) => ({ ok: true, value: t === '' ? null : t })} />
);

const NumberEditor: CellEditor = (p) => (
  <InputEditor
    p={p}
    inputMode="decimal"
    initial={str(p.value)}
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
    parse={(t) => {
      if (t.trim() === '') return { ok: true, value: null };
      const n = parseIntInput(t);
      return n === null ? { ok: false } : { ok: true, value: n };
    }}
  />
);

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DateEditor: CellEditor = (p) => (
  <InputEditor
    p={p}
    type="date"
    initial={typeof p.value === 'string' ? p.value.slice(0, 10) : ''}
    parse={(t) => (t === '' ? { ok: true, value: null } : DATE.test(t) ? { ok: true, value: t } : { ok: false })}
  />
);

/** Edits the current language's text of a multi-language object. */
const MultiEditor: CellEditor = (p) => {
  const obj = p.value && typeof p.value === 'object' ? (p.value as Record<string, unknown>) : {};
  return <InputEditor p={p} initial={str(obj[p.ctx.lang])} parse={(t) => ({ ok: true, value: { ...obj, [p.ctx.lang]: t } })} />;
};

interface Option {
  value: unknown;
  label: string;
}

function SelectEditor({ p, options }: { p: EditorProps; options: Option[] }) {
  const done = useRef(false);
  const ref = useRef<HTMLSelectElement>(null);
  useLayoutEffect(() => {
    ref.current?.focus({ preventScroll: true });
  }, []);
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
      ref={ref}
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

export const editors: Record<EditorKey, CellEditor> = {
  text: TextEditor,
  number: NumberEditor,
  int: IntEditor,
  bool: BoolEditor,
  date: DateEditor,
  multi: MultiEditor,
  select: RefSelectEditor,
};
