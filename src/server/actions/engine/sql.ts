import type { ColumnType } from '../../../../schemas/screen.ts';

/**
 * SQL text is built only from identifiers a descriptor declares (already checked
 * against /^[a-z_][a-z0-9_]*$/ by the schema); every value travels as a parameter.
 */
export const ident = (name: string): string => {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not an identifier: ${name}`);
  return `"${name}"`;
};
export const relation = (qualified: string): string => qualified.split('.').map(ident).join('.');

/** Collects parameters and hands out their $n placeholders. */
export class Params {
  readonly values: unknown[] = [];
  add(value: unknown, cast?: string): string {
    this.values.push(value);
    return cast ? `$${this.values.length}::${cast}` : `$${this.values.length}`;
  }
}

/** The PostgreSQL type a value of a column type is cast to when it is a parameter. */
export const castOf: Record<Exclude<ColumnType, 'ref'>, string> = {
  text: 'text',
  multi: 'text',
  int: 'numeric',
  number: 'numeric',
  money: 'numeric',
  bool: 'boolean',
  date: 'date',
  datetime: 'timestamptz',
  json: 'jsonb',
};
