/**
 * The editors that open a popover beside their cell: date and date-time (a calendar,
 * react-day-picker with its date-fns locales) and JSON. A chunk of their own, loaded on
 * the first edit of such a cell: a list page paints without the calendar's code.
 */
import * as Popover from '@radix-ui/react-popover';
import { useId, useRef, useState, type FocusEvent, type ReactNode } from 'react';
import { isoDate, localDate, parseDateInput, parseDateTimeInput, parseJsonInput } from '../../../core/format.ts';
import type { CellEditor, EditorProps } from '../types.ts';
import { Calendar } from './Calendar.tsx';
import { EditorError } from './EditorError.tsx';
import { editorKeyDown, useAutoFocus, useEdit, useLeave, type Parsed } from './kit.ts';

/** The popover of an editor, beside its cell part; never dismissed by Radix (the editor decides). */
function EditorPopup({
  anchor,
  children,
  label,
  onEscape,
  contentRef,
  className,
  onBlur,
}: {
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

/**
 * Date and date-time (local, 24-hour) editor: a text input in the cell, starting with the
 * cell's text (the language's way, core/format.ts `formatDay`) and reading that, the other
 * UI languages' ways and `yyyy-MM-dd` (`parseDateInput`), and a calendar (react-day-picker,
 * weeks from Monday) below it.
 * Picking a day commits a date; for a date-time it sets the day and keeps the time.
 * Alt+ArrowDown moves into the calendar. A date-time commits as an ISO instant.
 */
function PickerEditor({ p, withTime }: { p: EditorProps; withTime: boolean }) {
  // What the cell shows (the language's way, 05.03.2026); that and yyyy-MM-dd are read back.
  const initial = withTime ? p.ctx.fmt.datetime(p.value) : p.ctx.fmt.date(typeof p.value === 'string' ? p.value.slice(0, 10) : p.value);
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
  const [ref, attach] = useAutoFocus<HTMLInputElement>();
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
    ed.change(`${p.ctx.fmt.date(isoDate(d))} ${time}`);
    ref.current?.focus({ preventScroll: true });
  };

  const label = p.ctx.t(p.col.labelId);
  const invalidId = withTime ? 'validation.type_datetime' : 'validation.type_date';
  const errorId = useId();
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
          placeholder={p.ctx.t(withTime ? 'common.datetime_format' : 'common.date_format')}
          value={ed.text}
          aria-label={label}
          aria-invalid={ed.invalid || undefined}
          aria-describedby={ed.invalid ? errorId : undefined}
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
            editorKeyDown(
              e,
              (move) => ed.finish(move),
              () => ed.cancel(),
            );
          }}
        />
      }
    >
      {ed.invalid && <EditorError id={errorId} message={ed.message ?? p.ctx.t(invalidId)} inPopover />}
      <Calendar lang={p.ctx.lang} selected={selected} month={month} onMonthChange={setMonth} onPick={onSelect} />
    </EditorPopup>
  );
}

export const DateEditor: CellEditor = (p) => <PickerEditor p={p} withTime={false} />;
export const DateTimeEditor: CellEditor = (p) => <PickerEditor p={p} withTime />;

/**
 * JSON: a textarea in a popover, validated on commit (blank → null). Enter commits (and
 * moves down), Shift+Enter starts a new line, Tab commits and moves, Esc cancels.
 */
export const JsonEditor: CellEditor = (p) => {
  const ed = useEdit(p, p.value === null || p.value === undefined ? '' : JSON.stringify(p.value, null, 2), parseJsonInput);
  const [, attach] = useAutoFocus<HTMLTextAreaElement>(false);
  const { part, onBlur } = useLeave(ed.leave);
  const errorId = useId();
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
        aria-describedby={ed.invalid ? errorId : undefined}
        onChange={(e) => ed.change(e.target.value)}
        onBlur={onBlur}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && e.shiftKey) {
            e.stopPropagation();
            return;
          }
          editorKeyDown(
            e,
            (move) => ed.finish(move),
            () => ed.cancel(),
          );
        }}
      />
      {ed.invalid && <EditorError id={errorId} message={ed.message ?? p.ctx.t('validation.type_json')} inPopover />}
    </EditorPopup>
  );
};
