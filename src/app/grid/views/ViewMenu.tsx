/**
 * Named saved views of a grid: the user's own and those others shared. Apply one, save
 * the current state as a new view (name, shared), update or delete an own view. A view
 * holds the same state as the per-user grid state (columnState.ts `SavedState`). The
 * menu's content (ViewPanel.tsx) loads with its first opening.
 *
 * The view applied (or saved) last is marked — on the button ("Views: Cheap items") and in
 * the list — while the grid's saved-form state is the one it had then; changed since, the
 * mark reads "Cheap items *". Kept per user and form while the user moves between screens.
 */
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { session } from '../../session/session.ts';
import { Popup } from '../popover/Popup.tsx';
import type { Mark, Props } from './ViewPanel.tsx';

const ViewPanel = lazy(() => import('./ViewPanel.tsx'));

/** JSON with object keys sorted: one state, one text. */
const canon = (x: unknown) => JSON.stringify(x, (_, v: unknown) => (v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : 1))) : v));

/** The marks by user and form. */
const marks = new Map<string, Mark & { state?: string }>();

/** `state`: the grid's state (its identity is enough: the mark is checked when it changes). */
export function ViewMenu(props: Omit<Props, 'mark' | 'onMark' | 'reopen'> & { state: unknown }) {
  const [open, setOpen] = useState(false);
  const key = `${(session.get().user as Record<string, unknown> | null)?.user_id}|${props.form}`;
  const [mark, setMark] = useState(() => marks.get(key) ?? null);
  const now = useMemo(() => (mark ? canon(props.current()) : ''), [mark, props.state]); // eslint-disable-line react-hooks/exhaustive-deps
  // A new mark takes the state the grid has with it (a view applied: in this render).
  if (mark && mark.state === undefined) setMark({ ...mark, state: now });
  useEffect(() => void (mark ? marks.set(key, mark) : marks.delete(key)), [mark, key]);
  const changed = !!mark && mark.state !== undefined && mark.state !== now;
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
        <ViewPanel {...props} mark={mark && { ...mark, changed }} onMark={(v) => setMark(v && { id: v.view_id, name: v.name })} close={() => setOpen(false)} reopen={() => setOpen(true)} />
      </Suspense>
    </Popup>
  );
}
