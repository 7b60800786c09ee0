/**
 * Row recycling for the virtualized body: body rows are keyed by slot, and a row that
 * scrolls in takes over the slot — and so the DOM nodes — of one that scrolled out. A
 * row keeps its slot as long as it is rendered.
 *
 * While the body scrolls, a recycled row also keeps its place among its siblings: a moved
 * node is re-attached, and the browser rebuilds its style and layout objects from scratch
 * (about 6 % of a scrolled frame's main-thread time). Once scrolling rests, the rows go
 * back into row order (`renderOrder`) for assistive technology reading the DOM.
 */

export interface Slots {
  /** Slot by position, from the last render. */
  byIndex: Map<number, number>;
  next: number;
  /** Slots in the order the last render placed them (the DOM order of the rows). */
  order: number[];
}

export const newSlots = (): Slots => ({ byIndex: new Map(), next: 0, order: [] });

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

/**
 * The order to render the positions of the last `assignSlots` in: row order when
 * `inRowOrder`; else the last render's order — each slot where it was, slots new to the
 * DOM at the end — so that no row moves. Updates `slots.order`.
 */
export function renderOrder(slots: Slots, indexes: readonly number[], inRowOrder: boolean): number[] {
  const slotOf = slots.byIndex;
  if (inRowOrder) {
    slots.order = indexes.map((i) => slotOf.get(i)!);
    return [...indexes];
  }
  const indexOf = new Map<number, number>();
  for (const i of indexes) indexOf.set(slotOf.get(i)!, i);
  const order = slots.order.filter((slot) => indexOf.has(slot));
  const placed = new Set(order);
  for (const slot of indexOf.keys()) if (!placed.has(slot)) order.push(slot);
  slots.order = order;
  return order.map((slot) => indexOf.get(slot)!);
}
