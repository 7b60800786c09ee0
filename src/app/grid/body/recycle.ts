/**
 * Row recycling for the virtualized body: body rows are keyed by slot, and a row that
 * scrolls in takes over the slot — and so the DOM nodes — of one that scrolled out. A
 * row keeps its slot as long as it is rendered.
 *
 * While the body scrolls, a recycled row also keeps its place among its siblings: a moved
 * node is re-attached, and the browser rebuilds its style and layout objects from scratch
 * (about 6 % of a scrolled frame's main-thread time). Once scrolling rests, the rows go
 * back into row order (`renderOrder`) for assistive technology reading the DOM.
 *
 * This runs on every scrolled frame, so it allocates nothing once warm: the structures
 * are updated in place, with index loops (fresh Maps, Sets and arrays per frame were a third of the
 * garbage a scroll made, and its garbage collections were the longest frames).
 */

export interface Slots {
  /** Slot by rendered position. */
  byIndex: Map<number, number>;
  /** Rendered position by slot; -1 for a free slot. */
  indexOf: number[];
  /** Slots to hand out before making new ones. */
  free: number[];
  /** The next new slot. */
  next: number;
  /** Slots in the order the last render placed them (the DOM order of the rows). */
  order: number[];
  /** Per slot, the render that last saw it (scratch marks, compared with `epoch`). */
  seen: number[];
  epoch: number;
  /** Positions waiting for a slot (scratch). */
  wanted: number[];
}

export const newSlots = (): Slots => ({ byIndex: new Map(), indexOf: [], free: [], next: 0, order: [], seen: [], epoch: 0, wanted: [] });

const KEYS: string[] = [];
/** The React key of a slot (one string per slot, made once). */
export const slotKey = (slot: number): string => (KEYS[slot] ??= `s${slot}`);

/**
 * Slots for the positions to render: each keeps its slot, or takes a freed one (a new one
 * when none is free). Updates `slots`.
 */
export function assignSlots(slots: Slots, indexes: readonly number[]): void {
  const { byIndex, indexOf, seen, wanted } = slots;
  const epoch = ++slots.epoch;
  let n = 0;
  for (let k = 0; k < indexes.length; k++) {
    const index = indexes[k]!;
    const slot = byIndex.get(index);
    if (slot === undefined) wanted[n++] = index;
    else seen[slot] = epoch;
  }
  for (let slot = 0; slot < indexOf.length; slot++) {
    const index = indexOf[slot]!;
    if (index === -1 || seen[slot] === epoch) continue;
    byIndex.delete(index);
    indexOf[slot] = -1;
    slots.free.push(slot);
  }
  for (let k = 0; k < n; k++) {
    const index = wanted[k]!;
    if (byIndex.has(index)) continue; // the same position twice
    const slot = slots.free.pop() ?? slots.next++;
    byIndex.set(index, slot);
    indexOf[slot] = index;
    seen[slot] = epoch;
  }
}

/**
 * The slots of the last `assignSlots` in the order to render them: row order when
 * `inRowOrder`; else the last render's order — each slot where it was, slots new to the
 * DOM at the end, in row order — so that no row moves. The array is `slots.order`,
 * reused by the next call.
 */
export function renderOrder(slots: Slots, indexes: readonly number[], inRowOrder: boolean): readonly number[] {
  const { byIndex, indexOf, order, seen } = slots;
  // A second mark per render: the slots placed in this order so far.
  const placed = -slots.epoch;
  let n = 0;
  if (!inRowOrder) {
    for (let k = 0; k < order.length; k++) {
      const slot = order[k]!;
      if (indexOf[slot] === -1 || seen[slot] === placed) continue;
      seen[slot] = placed;
      order[n++] = slot; // n never passes the slot being read
    }
  }
  for (let k = 0; k < indexes.length; k++) {
    const slot = byIndex.get(indexes[k]!)!;
    if (seen[slot] === placed) continue;
    seen[slot] = placed;
    order[n++] = slot;
  }
  order.length = n;
  return order;
}
