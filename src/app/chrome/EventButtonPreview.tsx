/**
 * A workflow event's button as the confirmation and the grids draw it: its style (bv_variant;
 * one the app does not know is danger, as everywhere), its icon and its name. The events grid's
 * icon cells and the diagram's event editor show it while the style and icon are chosen.
 */
import './eventButtonPreview.css';
import { EVENT_VARIANTS } from '../../core/workflowActions.ts';
import { EventIcon } from './eventIcons.tsx';

export function EventButtonPreview({ variant, icon, name }: { variant: unknown; icon: unknown; name: string }) {
  const v = (EVENT_VARIANTS as readonly unknown[]).includes(variant) ? String(variant) : 'danger';
  return (
    <span className={`btn btn-${v} wf-event-preview`} data-variant={v}>
      <EventIcon name={typeof icon === 'string' ? icon : undefined} />
      {name}
    </span>
  );
}
