/**
 * Named saved views of a grid: the user's own and those others shared. Apply one, save
 * the current state as a new view (name, shared), update or delete an own view. A view
 * holds the same state as the per-user grid state (columnState.ts `SavedState`). The
 * menu's content (ViewPanel.tsx) loads with its first opening.
 */
import { lazy, Suspense, useState } from 'react';
import { Popup } from '../popover/Popup.tsx';
import type { Props } from './ViewPanel.tsx';

const ViewPanel = lazy(() => import('./ViewPanel.tsx'));

export function ViewMenu(props: Props) {
  const [open, setOpen] = useState(false);
  const label = props.t('grid.views');
  return (
    <Popup
      open={open}
      onOpenChange={setOpen}
      trigger={{ className: 'grid-views', 'aria-haspopup': 'dialog' }}
      label={label}
      panel={{ className: 'grid-popover grid-views-menu', label, align: 'end', sideOffset: 4 }}
    >
      <Suspense fallback={<p className="grid-muted">{props.t('grid.loading')}</p>}>
        <ViewPanel {...props} close={() => setOpen(false)} />
      </Suspense>
    </Popup>
  );
}
