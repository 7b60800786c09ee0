/**
 * Spec §2's form input "date": a text input (yyyy-MM-dd, or the day-first way the UI
 * locales write dates: 05.03.2026, 5. 3. 2026, 05/03/2026) and a button opening the
 * grid's calendar below it (weeks from Monday, month and day names of the UI language),
 * loaded on first use. Alt+ArrowDown in the text opens it too; Escape closes it (not the
 * dialog); a picked day fills the text and the focus goes back to it. Leaving the text
 * writes a readable date as yyyy-MM-dd.
 */
import { CalendarDays } from 'lucide-react';
import { Suspense, useEffect, useRef, useState } from 'react';
import { lazyWithMessages } from '../i18n/lazy.tsx';
import { isoDate, localDate, parseDateInput } from '../../core/format.ts';
import type { Lang } from '../../core/langs.ts';
import { useT } from '../i18n/useT.ts';

const DateCalendar = lazyWithMessages(() => import('./DateCalendar.tsx'));

export interface DateInputProps {
  id: string;
  value: string;
  lang: Lang;
  onChange(text: string): void;
  onBlur(): void;
  disabled: boolean;
  required: boolean;
  invalid: boolean;
  describedBy: string | undefined;
}

export function DateInput({ id, value, lang, onChange, onBlur, disabled, required, invalid, describedBy }: DateInputProps) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const panelId = `${id}-calendar`;
  const day = parseDateInput(value);
  const selected = day ? (localDate(day) ?? undefined) : undefined;

  const close = () => {
    setOpen(false);
    input.current?.focus();
  };

  // Escape inside the calendar closes it before the dialog sees it (Radix listens on the document).
  useEffect(() => {
    if (!open) return;
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.key !== 'Escape' || !(e.target instanceof Node) || !panel.current?.contains(e.target)) return;
      e.preventDefault();
      e.stopPropagation();
      close();
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [open]);

  return (
    <div className="date-input">
      <div className="date-input-row">
        <input
          ref={input}
          id={id}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          placeholder={t('common.date_format')}
          value={value}
          disabled={disabled}
          aria-required={required || undefined}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          onChange={(e) => onChange(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'ArrowDown' && e.altKey) {
              e.preventDefault();
              setOpen(true);
            }
          }}
          onBlur={() => {
            if (day && day !== value) onChange(day);
            onBlur();
          }}
        />
        <button
          type="button"
          className="date-input-button"
          aria-label={t('grid.choose_date')}
          aria-expanded={open}
          aria-controls={open ? panelId : undefined}
          disabled={disabled}
          onClick={() => (open ? close() : setOpen(true))}
        >
          <CalendarDays size={16} aria-hidden="true" focusable="false" />
        </button>
      </div>
      {open && (
        <div id={panelId} ref={panel} className="date-input-calendar" role="group" aria-label={t('grid.choose_date')}>
          <Suspense fallback={<div className="date-input-loading" aria-busy="true" />}>
            <DateCalendar
              lang={lang}
              selected={selected}
              onPick={(d) => {
                onChange(isoDate(d));
                close();
              }}
            />
          </Suspense>
        </div>
      )}
    </div>
  );
}
