/**
 * The rows in view, as TanStack Virtual finds them, and the rendered window around them.
 *
 * The virtualizer (`useRowVirtualizer`, configured for rows of one fixed height) owns the
 * scroll position, the viewport's size and the first row in view; the grid renders a
 * window of one size for a given viewport height from that first row (`visibleRows`), so
 * a scroll changes the rows only when the first one changes and a row leaving always
 * makes way for one coming in within the same render (its DOM goes to the newcomer,
 * recycle.ts). Counted exactly, the last row changed a frame apart from the first: every
 * other scrolled frame unmounted a row and the next mounted a new one.
 *
 * The configuration, measured on the bench (docs/grid.md, "Virtualization"): a fixed `estimateSize`
 * and no `measureElement` (rows are never measured); `initialRect` a window-high body (no
 * grid box is taller), and a rect observer that only listens (ResizeObserver, after the
 * browser's own layout) — the default one reads the element's size when the virtualizer
 * mounts, a forced layout before the first rows could paint; an offset observer with one
 * rest timer (the default sets a new timer on every scroll event); the overscan in the
 * range extractor (none for a new view's first frame, then more ahead of the scroll than
 * behind it, and the kept rows); `useFlushSync` on: the frame a scroll belongs to paints
 * its rows.
 */
import { useCallback, useMemo, useRef, type RefObject } from 'react';
import { useVirtualizer, type Range, type Rect, type Virtualizer } from '@tanstack/react-virtual';

export interface VisibleRows {
  /**
   * First position in view, and the last one that can be in view while the first is
   * (one past the last actually shown at some offsets; may exceed the row count; -1: none).
   */
  first: number;
  last: number;
  /** The last scroll went up (towards the first row). */
  up: boolean;
  /** A scroll changed the rows less than REST_MS ago (recycle.ts keeps rows in place meanwhile). */
  moving: boolean;
}

/** Scrolling rests once no scroll event came for this long. */
export const REST_MS = 150;

/**
 * Positions a viewport shows at `scrollTop` with `height` px, under `headerHeight` px of
 * header. `last` is the last position in view at any offset within the first row: the
 * count is the same for a given height.
 */
export function visibleRows(scrollTop: number, height: number, rowHeight: number, headerHeight: number): VisibleRows {
  const top = Math.max(0, scrollTop);
  const inView = height - headerHeight;
  if (inView <= 0) return { first: 0, last: -1, up: false, moving: false };
  const first = Math.floor(top / rowHeight);
  return { first, last: first + Math.ceil(inView / rowHeight), up: false, moving: false };
}

/** `next` with the direction of the scroll that led from `prev` to it (kept while the first row stays), moving or not. */
export const withDirection = (prev: VisibleRows, next: VisibleRows, moving: boolean): VisibleRows => ({ ...next, up: next.first < prev.first || (next.first === prev.first && prev.up), moving });

export type RowVirtualizer = Virtualizer<HTMLDivElement, HTMLDivElement>;

/** The body's box (the viewport less the sticky header) of the grid seen last: the next grid's first rows need no measure. */
let lastBody: Rect | null = null;

/**
 * The body's size from the viewport's ResizeObserver: its first call comes after the
 * browser's own layout, so mounting forces none (TanStack's default reads clientHeight at
 * once). The sticky header covers the top of the viewport: the rows in view are those
 * under it.
 */
const observeBody = (headerHeight: number) => (instance: RowVirtualizer, cb: (rect: Rect) => void) => {
  const el = instance.scrollElement;
  if (!el || typeof ResizeObserver === 'undefined') return;
  const ro = new ResizeObserver(() => {
    lastBody = { width: el.clientWidth, height: Math.max(0, el.clientHeight - headerHeight) };
    cb(lastBody);
  });
  ro.observe(el);
  return () => ro.disconnect();
};

/**
 * The scroll offset, and "scrolling" until no scroll event came for REST_MS: one timer
 * for the rest, not one per scroll event (a clearTimeout and a setTimeout on every
 * scrolled frame); woken early, it waits out the rest.
 */
const observeScroll = (instance: RowVirtualizer, cb: (offset: number, isScrolling: boolean) => void) => {
  const el = instance.scrollElement;
  if (!el) return;
  const update = (scrolling: boolean) => {
    const top = el.scrollTop;
    lastTop.set(el, top);
    lastLeft.set(el, el.scrollLeft);
    cb(top, scrolling);
  };
  let rest: ReturnType<typeof setTimeout> | undefined;
  let lastScroll = 0;
  const settle = () => {
    const wait = lastScroll + REST_MS - performance.now();
    if (wait > 1) {
      rest = setTimeout(settle, wait);
      return;
    }
    rest = undefined;
    update(false);
  };
  const onScroll = () => {
    lastScroll = performance.now();
    rest ??= setTimeout(settle, REST_MS);
    update(true);
  };
  el.addEventListener('scroll', onScroll, { passive: true });
  return () => {
    el.removeEventListener('scroll', onScroll);
    clearTimeout(rest);
  };
};

/** The scrollTop each viewport had at its last scroll event (0 before any: a new viewport is at the top). */
const lastTop = new WeakMap<Element, number>();
/** Its scrollLeft then (0 before any): read without a layout, as the rows' offset. */
const lastLeft = new WeakMap<Element, number>();
/** The viewport's scrollLeft as its last scroll event said (0 before any). */
export const knownScrollLeft = (el: Element | null): number => (el ? (lastLeft.get(el) ?? 0) : 0);

