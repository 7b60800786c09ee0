/**
 * Headers wider than their column: a descriptor's width suits the English header, and
 * "Einkaufspreis" or "Min. Marge" were cut to "Einkauf…". A column the user has not sized
 * grows to show its header whole (with room for the sort arrow), up to HEADER_MAX_PX;
 * beyond that the header keeps its ellipsis and its tooltip; a header that fits leaves its
 * column as it is. Measured from the rendered headers after a commit: the label's text (a
 * Range, whatever the label's box) plus what the header cell spends besides the label
 * (padding, drag handle, menu button).
 */
const HEADER_MAX_PX = 280;
/** The sort arrow appears when the column is sorted: its room is kept from the start. */
const SORT_ROOM_PX = 14;

/**
 * The width each listed header needs, by column id, for the headers cut now or once sorted
 * (those that fit with the arrow, or are not rendered, are left out: a column is only ever widened).
 */
export function headerNeeds(root: HTMLElement, ids: readonly string[]): Record<string, number> {
  const out: Record<string, number> = {};
  const range = document.createRange();
  // The header cells in one query (one per id searched the whole grid: ~10 ms of a first render).
  const cells = new Map<string, HTMLElement>();
  for (const el of root.querySelectorAll<HTMLElement>('[role=columnheader][data-field]')) if (!cells.has(el.dataset.field!)) cells.set(el.dataset.field!, el);
  for (const id of ids) {
    const cell = cells.get(id);
    const label = cell?.querySelector<HTMLElement>('.grid-hlabel');
    if (!cell || !label) continue;
    range.selectNodeContents(label);
    const text = range.getBoundingClientRect().width;
    const width = cell.getBoundingClientRect().width;
    // What the cell spends besides the label's room: the label's box shrinks to its text when
    // that fits, so the room is its container's width less its siblings (the sort arrow and
    // the gap), not the label's box (that counted the free room again: +14 px a re-measure).
    const besides = width - labelRoom(label);
    // Counted whether or not the column is sorted now: a header that fits only without the arrow is cut once sorted.
    const arrow = cell.querySelector('.grid-sort-icon') ? 0 : SORT_ROOM_PX;
    if (text + besides + arrow <= width + 0.5) continue;
    out[id] = Math.min(HEADER_MAX_PX, Math.ceil(text + besides + arrow));
  }
  return out;
}

/** The width the label may take in its row (the sort button, or the drag handle): the container's content box less the other items and gaps. */
function labelRoom(label: HTMLElement): number {
  const box = label.parentElement;
  if (!box) return label.getBoundingClientRect().width;
  const style = getComputedStyle(box);
  const content = box.getBoundingClientRect().width - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - parseFloat(style.borderLeftWidth) - parseFloat(style.borderRightWidth);
  let others = 0;
  for (const el of box.children) if (el !== label) others += el.getBoundingClientRect().width;
  const gap = parseFloat(style.columnGap) || 0;
  return content - others - gap * (box.children.length - 1);
}

/** `next` differs from `prev` by more than a pixel somewhere (a re-measure of the same headers is not a change). */
export function needsChanged(prev: Readonly<Record<string, number>>, next: Readonly<Record<string, number>>): boolean {
  for (const id in next) if (Math.abs((prev[id] ?? 0) - next[id]!) > 1) return true;
  return false;
}
