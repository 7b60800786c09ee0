/**
 * The calendar panel of the forms' date input: the grid's calendar (grid/editors/
 * Calendar.tsx), a lazily loaded chunk. It takes the focus on the selected day (else
 * today) when it opens, so arrows, Page Up/Down, Home/End and Enter work at once.
 */
import { useEffect, useRef, useState } from 'react';
import type { Lang } from '../../core/langs.ts';
import { Calendar } from '../grid/editors/Calendar.tsx';

export interface DateCalendarProps {
  lang: Lang;
  selected: Date | undefined;
  onPick(day: Date): void;
}

export default function DateCalendar({ lang, selected, onPick }: DateCalendarProps) {
  const [month, setMonth] = useState<Date>(() => selected ?? new Date());
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = root.current;
    (el?.querySelector<HTMLElement>('.rdp-day_button[tabindex="0"]') ?? el?.querySelector<HTMLElement>('.rdp-day_button'))?.focus();
  }, []);
  return (
    <div ref={root}>
      <Calendar lang={lang} selected={selected} month={month} onMonthChange={setMonth} onPick={onPick} />
    </div>
  );
}
