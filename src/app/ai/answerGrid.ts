/**
 * An Ask-AI answer as the grid's input, built in the browser from the answer itself (no
 * descriptor on the server, no list call): a read-only screen with one column per answer
 * column (number or text, as runner.ts `shape` typed it), the rows as objects, and the
 * header texts. Fields are `ai_c<i>`, not the SQL names: a name may be any quoted alias
 * ("Stock value", two columns alike); its text is the header through `labels`.
 */
import type { ScreenDescriptor } from '../../../schemas/screen.ts';
import { fieldLabelId } from '../../core/fieldLabel.ts';
import { expand } from '../../generated/screenDefaults.ts';
import type { Row } from '../grid/types.ts';
import type { AiAnswer } from './answer.ts';

/** The rows' own key (their place in the answer): never a column, so never shown. */
const ROW_KEY = 'ai_row';

export interface AnswerGrid {
  screen: ScreenDescriptor;
  rows: Row[];
  /** Catalogue entries for the headers (`fields.ai_c<i>` → the column's name). */
  labels: Record<string, string>;
}

const field = (i: number) => `ai_c${i}`;

/** A text column's value as a text: JSON values (objects, arrays), booleans and the like as they read. */
function textOf(x: unknown): string | null {
  if (x === null || x === undefined) return null;
  if (typeof x === 'string') return x;
  if (typeof x === 'object') return JSON.stringify(x);
  return String(x);
}

export function answerGrid(answer: AiAnswer): AnswerGrid {
  const columns: Record<string, object> = {};
  const labels: Record<string, string> = {};
  answer.columns.forEach((c, i) => {
    columns[field(i)] = { type: c.kind === 'number' ? 'number' : 'text' };
    labels[fieldLabelId(field(i), undefined)] = c.name;
  });
  const numeric = answer.columns.map((c) => c.kind === 'number');
  const rows = answer.rows.map((r, n) => {
    const row: Row = { [ROW_KEY]: n };
    r.forEach((x, i) => (row[field(i)] = numeric[i] ? (typeof x === 'number' ? x : null) : textOf(x)));
    return row;
  });
  // Never read from a relation (the rows are handed in). No default sort: unsorted, the rows keep the answer's order (its ORDER BY).
  const screen = expand({ form: 'ai_answer', source: { relation: 'browser.ai_answer', key: ROW_KEY }, actions: { export: false }, columns });
  return { screen, rows, labels };
}
