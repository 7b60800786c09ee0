/**
 * The toolbar's Fill: one value for one editable column, written into the selected rows
 * (or the rows of the cell range) in one bulk set. The value is typed as text and read
 * with the column's parser, then validated with its schema (cellCheck.ts, as the inline
 * editors are). Closing it (applied, Esc) puts the focus back into the grid, on its
 * active cell (`focusOnClose`), so the grid's keys (Ctrl+Z: undo the fill) work at once.
 */
import { useState, type FormEvent } from 'react';
import { Popup } from './popover/Popup.tsx';
import type { GridColumn } from './types.ts';

interface Props {
  columns: GridColumn[];
  defaultField: string | undefined;
  disabled: boolean;
  t: (id: string) => string;
  /** Answers an error text to show, or null when done. */
  onApply(field: string, text: string): Promise<string | null>;
  /** Where the focus goes when the dialog closes (the grid's active cell); default: the Fill button. */
  focusOnClose?: () => HTMLElement | null;
}

export function FillDialog({ columns, defaultField, disabled, t, onApply, focusOnClose }: Props) {
  const [open, setOpen] = useState(false);
  const [field, setField] = useState<string>('');
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const chosen = columns.some((c) => c.field === field) ? field : (defaultField && columns.some((c) => c.field === defaultField) ? defaultField : columns[0]?.field) ?? '';

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!chosen) return;
    setBusy(true);
    const problem = await onApply(chosen, text);
    setBusy(false);
    setError(problem);
    if (!problem) {
      setOpen(false);
      setText('');
    }
  };

  return (
    <Popup
      open={open}
      onOpenChange={(o) => {
        setOpen(o);
        setError(null);
        if (o) setField('');
      }}
      trigger={{ className: 'grid-fill', disabled: disabled || !columns.length, 'aria-haspopup': 'dialog' }}
      label={t('grid.fill')}
      panel={{ className: 'grid-popover grid-fill-dialog', label: t('grid.fill'), align: 'end', sideOffset: 4, focusOnClose }}
    >
      <form onSubmit={(e) => void submit(e)}>
        <label className="grid-form-row">
          <span>{t('grid.fill_column')}</span>
          <select className="grid-fill-column" value={chosen} onChange={(e) => setField(e.target.value)}>
            {columns.map((c) => (
              <option key={c.field} value={c.field}>
                {t(c.labelId)}
              </option>
            ))}
          </select>
        </label>
        <label className="grid-form-row">
          <span>{t('grid.fill_value')}</span>
          <input
            className="grid-fill-value"
            value={text}
            autoFocus
            aria-invalid={error ? 'true' : undefined}
            aria-describedby={error ? 'grid-fill-error' : undefined}
            onChange={(e) => {
              setText(e.target.value);
              setError(null);
            }}
          />
        </label>
        {error && (
          <p id="grid-fill-error" className="grid-form-error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="grid-fill-apply" disabled={busy}>
          {t('grid.fill_apply')}
        </button>
      </form>
    </Popup>
  );
}
