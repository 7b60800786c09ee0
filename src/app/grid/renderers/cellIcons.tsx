/**
 * The icons of the grid's button cells (lucide-react), in a chunk of their own: it loads
 * with the first such cell, so no list route carries the icon code. Decorative: the
 * button's aria-label names the action.
 */
import { Languages, Trash2 } from 'lucide-react';

const ICONS = { delete: Trash2, translate: Languages } as const;
export type CellIconName = keyof typeof ICONS;

export default function CellIcon({ name }: { name: CellIconName }) {
  const Icon = ICONS[name];
  return <Icon size={14} aria-hidden="true" focusable="false" />;
}
