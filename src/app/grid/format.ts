/** Number and date formats of the current locale (react-intl's cached Intl formatters). */
import type { IntlShape } from 'react-intl';
import type { Formatters } from './types.ts';

const pad = (n: string) => n.padStart(2, '0');
const DATE = /^(\d{4})-(\d{2})-(\d{2})/;

export function createFormatters(intl: IntlShape): Formatters {
  const { getNumberFormat, getDateTimeFormat } = intl.formatters;
  const int = getNumberFormat(intl.locale, { maximumFractionDigits: 0 });
  const num = getNumberFormat(intl.locale, { maximumFractionDigits: 3 });
  const money = getNumberFormat(intl.locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const fixed2 = getNumberFormat(intl.locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const dt = getDateTimeFormat(intl.locale, {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  const asDate = (v: unknown): Date | null => {
    if (v instanceof Date) return Number.isNaN(v.getTime()) ? null : v;
    if (typeof v !== 'string' && typeof v !== 'number') return null;
    const d = new Date(v);
    return Number.isNaN(d.getTime()) ? null : d;
  };
  return {
    int: (v) => int.format(v),
    number: (v) => num.format(v),
    money: (v) => money.format(v),
    // Spec §9: 2 decimals, space thousands separators, in kg.
    weight: (v) =>
      `${fixed2
        .formatToParts(v)
        .map((p) => (p.type === 'group' ? ' ' : p.value))
        .join('')} kg`,
    // Spec §9: yyyy-MM-dd (dates travel as such; a timestamp is shown as its local day).
    date(v) {
      if (typeof v === 'string' && DATE.test(v) && v.length === 10) return v;
      const d = asDate(v);
      if (!d) return v == null ? '' : String(v);
      return `${d.getFullYear()}-${pad(String(d.getMonth() + 1))}-${pad(String(d.getDate()))}`;
    },
    // yyyy-MM-dd HH:mm in local time, 24-hour.
    datetime(v) {
      const d = asDate(v);
      if (!d) return v == null ? '' : String(v);
      const part: Record<string, string> = {};
      for (const p of dt.formatToParts(d)) part[p.type] = p.value;
      return `${part.year}-${pad(part.month ?? '')}-${pad(part.day ?? '')} ${pad(part.hour ?? '')}:${pad(part.minute ?? '')}`;
    },
  };
}
