/**
 * Body rows: display-only. A data row renders its cells with the column renderers; a
 * group row shows the group's value and count. No handlers here: the grid body's one
 * delegated handler set reads `data-index` and `aria-colindex`. Memoized: a row
 * re-renders only when its row, its active/edited/ranged/invalid cells, its selection or
 * the layout change — scrolling mounts new rows and leaves the others alone.
 */
import { memo, type ReactNode } from 'react';
import type { GroupNode } from '../rowModel/grouping.ts';
import { sameProps } from './sameProps.ts';
import { markedCellTitle } from '../../../core/rowMarkers.ts';
import type { ViewColumn } from '../layout.ts';
import type { FitHolder } from './textFit.ts';
import type { GroupTotals } from '../features/totals/totals.feature.tsx';
import type { CellCtx, GridRow } from '../types.ts';

interface RowViewProps {
  index: number;
  top: number;
  row: GridRow | undefined;
  /** aria-rowindex of the first body row (after the header rows). */
  rowIndexBase: number;
  cols: ViewColumn[];
  activeCol: number;
  /** Columns of the cell range in this row (inclusive), -1 when none (or a single cell). */
  rangeFrom: number;
  rangeTo: number;
  editingField: string | null;
  editor: ReactNode;
  selected: boolean;
  /** The row's marks (core/rowMarkers.ts), space-separated: gridMarkers.css colours them. */
  marks: string;
  selectLabel: string;
  /** Flagged cells of this row: field → message. */
  invalid: Readonly<Record<string, string>> | undefined;
  ctx: CellCtx;
  /** Nesting under groups (indents the first cell). */
  depth: number;
  /** Which plain-text cells surely fit (they go without a clip: textFit.ts). */
  fit: FitHolder;
  /** The unpinned columns rendered (columnWindow.ts), inclusive; -1: all. The active cell's always is. */
  colFrom: number;
  colTo: number;
}

export const RowView = memo(
  function RowView({ index, top, row, rowIndexBase, cols, activeCol, rangeFrom, rangeTo, editingField, editor, selected, marks, selectLabel, invalid, ctx, depth, fit, colFrom, colTo }: RowViewProps) {
    const windowed = colTo >= 0;
    return (
      <div
        role="row"
        className={`grid-row${index % 2 ? ' grid-row-odd' : ''}${selected ? ' grid-row-selected' : ''}${row ? '' : ' grid-row-loading'}${editingField ? ' grid-row-editing' : ''}`}
        aria-rowindex={index + rowIndexBase}
        aria-selected={selectLabel ? selected : undefined}
        aria-busy={row ? undefined : true}
        aria-level={depth ? depth + 1 : undefined}
        data-index={index}
        data-key={row?.id}
        data-marks={marks || undefined}
        style={{ transform: `translateY(${top}px)` }}
      >
        {cols.map((vc, i) => {
          if (windowed && !vc.pinned && (i < colFrom || i > colTo) && i !== activeCol && editingField !== vc.id) return null;
          const style = windowed ? vc.placed : vc.style;
          let className = vc.className;
          if (i === activeCol) className += ' cell-active';
          if (i >= rangeFrom && i <= rangeTo) className += ' cell-in-range';
          if (!vc.col) {
            return (
              <div key={vc.id} role="gridcell" aria-colindex={i + 1} tabIndex={i === activeCol ? 0 : -1} className={className} style={style}>
                {row && <span role="checkbox" aria-checked={selected} aria-label={selectLabel} className={`cell-checkbox${selected ? ' cell-checkbox-on' : ''}`} />}
              </div>
            );
          }
          const editingHere = editingField === vc.id;
          const problem = invalid?.[vc.id];
          if (problem) className += ' cell-invalid';
          if (editingHere) className += ' cell-editing';
          // An editable column the rows' workflow state locks: the cell says why.
          const lockedHere = !vc.canEdit && vc.col.editable && ctx.locked ? ctx.locked : undefined;
          if (lockedHere) className += ' cell-locked';
          // A cell its row's mark concerns (a price under the minimum margin) says why.
          const markedKey = markedCellTitle(marks, vc.id);
          const indented = depth > 0 && i === firstDataCol(cols);
          const content = editingHere ? editor : row ? vc.col.renderer.render({ value: row.data[vc.id], row: row.data, col: vc.col, ctx, canEdit: vc.canEdit }) : null;
          // A flex column is at least its minimum wide.
          if (!editingHere && !indented && typeof content === 'string' && fit.fit?.fits(content, (vc.width ?? vc.minWidth) - 2 * fit.pad)) className += ' cell-fits';
          return (
            <div
              key={vc.id}
              role="gridcell"
              aria-colindex={i + 1}
              aria-readonly={vc.canEdit ? 'false' : 'true'}
              aria-invalid={problem ? 'true' : undefined}
              aria-selected={i >= rangeFrom && i <= rangeTo ? true : undefined}
              title={problem ?? lockedHere ?? (markedKey && row ? ctx.t(markedKey) : undefined)}
              data-field={vc.id}
              tabIndex={i === activeCol ? 0 : -1}
              className={className}
              style={indented ? { ...style, paddingLeft: `calc(var(--grid-cell-pad) + ${depth * 16}px)` } : style}
            >
              {content}
            </div>
          );
        })}
      </div>
    );
  },
  sameProps<RowViewProps>({
    index: true,
    top: true,
    row: true,
    rowIndexBase: true,
    cols: true,
    activeCol: true,
    rangeFrom: true,
    rangeTo: true,
    editingField: true,
    editor: true,
    selected: true,
    marks: true,
    selectLabel: true,
    invalid: true,
    ctx: true,
    depth: true,
    fit: true,
    colFrom: true,
    colTo: true,
  }),
);

