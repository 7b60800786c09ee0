/** The column chooser's content (ColumnChooser.tsx): a chunk of its own, loaded with its first opening. */
import type { GridModel } from '../columns.ts';
import type { ViewState } from '../columnState.ts';

export interface Props {
  model: GridModel;
  state: ViewState;
  hasTotals: boolean;
  t: (id: string) => string;
  onVisible(field: string, visible: boolean): void;
  onTotals(on: boolean): void;
  onReset(): void;
}

export default function ChooserPanel({ model, state, hasTotals, t, onVisible, onTotals, onReset }: Props) {
  const order = state.columnOrder.filter((f) => model.byField.has(f));
  const visibleCount = order.filter((f) => state.columnVisibility[f] !== false).length;
  return (
    <>
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
    </>
  );
}
