/**
 * Number and date formats of the current locale (react-intl's cached Intl formatters);
 * the rules (dates and date-times as the language writes them, weight) are the pure ones
 * of src/core/format.ts.
 */
import type { IntlShape } from 'react-intl';
import { columnTypes } from '../../core/columnTypes/index.ts';
import { formatVolume } from '../../core/format.ts';
import { LANGS, LOCALE, type Lang } from '../../core/langs.ts';
import type { Formatters } from './types.ts';

type GetNumberFormat = IntlShape['formatters']['getNumberFormat'];

/**
 * `formatWeight` of src/core/format.ts as one cached formatter: the locale's digits with
 * 2 decimals, every thousands group separated by a plain space. The locale's group
 * separator is found once; no locale uses it for anything else in a number.
 */
export function spacedFormat(locale: string, getNumberFormat: GetNumberFormat, unit: string): (v: number) => string {
  const f = getNumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: 'always' });
  const group = f.formatToParts(1234567.5).find((p) => p.type === 'group')?.value;
  if (!group || group === ' ') return (v) => `${f.format(v)}${unit}`;
  return (v) => `${f.format(v).replaceAll(group, ' ')}${unit}`;
}

/** The UI language of a locale (LOCALE's), English when it is none. */
const langOfLocale = (locale: string): Lang => LANGS.find((l) => LOCALE[l] === locale) ?? 'en';

export function createFormatters(intl: IntlShape): Formatters {
  const { getNumberFormat } = intl.formatters;
  // The column types' formats (core/columnTypes/): the cells, the first paint and the change log say values alike.
  const typed = { lang: langOfLocale(intl.locale) };
  const { int, number, money, date, datetime } = columnTypes;
  return {
    int: (v) => int.format(v, typed),
    number: (v) => number.format(v, typed),
    // Amounts without a currency (the money display formats with one when the grid passes session data).
    money: (v) => money.format(v, typed),
    // Spec §9: 2 decimals, space thousands separators, in kg (formatWeight's text, from one
    // cached formatter: a grid formats a weight per visible cell on every scrolled frame);
    // the unit symbols are the language's (Bulgarian кг, м³).
    weight: spacedFormat(intl.locale, getNumberFormat, ` ${intl.formatMessage({ id: 'grid.unit_kg' })}`),
    volume: (v) => formatVolume(v, intl.locale, intl.formatMessage({ id: 'grid.unit_m3' })),
    // As the language writes a day (05.03.2026 in German), as the kanban and the printed documents do; a timestamp as its local day.
    date: (v) => date.format(v, typed),
    // The day so, then HH:mm in local time, 24-hour.
    datetime: (v) => datetime.format(v, typed),
  };
}