const firstDataCol = (cols: ViewColumn[]) => cols.findIndex((c) => c.col !== null);

interface GroupRowProps {
  index: number;
  top: number;
  rowIndexBase: number;
  node: GroupNode;
  expanded: boolean;
  label: string;
  valueText: string;
  active: boolean;
  cols: ViewColumn[];
  /** The totals row's aggregates of the group (totals row on), under their columns. */
  totals: GroupTotals | null;
}

/** A group header row: ▸ label: value (count); one cell across the grid, or up to the first totals cell. */
export const GroupRowView = memo(
  function GroupRowView({ index, top, rowIndexBase, node, expanded, label, valueText, active, cols, totals }: GroupRowProps) {
    const agg = totals?.(node.id, cols);
    const indent = `calc(var(--grid-cell-pad) + ${node.depth * 16}px)`;
    // With aggregates the label may take the columns before the first of them (flex ones at their minimum).
    const room = agg ? cols.slice(0, agg.span).reduce((w, c) => w + (c.width ?? c.minWidth), 0) : undefined;
    return (
      <div
        role="row"
        className={`grid-row grid-group-row${index % 2 ? ' grid-row-odd' : ''}`}
        aria-rowindex={index + rowIndexBase}
        aria-expanded={expanded}
        aria-level={node.depth + 1}
        data-index={index}
        data-group={node.id}
        style={{ transform: `translateY(${top}px)` }}
      >
        <div role="gridcell" aria-colindex={1} aria-colspan={agg?.span ?? cols.length} tabIndex={active ? 0 : -1} className={`cell grid-group-cell${active ? ' cell-active' : ''}`}>
          {/* Sticky at the row's start like a pinned cell: the label stays in view when the grid is scrolled right. */}
          <span
            className="grid-group-sticky"
            style={{ left: indent, marginLeft: node.depth * 16, maxWidth: room === undefined ? undefined : `calc(${room}px - 2 * var(--grid-cell-pad) - ${node.depth * 16}px)` }}
          >
            <span className="grid-group-toggle" aria-hidden="true">
              {expanded ? '▾' : '▸'}
            </span>{' '}
            <span className="grid-group-label">{label}:</span> <span className="grid-group-value">{valueText}</span> <span className="grid-group-count">({node.count})</span>
          </span>
        </div>
        {agg?.cells}
      </div>
    );
  },
  sameProps<GroupRowProps>({ index: true, top: true, rowIndexBase: true, node: true, expanded: true, label: true, valueText: true, active: true, cols: true, totals: true }),
);
