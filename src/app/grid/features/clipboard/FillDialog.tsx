/**
 * The toolbar's Fill: one value for one editable column, written into the selected rows
 * (or the rows of the cell range) in one bulk set. The value is typed as text and read
 * with the column's parser, then validated with its schema (cellCheck.ts, as the inline
 * editors are). Closing it (applied, Esc) puts the focus back into the grid, on its
 * active cell (`focusOnClose`), so the grid's keys (Ctrl+Z: undo the fill) work at once.
 */
import { Suspense, useState } from 'react';
import { lazyWithMessages } from '../../../i18n/lazy.tsx';
import type { FillFormProps } from '../../FillForm.tsx';
import { Popup } from '../../popover/Popup.tsx';

const FillForm = lazyWithMessages(() => import('../../FillForm.tsx'));
/** The form's code, fetched ahead (the grid calls it when it is first focused for editing). */
export const preloadFill = () => void import('../../FillForm.tsx');

interface Props extends Omit<FillFormProps, 'done'> {
  disabled: boolean;
  /** Where the focus goes when the dialog closes (the grid's active cell); default: the Fill button. */
  focusOnClose?: () => HTMLElement | null;
}

export function FillDialog({ columns, defaultField, disabled, t, onApply, focusOnClose }: Props) {
  const [open, setOpen] = useState(false);
  return (
    <Popup
      open={open}
      onOpenChange={setOpen}
      trigger={{ className: 'grid-fill', disabled: disabled || !columns.length, 'aria-haspopup': 'dialog' }}
      label={t('grid.fill')}
      panel={{ className: 'grid-popover grid-fill-dialog', label: t('grid.fill'), align: 'end', sideOffset: 4, focusOnClose }}
    >
      {/* A new form each opening: no column, text or error left from the last one. */}
      <Suspense fallback={<p className="grid-muted">{t('grid.loading')}</p>}>
        <FillForm columns={columns} defaultField={defaultField} t={t} onApply={onApply} done={() => setOpen(false)} />
      </Suspense>
    </Popup>
  );
}
