/**
 * Icons of workflow events (fsm_events.event_params.bv_icon): the event icons an event may have
 * (core/eventIcons.ts: chosen in /fsm/fsm_events and the diagram, named by descriptors), drawn by
 * lucide-react from codegen's map (src/generated/eventIcons.ts: one module per icon, only those
 * listed reach the bundle). A name outside the list (written by SQL) shows no icon; the event's
 * name always says what it does.
 */
import { eventIcons } from '../../generated/eventIcons.ts';

/** The event's icon (decorative: the button or title beside it names the event), or nothing. */
export function EventIcon({ name, size = 16 }: { name: string | undefined; size?: number }) {
  const Icon = name && Object.hasOwn(eventIcons, name) ? eventIcons[name]! : null;
  if (!Icon) return null;
  return <Icon className="event-icon" size={size} strokeWidth={2} aria-hidden data-icon={name} />;
}
