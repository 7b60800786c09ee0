/**
 * Export cells of the renderers that name their values in words, as the grid shows them:
 * any option column's values and a renderer's of core/optionNames.ts (keep_in_stock 2 → 'On order', a change log's action
 * 'Changed', a logged screen's title 'Product list'; options.ts) and what an entry changed
 * ('Selling price: 53.99 → 59.99', src/core/changeSummary.ts), in the request language from
 * its catalogue, ref values by their lookup's text (looked up per export window:
 * actions/change_labels.ts). Other columns are exported by type (cells.ts).
 */
import type { ColumnMeta } from '../../../schemas/screen.ts';
import { changeLines, changeText, type RefLabels, type SummaryWords } from '../../core/changeSummary.ts';
import { formatDate, formatDateTime } from '../../core/format.ts';
import { DEFAULT_LANG, isLang } from '../../core/langs.ts';
import { columnTypes } from '../../core/columnTypes/index.ts';
import { optionLabelIdOf } from '../../core/optionNames.ts';
import { screens } from '../actions/engine/screens.ts';
import { catalogueText } from './catalogue.ts';
import type { CellStyle } from './cells.ts';
import { optionName } from './options.ts';

const words = new Map<string, SummaryWords>();

/** The request language's summary words: its catalogue and the grid's number formats, date-times in the browser's zone. */
function wordsOf(lang: string, timeZone: string): SummaryWords {
  const key = `${lang} ${timeZone}`;
  let w = words.get(key);
  if (!w) {
    // The column types' formats (core/columnTypes/), as the grid's cells say numbers; an amount without its currency.
    const typed = { lang: isLang(lang) ? lang : DEFAULT_LANG };
    const t = (id: string) => catalogueText(lang, id);
    w = {
      lang,
      t,
      int: (n) => columnTypes.int.format(n, typed),
      number: (n) => columnTypes.number.format(n, typed),
      money: (n) => columnTypes.money.format(n, typed),
      date: formatDate,
      datetime: (v) => formatDateTime(v, timeZone),
      option: (col, v) => {
        const id = optionLabelIdOf(col);
        return id ? t(id(v)) : undefined;
      },
    };
    words.set(key, w);
  }
  return w;
}

/**
 * The text of a named cell, or undefined when the column's renderer names nothing. `refs`:
 * the texts of a change summary's ref values (the row's logged form's, see change_labels.ts).
 */
export function namedCell(col: ColumnMeta, row: Record<string, unknown>, field: string, { lang, timeZone }: Pick<CellStyle, 'lang' | 'timeZone'>, refs?: RefLabels): string | undefined {
  const value = row[field];
  if (col.renderer !== 'changeSummary') return optionName(col, value, lang);
  const form = typeof row.entity_name === 'string' ? row.entity_name : '';
  return changeText(changeLines(value, screens.get(form), wordsOf(lang, timeZone), refs), row.log_action);
}
