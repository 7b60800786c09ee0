/**
 * What a column type states (one module per type, index.ts the record keyed by type): how a
 * user's text becomes its value (`parse`, in her language), how a value reads (`format`, in
 * her language and currency), whether a value keeps the column's rules (`validate`), with
 * what the rest of the system derives from the type (its query kind, filter, alignment, default editor). The grid's cells and editors, the forms,
 * the server's first paint and the export/import read these same functions, so a value
 * reads and is read alike everywhere.
 */
import type * as v from 'valibot';
import type { ColumnSpec, ColumnType } from '../descriptor.ts';
import type { Lang } from '../langs.ts';
import type { Rates } from '../money.ts';

/** What a query compares a column's values as: text (text, multi), number (int, number, money), date (date, datetime), bool, json. */
export type Kind = 'text' | 'number' | 'date' | 'bool' | 'json';

/** How a column is filtered from its floating filter ('option': one of its `options`, picked from their names). */
export type FilterKind = 'text' | 'number' | 'bool' | 'date' | 'datetime' | 'ref' | 'option';

/** The inline editor a column of the type gets when it names none (a key of core/registryKeys.ts `editorKeys`). */
type DefaultEditor = 'text' | 'int' | 'number' | 'bool' | 'date' | 'datetime' | 'multi' | 'json' | 'select';

/** A parse or check: the value, or a refusal (a validation message key, core/validation/messages.ts). */
export type Parsed = { ok: true; value: unknown } | { ok: false; message: string };

/**
 * How a money amount is typed and shown: in `shown` (the view currency when both rates are
 * known, else its own), with `digits` decimals, stored in `stored` (with `storedDigits`),
 * converted between them with the company `rates`.
 */
export interface MoneyTyping {
  stored: string;
  shown: string;
  digits: number;
  storedDigits: number;
  rates: Rates;
}

/** What a type's parse and format read of the user and her session. */
export interface TypeCtx {
  /** The UI language: numbers, days and words as it writes them. */
  lang: Lang;
  /** A catalogue text of the language ('common.yes'): yes/no words. Absent: English. */
  t?: ((id: string) => string) | undefined;
  /** A money cell's currencies (absent: an amount without a currency). */
  money?: MoneyTyping | undefined;
  /** The zone a date-time's clock reads in (absent: the local one). */
  timeZone?: string | undefined;
  /** An integer naming a record (a key, a `…_id`): its digits alone, no separators. */
  identifier?: boolean | undefined;
  /** The value being replaced: a multi-language text merges the language typed into it. */
  current?: unknown;
}

/** The parts of a column the value rules read. */
export type ColumnRules = Pick<ColumnSpec, 'required' | 'min' | 'max' | 'maxLength' | 'pattern' | 'patternHint' | 'options'> & Partial<Pick<ColumnSpec, 'format'>>;

/**
 * One column type: how its values are typed, read and sorted. Its value rules are its
 * `rules/<type>.ts` (`TypeRules`), a module apart because they are valibot schemas: a list
 * paints with these functions and without the validation code (docs/browser.md "Loading");
 * `validate.ts` gathers them.
 */
export interface ColumnTypeModule {
  type: ColumnType;
  /** What queries compare its values as (a ref: its lookup key's kind, see core/query/kinds.ts). */
  kind: Kind;
  /** Its values are numbers (int, number, money): aligned to the end, filtered and totalled as numbers. */
  numeric: boolean;
  /** Its floating filter (null: not filtered). */
  filter: FilterKind | null;
  /** Its cells' alignment where the renderer says none. */
  align: 'start' | 'end' | 'center';
  /** Its inline editor where the descriptor names none (null: not edited inline). */
  editor: DefaultEditor | null;
  /** Its values sort (a JSON value does not). */
  sortable: boolean;
  /** What the user typed or pasted, in her language → the value (before `validate`); blank → null. */
  parse(text: string, ctx: TypeCtx): Parsed;
  /** A value → its text in the user's language (and currency); no value → ''. */
  format(value: unknown, ctx: TypeCtx): string;
}

/** A column type's value rules (valibot schemas, built on first use). */
export interface TypeRules {
  /** The refusal of a value that is not of the type. */
  message: string;
  /** The bare type of a value (keys, filter values): no emptiness, no bounds. Null where a value has no scalar form (multi, json). */
  scalar(): v.GenericSchema<unknown, unknown> | null;
  /** The schema of a non-empty value with the column's rules (min/max, length, pattern, options…). */
  schema(col: ColumnRules): v.GenericSchema<unknown, unknown>;
}
