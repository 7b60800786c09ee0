/**
 * Column headers: label and sort (Shift-click adds a sort column), the column menu (pin
 * left/right, group by, hide, the totals function), reorder by dragging the header,
 * resize by dragging its right edge (double-click: back to the default width). The keys
 * of the header rows are headerKeys.ts' (the menu by Alt+ArrowDown). Memoized:
 * a header re-renders only when its own props change.
 */
import { memo, useState, type DragEvent, type PointerEvent } from 'react';
import { MIN_WIDTH } from '../../../core/gridLayout.ts';
import { AGG_FNS, type TotalFn } from '../gridApi.ts';
import type { ViewColumn } from '../layout.ts';
import { hideFromMenu, takeAfterHide } from '../features/keyboard/headerKeys.ts';
import { Popup } from '../popover/Popup.tsx';
import type { GridColumn } from '../types.ts';

export interface HeaderActions {
  /** A header click: cycles the column's sort (`multi`: Shift, adds it to the sort). */
  sort(id: string, multi: boolean): void;
  /** A floating filter's value (undefined: none). */
  filter(id: string, value: unknown): void;
  /** A floating text filter got the focus: its column's filter is about to be used. */
  prepareFilter(id: string): void;
  resize(id: string, width: number | null): void;
  move(id: string, target: string, after: boolean): void;
  pin(id: string, side: 'start' | 'end' | false): void;
  hide(id: string): void;
  toggleGroup(id: string): void;
  setAgg(id: string, fn: TotalFn): void;
}

const DRAG_TYPE = 'application/x-grid-column';

export const AGG_LABEL: Record<TotalFn, string> = { sum: 'grid.agg_sum', avg: 'grid.agg_avg', min: 'grid.agg_min', max: 'grid.agg_max', none: 'common.none' };

interface HeaderCellProps {
  vc: ViewColumn;
  col: GridColumn;
  index: number;
  label: string;
  sorted: false | 'asc' | 'desc';
  /** Position in a multi-column sort, -1 when sorting by one column (or none). */
  sortIndex: number;
  grouped: boolean;
  canGroup: boolean;
  /** The totals function ('none': switched off here), for a column with a totals cell (else null). */
  agg: TotalFn | null;
  /** The totals row is shown: only then is the column's function ticked (picking one shows the row). */
  totalsOn: boolean;
  actions: HeaderActions;
  t: (id: string) => string;
}

