/** What a row rule (rowRules.ts) is given: the rows about to be written, and the rule's shape. */
import type { Screen } from './screens.ts';

/** One row about to be written: where it is named in errors, its key (a set; an add's key is among its values), its values. */
export interface WrittenRow {
  where: string;
  keys?: readonly unknown[];
  values: Record<string, unknown>;
}

/** A rule of a form's written values: throws a 400 naming the field. */
export type RowRule = (screen: Screen, rows: readonly WrittenRow[]) => void;
