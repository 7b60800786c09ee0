/**
 * What a query compares a column's values as — the one rule the client row model
 * (app/grid/rowModel/clientQuery.ts) and the server's SQL (server/actions/engine/list.ts) read:
 * each column type's `kind` (core/columnTypes/).
 */
import { columnTypes } from '../columnTypes/index.ts';
import type { Kind } from '../columnTypes/types.ts';
import type { ColumnType } from '../descriptor.ts';

/** Scalar type of a column's values (a ref takes the type of its lookup's key). */
export type ValueType = Exclude<ColumnType, 'ref'>;

/** text: text and multi-language text; number: int, number, money; date: date and datetime. */
export type { Kind } from '../columnTypes/types.ts';

export const kindOf = (t: ValueType): Kind => columnTypes[t].kind;
