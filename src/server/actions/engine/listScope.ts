/**
 * What a list request selects and in which scope, and a column's SQL as that scope reads it:
 * the part of list.ts that search.ts, params.ts and aggregate.ts build on (list.ts calls them).
 */
import type * as v from 'valibot';
import type { FilterItem } from '../../../../schemas/api.ts';
import { isLang } from '../../../core/langs.ts';
import type { OwnerScope } from './owner.ts';
import type { Screen } from './screens.ts';
import { ident, type Params } from './sql.ts';

export interface ListScope extends OwnerScope {
  company: string | null;
  language: string;
}

export type Filter = v.InferOutput<typeof FilterItem>;

/** The rows a request selects: company and owner scope, filterModel and equality filters (a part of list.ts `ListRequest`). */
export interface WhereRequest {
  filterModel?: Record<string, Filter> | undefined;
  /** Equality filters of the `filter` action. */
  equals?: Record<string, unknown> | undefined;
}

/**
 * The SQL expression of a column: multi-language columns read the request's language, rich
 * text (`html`) as the grid's cell reads it (app.html_text, twin of core/htmlText.ts), so its
 * filters, sorts and search see the visible text, never tag names.
 */
export function expr(screen: Screen, field: string, p: Params, scope: ListScope, langParam: { ref?: string }): string {
  const col = screen.columns[field];
  if (col?.type === 'multi') {
    // A known language is written out: an index on a language's text (migration 082) is
    // matched by the planner only against the same constant, in every kind of plan.
    langParam.ref ??= isLang(scope.language) ? `'${scope.language}'::text` : p.add(scope.language, 'text');
    const text = `(${ident(field)} ->> ${langParam.ref})`;
    return col.html ? `app.html_text${text}` : text;
  }
  return ident(field);
}
