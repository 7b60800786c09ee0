/** A JSON cell: compact JSON (core/columnTypes/json.ts `format`), cut at 200 characters; the whole value (indented) in the tooltip. */
import { columnTypes } from '../../../core/columnTypes/index.ts';
import { prettyJson } from '../../../core/format.ts';
import type { CellRenderer } from '../../grid/types.ts';

export const jsonDisplay: CellRenderer = {
  render: ({ value, ctx }) => {
    const s = columnTypes.json.format(value, ctx);
    if (!s) return '';
    return <span title={prettyJson(value)}>{s.length > 200 ? `${s.slice(0, 200)}…` : s}</span>;
  },
};
