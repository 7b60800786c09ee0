/**
 * The Fill dialog's form (FillDialog.tsx): a column and the text to write, read and
 * checked by the grid (`onApply` answers an error text, or null when done); a number
 * column's value is typed as its editor takes it (money in the currency the cells show). A chunk of
 * its own, loaded with the first opening (or when the grid is first focused for editing).
 */
import { columnTypes } from '../../core/columnTypes/index.ts';
import { useState, type FormEvent } from 'react';
import { numberTyping } from '../../core/numberInput.ts';
import type { GridColumn } from './types.ts';

/** A column typed as a number (not a choice of keys or options): its box keeps only what the number reads, as the editors do. */
const typedAsNumber = (c: GridColumn | undefined) => !!c && !c.lookup && !c.meta.options && columnTypes[c.valueType].numeric;

export interface FillFormProps {
  columns: GridColumn[];
  defaultField: string | undefined;
  t: (id: string) => string;
  onApply(field: string, text: string): Promise<string | null>;
  /** Applied: the dialog closes. */
  done(): void;
}

export default function FillForm({ columns, defaultField, t, onApply, done }: FillFormProps) {
  const [field, setField] = useState<string>('');
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const chosen = columns.some((c) => c.field === field) ? field : ((defaultField && columns.some((c) => c.field === defaultField) ? defaultField : columns[0]?.field) ?? '');

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!chosen) return;
    setBusy(true);
    const problem = await onApply(chosen, text);
    setBusy(false);
    setError(problem);
    if (!problem) done();
  };

  return (
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
            setText(typedAsNumber(columns.find((c) => c.field === chosen)) ? numberTyping(e.target.value) : e.target.value);
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
  );
}
