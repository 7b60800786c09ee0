/** The column chooser: show/hide columns (in their current order), the totals row, and "Reset columns". */
import { useState } from 'react';
import type { GridModel } from './columns.ts';
import type { ViewState } from './columnState.ts';
import { Popup } from './popover/Popup.tsx';

interface Props {
  model: GridModel;
  state: ViewState;
  hasTotals: boolean;
  t: (id: string) => string;
  onVisible(field: string, visible: boolean): void;
  onTotals(on: boolean): void;
  onReset(): void;
}

export function ColumnChooser({ model, state, hasTotals, t, onVisible, onTotals, onReset }: Props) {
  const order = state.columnOrder.filter((f) => model.byField.has(f));
  const visibleCount = order.filter((f) => state.columnVisibility[f] !== false).length;
  const [open, setOpen] = useState(false);
  return (
    <Popup
      open={open}
      onOpenChange={setOpen}
      trigger={{ className: 'grid-columns', 'aria-haspopup': 'dialog' }}
      label={t('grid.columns')}
      panel={{ className: 'grid-popover grid-chooser', label: t('grid.columns'), align: 'end', sideOffset: 4 }}
    >
      <fieldset className="grid-chooser-list">
        <legend className="visually-hidden">{t('grid.columns')}</legend>
        {order.map((f) => {
          const col = model.byField.get(f)!;
          const visible = state.columnVisibility[f] !== false;
          return (
            <label key={f} className="grid-chooser-item" data-field={f}>
              <input type="checkbox" checked={visible} disabled={visible && visibleCount <= 1} onChange={(e) => onVisible(f, e.target.checked)} />
              <span>{t(col.labelId)}</span>
            </label>
          );
        })}
      </fieldset>
      {hasTotals && (
        <label className="grid-chooser-item grid-chooser-totals">
          <input type="checkbox" checked={state.totals} onChange={(e) => onTotals(e.target.checked)} />
          <span>{t('grid.totals_row')}</span>
        </label>
      )}
      <button type="button" className="grid-reset-columns" onClick={onReset}>
        {t('grid.reset_columns')}
      </button>
    </Popup>
  );
}
