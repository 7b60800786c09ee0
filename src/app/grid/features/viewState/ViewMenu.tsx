/**
 * Named saved views of a grid: the user's own and those others shared. Apply one, save
 * the current state as a new view (name, shared), update, rename or delete an own view. A
 * view holds the same state as the per-user grid state (columnState.ts `SavedState`). The
 * menu's content (ViewPanel.tsx) loads with its first opening.
 *
 * The view applied (or saved) last is marked — on the button ("Views: Cheap items") and in
 * the list — while the grid's saved-form state is the one it stands for; changed since, the
 * mark reads "Cheap items *". The mark (marks.ts) is saved with the grid state: a reload keeps it.
 */
import { Suspense, useEffect, useMemo, useState } from 'react';
import { lazyWithMessages } from '../../../i18n/lazy.tsx';
import { Popup } from '../../popover/Popup.tsx';
import { canon, gridKey, setMark, useMark } from './marks.ts';
import type { Props } from './ViewPanel.tsx';

const ViewPanel = lazyWithMessages(() => import('./ViewPanel.tsx'));

/** `current`: a new function when the grid's state changes (features/viewState): the mark is checked then. */
export function ViewMenu(props: Omit<Props, 'mark' | 'reopen'>) {
  const [open, setOpen] = useState(false);
  const key = gridKey(props.form);
  const mark = useMark(key);
  const { current } = props;
  const now = useMemo(() => (mark ? canon(current()) : ''), [mark, current]);
  // A new mark takes the state the grid has with it (a view applied: the state rendered with it).
  useEffect(() => void (mark && mark.state === undefined && setMark(key, { ...mark, state: now })), [mark, now, key]);
  const changed = !!mark?.state && mark.state !== now;
  const label = props.t('grid.views');
  const text = mark ? props.t('grid.views_applied', { name: mark.name + (changed ? ' *' : '') }) : label;
  return (
    <Popup
      open={open}
      onOpenChange={setOpen}
      trigger={{ className: 'grid-views', 'aria-haspopup': 'dialog', title: text }}
      label={text}
      panel={{ className: 'grid-popover grid-views-menu', label, align: 'end', sideOffset: 4 }}
    >
      <Suspense fallback={<p className="grid-muted">{props.t('grid.loading')}</p>}>
        <ViewPanel {...props} mark={mark && { ...mark, changed }} close={() => setOpen(false)} reopen={() => setOpen(true)} />
      </Suspense>
    </Popup>
  );
}
