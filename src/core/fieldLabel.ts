import type { ColumnSpec } from './descriptor.ts';

/** The locale key of a column's header, form label, filter label and export header (spec: `fields.<field>`, or the descriptor's `label`). */
export const fieldLabelId = (field: string, col: Pick<ColumnSpec, 'label'> | undefined): string => `fields.${col?.label ?? field}`;
