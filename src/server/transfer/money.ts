/**
 * Money in exported sheets. Amounts are written as stored, in the currency they are stored
 * in, never converted into the view currency the cells may show: import reads a number
 * back as the stored amount (as the editor, paste and fill take it), so an exported file
 * imports without a value drifting by rates or rounding. To leave no doubt which currency
 * that is, a column in the company currency names it in its header ("Selling price
 * (EUR)") and, in XLSX, in its number format; a column whose rows name their own currency
 * (`currencyField`) is followed by that currency column (when the view does not export it
 * already), and its XLSX cells each carry their row's currency in their format.
 */
import type { ColumnMeta } from '../../../schemas/screen.ts';
import { fieldLabelId } from '../../core/fieldLabel.ts';
import { rowCurrency } from '../../core/money.ts';
import type { Queryable } from '../db/types.ts';
import type { Screen, ValueType } from '../actions/engine/screens.ts';
import { catalogueText } from './catalogue.ts';

export interface SheetColumn {
  field: string;
  header: string;
}

/** The company's currency (undefined without a company) and each currency's decimal digits. */
export interface Currencies {
  company: string | undefined;
  digits: Readonly<Record<string, number>>;
}

export async function currenciesOf(db: Queryable, company: string | null): Promise<Currencies> {
  const r = await db.query<{ company: string | null; digits: Record<string, number> | null }>(
    `select (select currency_code from app.companies where company_code = $1) as company,
            (select json_object_agg(currency_code, currency_precision) from app.currencies) as digits`,
    [company],
  );
  return { company: r.rows[0]?.company ?? undefined, digits: r.rows[0]?.digits ?? {} };
}

/** A money column: its type, or the money renderer on a number column (as the grid's isMoneyColumn). */
export const isMoney = (col: ColumnMeta, type: ValueType | undefined): boolean => type === 'money' || col.renderer === 'money';

/**
 * The sheet's columns: the view's, a money column in the company currency with the currency
 * in its header, a money column with a `currencyField` followed by that column (its header
 * the catalogue's label in the language) unless the view exports it.
 */
export function sheetColumns(screen: Screen, columns: readonly SheetColumn[], cur: Currencies, lang: string): SheetColumn[] {
  const exported = new Set(columns.map((c) => c.field));
  return columns.flatMap((c) => {
    const col = screen.columns[c.field]!;
    if (!isMoney(col, screen.valueType[c.field])) return [c];
    const own = col.currencyField;
    if (!own) return [cur.company ? { ...c, header: `${c.header} (${cur.company})` } : c];
    if (exported.has(own) || !screen.columns[own]) return [c];
    exported.add(own);
    return [c, { field: own, header: catalogueText(lang, fieldLabelId(own, screen.columns[own])) }];
  });
}

/** An XLSX number format naming the currency ('[$EUR] #,##0.00'); a plain amount without one. */
export function moneyFormat(currency: string | undefined, cur: Currencies): string {
  const digits = currency ? (cur.digits[currency] ?? 2) : 2;
  const amount = digits > 0 ? `#,##0.${'0'.repeat(digits)}` : '#,##0';
  return currency ? `[$${currency}] ${amount}` : amount;
}

/** The currency a money cell of `row` is stored in: its row's currency field's, else the company's. */
export const cellCurrency = (col: ColumnMeta, row: Readonly<Record<string, unknown>>, cur: Currencies): string | undefined => rowCurrency(row, col.currencyField, cur.company);
