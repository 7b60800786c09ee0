/**
 * Icons of workflow events (fsm_events.event_params.bv_icon): any lucide icon a descriptor's
 * workflow names (`events.<code>.icon`), drawn by lucide-react from codegen's map
 * (src/generated/eventIcons.ts: one module per icon, only those named reach the bundle). A
 * name no descriptor uses (an administrator's own in /fsm/fsm_events) shows no icon; the
 * event's name always says what it does.
 */
import { eventIcons } from '../../generated/eventIcons.ts';

/** The event's icon (decorative: the button or title beside it names the event), or nothing. */
export function EventIcon({ name, size = 16 }: { name: string | undefined; size?: number }) {
  const Icon = name && Object.hasOwn(eventIcons, name) ? eventIcons[name]! : null;
  if (!Icon) return null;
  return <Icon className="event-icon" size={size} strokeWidth={2} aria-hidden data-icon={name} />;
}
