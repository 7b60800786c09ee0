/**
 * Row recycling for the virtualized body: body rows are keyed by slot, and a row that
 * scrolls in takes over the slot — and so the DOM nodes — of one that scrolled out.
 * Scrolling then updates a few nodes (and moves the recycled ones to the end, keeping the
 * DOM in row order for assistive technology) instead of making and removing rows. A row
 * keeps its slot as long as it is rendered.
 */

export interface Slots {
  /** Slot by position, from the last render. */
  byIndex: Map<number, number>;
  next: number;
}

export const newSlots = (): Slots => ({ byIndex: new Map(), next: 0 });

/**
 * Keys for the positions to render: each keeps its slot, or takes a freed one (a new one
 * when none is free). Updates `slots`.
 */
export function assignSlots(slots: Slots, indexes: readonly number[]): Map<number, string> {
  const keys = new Map<number, string>();
  const prev = slots.byIndex;
  const byIndex = new Map<number, number>();
  const used = new Set<number>();
  const wanted: number[] = [];
  for (const index of indexes) {
    const slot = prev.get(index);
    if (slot === undefined) wanted.push(index);
    else {
      byIndex.set(index, slot);
      used.add(slot);
    }
  }
  const free: number[] = [];
  for (const slot of prev.values()) if (!used.has(slot)) free.push(slot);
  for (const index of wanted) byIndex.set(index, free.pop() ?? slots.next++);
  for (const [index, slot] of byIndex) keys.set(index, `s${slot}`);
  slots.byIndex = byIndex;
  return keys;
}
