/**
 * The one date calendar of the app: react-day-picker with its date-fns locales (localized
 * month and day names), weeks from Monday (spec §2). The grid's date editors and the
 * forms' date input show it; both load it lazily, it is most of their code.
 */
import { DayPicker } from 'react-day-picker';
import { bg, cs, de, enGB, hu, ro, sk } from 'react-day-picker/locale';
import 'react-day-picker/style.css';
import type { Lang } from '../../../core/langs.ts';

const DAY_PICKER_LOCALES = { en: enGB, de, hu, sk, ro, cs, bg } satisfies Record<Lang, unknown>;

export interface CalendarProps {
  lang: Lang;
  selected: Date | undefined;
  month: Date;
  onMonthChange(month: Date): void;
  /** The clicked day (also when it is the selected one, which DayPicker would unselect). */
  onPick(day: Date): void;
}

export function Calendar({ lang, selected, month, onMonthChange, onPick }: CalendarProps) {
  return (
    <DayPicker
      mode="single"
      weekStartsOn={1}
      locale={DAY_PICKER_LOCALES[lang]}
      selected={selected}
      onSelect={(_selected, day) => onPick(day)}
      month={month}
      onMonthChange={onMonthChange}
      showOutsideDays
    />
  );
}
