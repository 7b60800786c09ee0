/**
 * Column virtualization for grids with many columns: TanStack Virtual, horizontal, over
 * the unpinned columns. From COLUMN_WINDOW_MIN of them, a body row renders only the
 * columns in view (plus an overscan), the pinned ones, and the active cell's (its focus);
 * the cells then carry their grid column (`ViewColumn.placed`), since the ones left out no
 * longer place them. Fewer columns render whole: a row of ~20 cells costs less than a
 * window kept up to date on every horizontal scroll.
 *
 * Offsets are the columns' sizes (a flex column at its minimum): when the grid is wider
 * than its columns nothing scrolls sideways and every column is in the window; when it
 * scrolls, flex columns are at their minimum, so the offsets are exact.
 */
import { useCallback, useLayoutEffect, useMemo, useRef, type RefObject } from 'react';
import { useVirtualizer, type Rect, type Virtualizer } from '@tanstack/react-virtual';
import type { ViewColumn } from '../layout.ts';
import { REST_MS } from './visibleRows.ts';

/** Unpinned columns from which the body renders only those in view. */
export const COLUMN_WINDOW_MIN = 30;
/** Columns rendered beyond the view, either side. */
const COLUMN_OVERSCAN = 2;

/** The unpinned columns a row renders (indexes into the grid's columns, inclusive); null: all. */
export type ColumnWindow = { from: number; to: number } | null;

type ColumnVirtualizer = Virtualizer<HTMLDivElement, HTMLDivElement>;

/** The unpinned columns' place in the grid's columns: after the start-pinned, before the end-pinned. */
export function centerColumns(cols: readonly ViewColumn[]): { first: number; count: number } {
  let first = 0;
  while (first < cols.length && cols[first]!.pinned === 'start') first++;
  let end = cols.length;
  while (end > first && cols[end - 1]!.pinned === 'end') end--;
  return { first, count: end - first };
}

/**
 * The sideways scroll: reported only when scrollLeft moved (a vertical scroll is the row
 * virtualizer's), as scrolling until it rests.
 */
const observeScrollLeft = (instance: ColumnVirtualizer, cb: (offset: number, isScrolling: boolean) => void) => {
  const el = instance.scrollElement;
  if (!el) return;
  let x = el.scrollLeft;
  let rest: ReturnType<typeof setTimeout> | undefined;
  const onScroll = () => {
    if (el.scrollLeft === x) return;
    x = el.scrollLeft;
    clearTimeout(rest);
    rest = setTimeout(() => cb(x, false), REST_MS);
    cb(x, true);
  };
  el.addEventListener('scroll', onScroll, { passive: true });
  return () => {
    el.removeEventListener('scroll', onScroll);
    clearTimeout(rest);
  };
};

export function useColumnWindow(viewportRef: RefObject<HTMLDivElement | null>, cols: readonly ViewColumn[], pinStart: number, pinEnd: number): ColumnWindow {
  const { first, count } = centerColumns(cols);
  const enabled = count >= COLUMN_WINDOW_MIN;
  const widths = useMemo(() => cols.slice(first, first + count).map((c) => c.width ?? c.minWidth), [cols, first, count]);
  const ids = useMemo(() => cols.slice(first, first + count).map((c) => c.id), [cols, first, count]);
  // A new key function when the columns or their widths change: the offsets are computed again.
  const getItemKey = useCallback((i: number) => `${ids[i]}:${widths[i]}`, [ids, widths]);
  const estimateSize = useCallback((i: number) => widths[i] ?? 0, [widths]);
  // The pinned width the viewport's observer subtracts: its callbacks come after the commit.
  const pins = useRef(pinStart + pinEnd);
  useLayoutEffect(() => {
    pins.current = pinStart + pinEnd;
  }, [pinStart, pinEnd]);
  // The view of the unpinned columns: the viewport's width less the pinned columns over it.
  const observeElementRect = useCallback((v: ColumnVirtualizer, cb: (rect: Rect) => void) => {
    const el = v.scrollElement;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(() => cb({ width: Math.max(0, el.clientWidth - pins.current), height: el.clientHeight }));
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  const getScrollElement = useCallback(() => viewportRef.current, [viewportRef]);
  const v = useVirtualizer<HTMLDivElement, HTMLDivElement>({
    enabled,
    horizontal: true,
    count: enabled ? count : 0,
    getScrollElement,
    estimateSize,
    getItemKey,
    initialRect: { width: typeof window === 'undefined' ? 0 : window.innerWidth, height: 0 },
    observeElementRect,
    observeElementOffset: observeScrollLeft,
    overscan: COLUMN_OVERSCAN,
    useFlushSync: true,
  });
  if (!enabled) return null;
  const items = v.getVirtualItems();
  if (!items.length) return null;
  return { from: first + items[0]!.index, to: first + items[items.length - 1]!.index };
}

/**
 * The columns a new view's first frame renders on a grid without a column window (fewer
 * than COLUMN_WINDOW_MIN): those a viewport `width` px wide shows at `scrollLeft`, with
 * the pinned ones; null when every column is in view. The rest follow with the rows'
 * overscan a frame later (GridBody `spread`): on an 800 × 1280 product list, 10 of its 19
 * columns are in view, and the frame a sort or a filter waits for lays out half the cells.
 * Offsets as the column virtualizer's: a grid wider than its view has its flex columns at
 * their minimum.
 */
export function columnsInView(cols: readonly ViewColumn[], scrollLeft: number, width: number): ColumnWindow {
  let x = 0;
  let from = -1;
  let to = -1;
  let all = true;
  for (let i = 0; i < cols.length; i++) {
    const c = cols[i]!;
    const w = c.width ?? c.minWidth;
    if (!c.pinned) {
      if (x + w > scrollLeft && x < scrollLeft + width) {
        if (from < 0) from = i;
        to = i;
      } else all = false;
    }
    x += w;
  }
  return all || from < 0 ? null : { from, to };
}
