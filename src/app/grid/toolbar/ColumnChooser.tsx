/**
 * The column chooser: show/hide columns (in their current order), the totals row, and
 * "Reset columns". Its content (ChooserPanel.tsx) loads with the popover's code, on the
 * first pointer over or focus of the button (rarely used: not on the list route).
 */
import { Suspense, useState } from 'react';
import { lazyWithMessages } from '../../i18n/lazy.tsx';
import type { Props } from './ChooserPanel.tsx';
import { Popup } from '../popover/Popup.tsx';

const load = () => import('./ChooserPanel.tsx');
const ChooserPanel = lazyWithMessages(load);

export function ColumnChooser(props: Props) {
  const [open, setOpen] = useState(false);
  const label = props.t('grid.columns');
  return (
    // The panel's code loads with the popover's, on the same intent (no second wait on the first opening).
    <span style={{ display: 'contents' }} onPointerEnter={() => void load()} onFocus={() => void load()}>
      <Popup
        open={open}
        onOpenChange={setOpen}
        trigger={{ className: 'grid-columns', 'aria-haspopup': 'dialog' }}
        label={label}
        panel={{ className: 'grid-popover grid-chooser', label, align: 'end', sideOffset: 4 }}
      >
        <Suspense fallback={<p className="grid-muted">{props.t('grid.loading')}</p>}>
          <ChooserPanel {...props} />
        </Suspense>
      </Popup>
    </span>
  );
}
