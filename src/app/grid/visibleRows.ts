/**
 * The body positions in view: the rows of one fixed height under a sticky header, in a
 * scrolling viewport (the body's parent). Read from scrollTop and the viewport's height;
 * the state changes only when the first position (or the height) does, and a scroll
 * renders synchronously (flushSync) so the frame it belongs to paints the new rows. Once
 * no scroll came for REST_MS, one more (ordinary) render says the scroll rests.
 */
import { useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { flushSync } from 'react-dom';

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
 * count is the same for a given height, so a scroll changes the rows only when the first
 * one changes, and a row leaving always makes way for one coming in in the same render
 * (its DOM goes to the newcomer, recycle.ts). Counted exactly, the last row changed a
 * frame apart from the first: every other scrolled frame unmounted a row and the next
 * mounted a new one.
 */
export function visibleRows(scrollTop: number, height: number, rowHeight: number, headerHeight: number): VisibleRows {
  const top = Math.max(0, scrollTop);
  const inView = height - headerHeight;
  if (inView <= 0) return { first: 0, last: -1, up: false, moving: false };
  const first = Math.floor(top / rowHeight);
  return { first, last: first + Math.ceil(inView / rowHeight), up: false, moving: false };
}

/**
 * The scrollTop each viewport had at its last scroll event (read there anyway). Reading
 * or setting scrollTop forces style and layout at once; a sort or filter that puts the
 * view back at the top looks here first and, already there, leaves it (GridView).
 */
const lastTop = new WeakMap<Element, number>();
/** The scrollTop at the viewport's last scroll event; 0 before any (a new viewport is at the top). */
export const knownScrollTop = (viewport: Element): number => lastTop.get(viewport) ?? 0;

/** `next` with the direction of the scroll that led from `prev` to it (kept while the first row stays), moving or not. */
export const withDirection = (prev: VisibleRows, next: VisibleRows, moving: boolean): VisibleRows => ({ ...next, up: next.first < prev.first || (next.first === prev.first && prev.up), moving });

export function useVisibleRows(bodyRef: RefObject<HTMLElement | null>, rowHeight: number, headerHeight: number): VisibleRows {
  // The first render already has the rows a window-high viewport shows (none is taller),
  // so the first layout is the one with rows, not one more before them.
  const [rows, setRows] = useState<VisibleRows>(() => visibleRows(0, typeof window === 'undefined' ? 0 : window.innerHeight, rowHeight, headerHeight));
  const current = useRef(rows);
  current.current = rows;
  useLayoutEffect(() => {
    const viewport = bodyRef.current?.parentElement;
    if (!viewport) return;
    // The height comes with the resize observer's first call, after the browser's own
    // layout: reading it here would force one more layout before the first paint.
    let height = typeof window === 'undefined' ? 0 : window.innerHeight;
    // A scroll renders the rows in view; a size change (and the first measure)
    // only when rows are missing: spare rows below cost nothing but a re-render to drop.
    // Synchronous (flushSync): the frame the scroll or size change belongs to paints the rows.
    const update = (scrolled: boolean) => {
      const cur = current.current;
      const top = viewport.scrollTop;
      lastTop.set(viewport, top);
      const next = withDirection(cur, visibleRows(top, height, rowHeight, headerHeight), scrolled || cur.moving);
      if (next.first === cur.first && (scrolled ? next.last === cur.last : next.last <= cur.last)) return;
      current.current = next;
      flushSync(() => setRows(next));
    };
    // One timer for the rest, not one per scroll event (a clearTimeout and a setTimeout on
    // every scrolled frame): it notes the last scroll and, woken early, waits out the rest.
    let rest: ReturnType<typeof setTimeout> | undefined;
    let lastScroll = 0;
    const settle = () => {
      const wait = lastScroll + REST_MS - performance.now();
      if (wait > 1) {
        rest = setTimeout(settle, wait);
        return;
      }
      rest = undefined;
      if (!current.current.moving) return;
      current.current = { ...current.current, moving: false };
      setRows(current.current);
    };
    const onScroll = () => {
      lastScroll = performance.now();
      rest ??= setTimeout(settle, REST_MS);
      update(true);
    };
    const resize = new ResizeObserver(() => {
      height = viewport.clientHeight;
      update(false);
    });
    viewport.addEventListener('scroll', onScroll, { passive: true });
    resize.observe(viewport);
    return () => {
      viewport.removeEventListener('scroll', onScroll);
      resize.disconnect();
      clearTimeout(rest);
    };
  }, [bodyRef, rowHeight, headerHeight]);
  return rows;
}