/**
 * Scrolls only to an offset the viewport is not at already, as far as its last scroll
 * event says. The virtualizer writes its offset when it mounts: on a new viewport (at the
 * top) that `scrollTo` forced style and layout before the first rows could paint.
 */
const scrollRows = (offset: number, { adjustments = 0, behavior }: { adjustments?: number; behavior?: ScrollBehavior }, instance: RowVirtualizer) => {
  const el = instance.scrollElement;
  const to = offset + adjustments;
  if (!el || to === (lastTop.get(el) ?? 0)) return;
  el.scrollTo({ top: to, behavior });
};
const initialOffset = (el: Element | null) => (el ? (lastTop.get(el) ?? 0) : 0);

export interface RowWindowInput {
  viewportRef: RefObject<HTMLDivElement | null>;
  count: number;
  rowHeight: number;
  headerHeight: number;
  /**
   * Positions to render, given the rows in view (`first`..`last`), the row count and the
   * direction of the last scroll: the overscan and the kept rows (GridBody.tsx).
   */
  positions(first: number, last: number, count: number, up: boolean): number[];
  /**
   * The view's first frame is on screen (GridBody spreads the overscan then). Before it, a
   * new row count is given to the virtualizer only as far as the rows in view: its offsets
   * of every row (O(rows): ~9 ms for 100,000 rows when the grid loads) are computed a frame later.
   */
  spread: boolean;
}

/**
 * TanStack Virtual over the grid's rows. `positions` decides what is rendered around the
 * rows in view (a new function: the window is computed again). The rows' places are
 * `index × rowHeight` (`getVirtualItems()[k].start`), the body's height the count's.
 */
export function useRowVirtualizer({ viewportRef, count, rowHeight, headerHeight, positions, spread }: RowWindowInput): { virtualizer: RowVirtualizer; view: VisibleRows } {
  const self = useRef<RowVirtualizer | null>(null);
  const up = useRef(false);
  const estimateSize = useCallback(() => rowHeight, [rowHeight]);
  const observeElementRect = useCallback((v: RowVirtualizer, cb: (rect: Rect) => void) => observeBody(headerHeight)(v, cb), [headerHeight]);
  const getScrollElement = useCallback(() => viewportRef.current, [viewportRef]);
  // The window has one size for a viewport height: from the first row in view, the rows a
  // viewport can show. A size change keeps rows already rendered until the next scroll
  // (spare rows below cost nothing but a render to drop): the first measure of a viewport
  // lower than the window leaves the first rows as they are.
  const height = useRef(-1);
  if (height.current < 0) height.current = initialBody(headerHeight).height;
  // A new view (a sort, a filter: the overscan off again) renders only the rows the measured
  // viewport shows, not as many as the first guess of a window-high body: 20 rows instead of
  // 28 on an 800 px product list, in the frame the user waits for.
  const wasSpread = useRef(spread);
  if (wasSpread.current !== spread) {
    wasSpread.current = spread;
    const measured = self.current?.scrollRect?.height;
    if (!spread && measured !== undefined) height.current = measured;
  }
  const rangeExtractor = useCallback(
    (range: Range) => {
      const v = self.current;
      const actual = v?.scrollRect?.height ?? initialBody(headerHeight).height;
      height.current = v?.isScrolling ? actual : Math.max(height.current, actual);
      if (v?.scrollDirection) up.current = v.scrollDirection === 'backward';
      const { last } = visibleRows(0, height.current + headerHeight, rowHeight, headerHeight);
      return positions(range.startIndex, range.startIndex + last, range.count, up.current);
    },
    [positions, rowHeight, headerHeight],
  );
  // The row count the virtualizer has measured whole.
  const measured = useRef(-1);
  const initialRect = useMemo(() => initialBody(headerHeight), [headerHeight]);
  const offsetAtStart = useCallback(() => initialOffset(viewportRef.current), [viewportRef]);
  let rows = count;
  if (!spread && count !== measured.current) rows = Math.min(count, Math.floor(initialOffset(viewportRef.current) / rowHeight) + Math.ceil(height.current / rowHeight) + 1);
  else measured.current = count;
  const virtualizer = useVirtualizer<HTMLDivElement, HTMLDivElement>({
    count: rows,
    getScrollElement,
    estimateSize,
    initialRect,
    observeElementRect,
    observeElementOffset: observeScroll,
    scrollToFn: scrollRows,
    initialOffset: offsetAtStart,
    rangeExtractor,
    overscan: 0,
    isScrollingResetDelay: REST_MS,
    useFlushSync: true,
  });
  self.current = virtualizer;
  const first = virtualizer.range?.startIndex ?? 0;
  const last = height.current > 0 ? first + Math.ceil(height.current / rowHeight) : -1;
  return { virtualizer, view: { first, last, up: up.current, moving: virtualizer.isScrolling } };
}

/**
 * Before the first measure: a window-high body (no grid box is taller), as wide as the
 * last grid's: the first render has every row in view, and nothing waits for a layout.
 */
function initialBody(headerHeight: number): Rect {
  if (typeof window === 'undefined') return { width: 0, height: 0 };
  return { width: lastBody?.width ?? window.innerWidth, height: Math.max(0, window.innerHeight - headerHeight) };
}

/** The offset the virtualizer saw last (0 before any scroll): reading scrollTop would force style and layout. */
export const knownScrollTop = (v: RowVirtualizer | null): number => v?.scrollOffset ?? 0;
