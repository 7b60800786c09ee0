/**
 * JSON: any JSON value (its text at most 100,000 characters). Shown as compact JSON; typed
 * as JSON text (blank → no value). Not sorted by the grid; where something must order it,
 * by its JSON text in code points.
 */
import { compactJson } from '../format.ts';
import { M } from '../validation/messages.ts';
import type { ColumnTypeModule } from './types.ts';

export const json: ColumnTypeModule = {
  type: 'json',
  kind: 'json',
  numeric: false,
  filter: null,
  align: 'start',
  editor: 'json',
  sortable: false,
  parse(text) {
    const t = text.trim();
    if (t === '') return { ok: true, value: null };
    try {
      return { ok: true, value: JSON.parse(t) as unknown };
    } catch {
      return { ok: false, message: M.type_json };
    }
  },
  format: (value) => compactJson(value),
};
