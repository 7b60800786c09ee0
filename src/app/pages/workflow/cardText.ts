import type { IntlShape } from 'react-intl';
import type { ScreenDescriptor } from '../../../../schemas/screen.ts';
import type { Row } from './board.ts';
import { nameIn } from './board.ts';
import { formatDay } from '../../../core/format.ts';

/** A card field's text: money in the row's currency, dates (as the grid shows them) and numbers in the locale, names in the language. */
export function cardText(screen: ScreenDescriptor, field: string, row: Row, intl: IntlShape, lang: string): string {
  const v = row[field];
  if (v === null || v === undefined || v === '') return '';
  const col = screen.columns[field];
  switch (col?.type) {
    case 'money': {
      const currency = col.currencyField ? row[col.currencyField] : undefined;
      return typeof currency === 'string' && currency ? intl.formatNumber(Number(v), { style: 'currency', currency }) : intl.formatNumber(Number(v));
    }
    case 'int':
    case 'number':
      return intl.formatNumber(Number(v));
    case 'date':
      // As the grid and the printed documents show a day (core/format.ts).
      return formatDay(v, intl.locale);
    case 'multi':
      return nameIn(v, lang);
    default:
      return String(v);
  }
}
