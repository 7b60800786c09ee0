/**
 * What core reads of a screen descriptor. The descriptor's schema (schemas/screen.ts) is
 * built on core (its row rules, markers, column types), so core does not import it: core
 * states here the parts it reads, and the schema's types are checked to have this shape
 * (schemas/screen.ts `DescriptorShapes`). A function of core takes a descriptor, or a
 * `Pick` of these, as it is.
 */

/** A column's value type: drives SQL casts, validation, filters, renderers and editors. */
export const columnTypes = ['text', 'int', 'number', 'money', 'bool', 'date', 'datetime', 'multi', 'json', 'ref'] as const;
export type ColumnType = (typeof columnTypes)[number];

/** The workflow states in which a screen's rows or a column may be written (`editableIn`). */
export interface EditableInRule {
  parent?: string | undefined;
  states: string[];
}

/** The parts of a descriptor column core reads. */
export interface ColumnSpec {
  type: ColumnType;
  editable: boolean;
  editableOn?: 'add' | 'set' | undefined;
  editableIn?: EditableInRule | undefined;
  required: boolean;
  min?: number | string | undefined;
  max?: number | string | undefined;
  maxLength?: number | undefined;
  pattern?: string | undefined;
  patternHint?: string | undefined;
  format?: 'email' | undefined;
  options?: (string | number)[] | undefined;
  optionsKey?: string | undefined;
  lookup?: string | undefined;
  label?: string | undefined;
  renderer?: string | undefined;
  html: boolean;
  group?: string | undefined;
}

/** The parts of a descriptor core reads. */
export interface ScreenSpec {
  source: { key: string | string[]; generatedKey: boolean };
  columns: Record<string, ColumnSpec>;
  editableIn?: EditableInRule | undefined;
  actions: { bulk?: string[] | undefined };
}
