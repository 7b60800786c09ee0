/**
 * The meaning of what an AG Grid request says (its keys: schemas/agGrid.ts). The columns it
 * names must be the screen's (400 `unknown_column`); what the list does not serve is refused
 * (400 `unsupported`), never ignored into rows the client did not ask for: an absolute sort,
 * row grouping (group rows come from `aggregate`) and pivoting. valueCols only name the
 * aggregates of group rows, so without grouping they are checked and ignored.
 */
import type * as v from 'valibot';
import type { ListPayload } from '../../../../schemas/api.ts';
import { unknownColumn, unsupported } from '../../http/errors.ts';
import type { Screen } from './screens.ts';

export type AgGridRequest = Partial<Pick<v.InferOutput<typeof ListPayload>, 'sortModel' | 'rowGroupCols' | 'valueCols' | 'pivotCols' | 'pivotMode' | 'groupKeys'>>;

/** Checks a request's sort and server-side keys against the screen; `where` prefixes the field paths. */
export function checkAgGridRequest(screen: Screen, req: AgGridRequest, where = 'payload'): void {
  const known = (id: string) => Object.hasOwn(screen.columns, id);
  req.sortModel?.forEach((s, i) => {
    if (!known(s.colId)) throw unknownColumn(`${where}.sortModel.${i}.colId`, s.colId);
    if (s.type === 'absolute') throw unsupported(`${where}.sortModel.${i}.type`, 'an absolute sort is not served');
  });
  for (const key of ['rowGroupCols', 'valueCols', 'pivotCols'] as const) {
    req[key]?.forEach((c, i) => {
      if (!known(c.id)) throw unknownColumn(`${where}.${key}.${i}.id`, c.id);
    });
  }
  if (req.rowGroupCols?.length) throw unsupported(`${where}.rowGroupCols`, 'row groups are answered by the aggregate action');
  if (req.groupKeys?.length) throw unsupported(`${where}.groupKeys`, 'row groups are answered by the aggregate action');
  if (req.pivotCols?.length) throw unsupported(`${where}.pivotCols`, 'pivoting is not served');
  if (req.pivotMode) throw unsupported(`${where}.pivotMode`, 'pivoting is not served');
}
