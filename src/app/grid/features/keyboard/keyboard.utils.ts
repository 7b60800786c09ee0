/**
 * Scrolls the viewport so the active row is under the sticky header and above the totals
 * row, and its cell clear of the pinned columns (pinned cells and group cells are always
 * in view sideways).
 */
export function scrollIntoGrid(viewport: HTMLElement, el: HTMLElement | null, top: number, g: { rowHeight: number; headerHeight: number; totalsOn: boolean; pinStart: number; pinEnd: number }): void {
  const visible = viewport.clientHeight - g.headerHeight - (g.totalsOn ? g.rowHeight : 0);
  if (top < viewport.scrollTop) viewport.scrollTop = top;
  else if (top + g.rowHeight > viewport.scrollTop + visible) viewport.scrollTop = top + g.rowHeight - visible;
  if (!el || el.classList.contains('cell-pinned') || el.classList.contains('grid-group-cell')) return;
  const left = el.offsetLeft;
  const width = el.offsetWidth;
  if (left < viewport.scrollLeft + g.pinStart) viewport.scrollLeft = left - g.pinStart;
  else if (left + width > viewport.scrollLeft + viewport.clientWidth - g.pinEnd) viewport.scrollLeft = left + width - viewport.clientWidth + g.pinEnd;
}
