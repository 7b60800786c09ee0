/**
 * What a query compares a column's values as — the one rule the client row model
 * (app/grid/rowModel/clientQuery.ts) and the server's SQL (server/actions/engine/list.ts) read.
 */
import type { ColumnType } from '../descriptor.ts';

/** Scalar type of a column's values (a ref takes the type of its lookup's key). */
export type ValueType = Exclude<ColumnType, 'ref'>;

/** text: text and multi-language text; number: int, number, money; date: date and datetime. */
export type Kind = 'text' | 'number' | 'date' | 'bool' | 'json';

export const kindOf = (t: ValueType): Kind => (t === 'text' || t === 'multi' ? 'text' : t === 'int' || t === 'number' || t === 'money' ? 'number' : t === 'date' || t === 'datetime' ? 'date' : t);