export const HeaderCell = memo(function HeaderCell({ vc, col, index, label, sorted, sortIndex, grouped, canGroup, agg, totalsOn, actions, t }: HeaderCellProps) {
  const [drop, setDrop] = useState<'before' | 'after' | null>(null);
  const [menuOpen, setMenuOpen] = useState(false);

  const startResize = (e: PointerEvent<HTMLSpanElement>) => {
    e.preventDefault();
    e.stopPropagation();
    const handle = e.currentTarget;
    const cell = handle.parentElement;
    if (!cell) return;
    const startX = e.clientX;
    const startWidth = cell.getBoundingClientRect().width;
    handle.setPointerCapture(e.pointerId);
    const onMove = (ev: globalThis.PointerEvent) => actions.resize(vc.id, Math.max(MIN_WIDTH, Math.round(startWidth + ev.clientX - startX)));
    const onUp = () => {
      handle.removeEventListener('pointermove', onMove);
      handle.removeEventListener('pointerup', onUp);
      handle.removeEventListener('pointercancel', onUp);
    };
    handle.addEventListener('pointermove', onMove);
    handle.addEventListener('pointerup', onUp);
    handle.addEventListener('pointercancel', onUp);
  };

  const side = (e: DragEvent<HTMLDivElement>) => {
    const r = e.currentTarget.getBoundingClientRect();
    return e.clientX > r.left + r.width / 2 ? 'after' : 'before';
  };

  const item = (action: string, text: string, onSelect: () => void, checked?: boolean, role: 'menuitem' | 'menuitemradio' | 'menuitemcheckbox' = 'menuitem') => (
    <button
      type="button"
      role={role}
      aria-checked={role === 'menuitem' ? undefined : !!checked}
      data-action={action}
      className="grid-menu-item"
      onClick={() => {
        setMenuOpen(false);
        onSelect();
      }}
    >
      {text}
    </button>
  );
  const pinned = vc.pinned;

  return (
    <div
      role="columnheader"
      aria-colindex={index + 1}
      aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none'}
      data-field={col.field}
      className={`grid-hcell cell-${col.align}${pinned ? ` cell-pinned cell-pinned-${pinned}` : ''}${drop ? ` grid-hcell-drop-${drop}` : ''}${grouped ? ' grid-hcell-grouped' : ''}`}
      style={vc.style}
      onDragOver={(e) => {
        if (!e.dataTransfer.types.includes(DRAG_TYPE)) return;
        e.preventDefault();
        e.dataTransfer.dropEffect = 'move';
        const s = side(e);
        if (s !== drop) setDrop(s);
      }}
      onDragLeave={() => setDrop(null)}
      onDrop={(e) => {
        const id = e.dataTransfer.getData(DRAG_TYPE);
        setDrop(null);
        if (!id || id === vc.id) return;
        e.preventDefault();
        actions.move(id, vc.id, side(e) === 'after');
      }}
    >
      {/* The label is the drag handle (the resize edge and the menu button are not inside it). */}
      <div
        className="grid-hdrag"
        draggable
        onDragStart={(e) => {
          e.dataTransfer.setData(DRAG_TYPE, vc.id);
          e.dataTransfer.setData('text/plain', vc.id);
          e.dataTransfer.effectAllowed = 'move';
        }}
      >
        {col.sortable ? (
          <button type="button" className="grid-sort" onClick={(e) => actions.sort(vc.id, e.shiftKey)} title={label}>
            <span className="grid-hlabel">{label}</span>
            {sorted && (
              <span className="grid-sort-icon" aria-hidden="true">
                {sorted === 'asc' ? '▲' : '▼'}
                {sortIndex >= 0 ? <sub>{sortIndex + 1}</sub> : null}
              </span>
            )}
          </button>
        ) : (
          <span className="grid-hlabel" title={label}>
            {label}
          </span>
        )}
      </div>
      <Popup
        open={menuOpen}
        onOpenChange={setMenuOpen}
        trigger={{ className: 'grid-hmenu', 'aria-label': `${t('grid.column_menu')}: ${label}`, 'aria-haspopup': 'menu', draggable: false }}
        label={null}
        panel={{
          className: 'grid-popover grid-menu',
          role: 'menu',
          label,
          align: 'end',
          sideOffset: 2,
          data: { 'data-column': col.field },
          focusOnClose: takeAfterHide,
        }}
      >
        {item('pin-left', t('grid.pin_left'), () => actions.pin(vc.id, 'start'), pinned === 'start', 'menuitemradio')}
        {item('pin-right', t('grid.pin_right'), () => actions.pin(vc.id, 'end'), pinned === 'end', 'menuitemradio')}
        {item('unpin', t('grid.unpin'), () => actions.pin(vc.id, false), !pinned, 'menuitemradio')}
        <div className="grid-menu-sep" role="separator" />
        {canGroup && item('group-by', t('grid.group_by'), () => actions.toggleGroup(vc.id), grouped, 'menuitemcheckbox')}
        {/* Hiding its own column removes the menu's button: the focus goes to a neighbour's header instead. */}
        {item('hide', t('grid.hide_column'), () => hideFromMenu(() => actions.hide(vc.id)))}
        {agg && (
          <>
            <div className="grid-menu-sep" role="separator" />
            <div className="grid-menu-label">{t('grid.totals')}</div>
            {[...AGG_FNS, 'none' as const].map((fn) => (
              <span key={fn}>{item(`agg-${fn}`, t(AGG_LABEL[fn]), () => actions.setAgg(vc.id, fn), totalsOn && agg === fn, 'menuitemradio')}</span>
            ))}
          </>
        )}
      </Popup>
      <span className="grid-resizer" aria-hidden="true" draggable={false} onPointerDown={startResize} onDoubleClick={() => actions.resize(vc.id, null)} />
    </div>
  );
});

/** The selection column's header: all rows of the query (checked, mixed or not). */
export function SelectAllCell({ vc, index, label, state, onToggle }: { vc: ViewColumn; index: number; label: string; state: 'true' | 'false' | 'mixed'; onToggle: () => void }) {
  return (
    <div role="columnheader" aria-colindex={index + 1} className="grid-hcell cell-select cell-pinned cell-pinned-start" style={vc.style}>
      <span
        role="checkbox"
        tabIndex={0}
        aria-checked={state}
        aria-label={label}
        className={`cell-checkbox${state === 'true' ? ' cell-checkbox-on' : state === 'mixed' ? ' cell-checkbox-mixed' : ''}`}
        onClick={onToggle}
        onKeyDown={(e) => {
          if (e.key === ' ' || e.key === 'Enter') {
            e.preventDefault();
            onToggle();
          }
        }}
      />
    </div>
  );
}
