/** What cells read (built once per grid render, never per cell), and the order of group rows. */
import type { IntlShape } from 'react-intl';
import { pickText } from '../../../../core/multiText.ts';
import type { Values } from '../../../i18n/useT.ts';
import { cellText } from '../../cellText.ts';
import type { GridModel } from '../../columns.ts';
import type { SortItem } from '../../filters.ts';
import { createFormatters } from '../../format.ts';
import type { GroupOrder } from '../../rowModel/grouping.ts';
import type { LookupStore } from '../../lookups.ts';
import type { CellCtx, CellSession } from '../../types.ts';

/** Text of a multi-language value: the language's, else English, else the first one (core/multiText.ts). */
const multiText = (v: unknown, lang: string): string => pickText(v, lang)?.text ?? '';

export function cellContext(intl: IntlShape, lang: CellCtx['lang'], lookups: LookupStore, company: string | undefined, session: CellSession, canDelete: boolean): CellCtx {
  // Texts without values are looked up once per grid and language (cells ask for Yes/No
  // and the like thousands of times while scrolling).
  const texts = new Map<string, string>();
  return {
    lang,
    fmt: createFormatters(intl),
    t: (id: string, values?: Values) => {
      if (values) return intl.formatMessage({ id }, values as Record<string, string>);
      let text = texts.get(id);
      if (text === undefined) {
        text = intl.formatMessage({ id });
        texts.set(id, text);
      }
      return text;
    },
    lookup: (form: string) => lookups.get(form, company),
    multi: (v: unknown) => multiText(v, lang),
    session,
    canDelete,
  };
}

/** Groups in the order of what their rows show (a brand's name, not its id), descending where sorted so (grouping.ts). */
export function groupOrder(model: GridModel, ctx: CellCtx, sortModel: readonly SortItem[]): GroupOrder {
  return {
    key: (field, value) => {
      const col = model.byField.get(field);
      return col && (col.lookup || typeof value !== 'number') ? cellText(col, value, {}, ctx) : value;
    },
    desc: (field) => sortModel.some((s) => s.colId === field && s.sort === 'desc'),
  };
}
