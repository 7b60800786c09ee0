/**
 * Number and date formats of the current locale (react-intl's cached Intl formatters);
 * the spec §9 rules (dates, date-times, weight) are the pure ones of src/core/format.ts.
 */
import type { IntlShape } from 'react-intl';
import { formatDate, formatDateTime, formatWeight } from '../../core/format.ts';
import type { Formatters } from './types.ts';

export function createFormatters(intl: IntlShape): Formatters {
  const { getNumberFormat } = intl.formatters;
  const int = getNumberFormat(intl.locale, { maximumFractionDigits: 0 });
  const num = getNumberFormat(intl.locale, { maximumFractionDigits: 3 });
  const money = getNumberFormat(intl.locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return {
    int: (v) => int.format(v),
    number: (v) => num.format(v),
    // Amounts without a currency (the money renderer formats with one when the grid passes session data).
    money: (v) => money.format(v),
    // Spec §9: 2 decimals, space thousands separators, in kg.
    weight: (v) => formatWeight(v, intl.locale),
    // Spec §9: yyyy-MM-dd (dates travel as such; a timestamp is shown as its local day).
    date: formatDate,
    // yyyy-MM-dd HH:mm in local time, 24-hour.
    datetime: (v) => formatDateTime(v),
  };
}
