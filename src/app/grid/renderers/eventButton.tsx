/**
 * The events grid's icon cells (renderer `eventButton`): the event's button as it will look —
 * the row's style, this icon, the row's name. A chunk of its own with the icons (renderers/index.tsx),
 * loaded by the first such cell: list routes without one never load it.
 */
import { EventButtonPreview } from '../../chrome/EventButtonPreview.tsx';
import type { RenderArgs } from '../types.ts';

export default function EventButtonCell({ value, row, ctx }: RenderArgs) {
  return <EventButtonPreview variant={row.bv_variant} icon={value} name={ctx.multi(row.event_names) || String(row.event_code ?? '')} />;
}
