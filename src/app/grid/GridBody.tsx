/**
 * The virtualized body: TanStack Virtual finds the rows in view (visibleRows.ts
 * `useRowVirtualizer`), only those (plus an overscan) are rendered, with row recycling
 * (recycle.ts), and the blocks the visible positions need are fetched. A component of
 * its own so a scrolled frame re-renders the body only (the grid around it, its table
 * model and toolbar, stay as they are). Rows come from the grid's `renderRow`; the
 * delegated handlers are the grid's.
 */
import { useCallback, useEffect, useLayoutEffect, useMemo, useState, type KeyboardEvent, type MouseEvent, type PointerEvent, type ReactNode, type RefObject } from 'react';
import type { VirtualItem } from '@tanstack/react-virtual';
import { centerColumns, columnsInView, COLUMN_WINDOW_MIN, useColumnWindow, type ColumnWindow } from './body/columnWindow.ts';
import type { Layout } from './layout.ts';
import { assignSlots, newSlots, renderOrder, slotKey } from './body/recycle.ts';
import type { DisplayItem, DisplayModel } from './rowModel/useRowModel.ts';
import { knownScrollLeft, useRowVirtualizer, type RowVirtualizer } from './body/visibleRows.ts';

/** Rows beyond the viewport, either side, whose blocks are fetched (server rows). */
const OVERSCAN = 10;
/**
 * Rendered rows beyond the viewport: more ahead of the scroll (the rows about to come in,
 * also when the compositor scrolls ahead of the main thread), few behind. Every rendered
 * row costs each scrolled frame its share of reconciling, pre-paint and layerizing.
 */
const RENDER_AHEAD = 8;
const RENDER_BEHIND = 2;
/** Blocks are fetched once scrolling rests this long on them (fast scrolls skip blocks). */
const SCROLL_FETCH_DELAY_MS = 60;

interface BodyHandlers {
  onPointerDown(e: PointerEvent<HTMLDivElement>): void;
  onPointerMove(e: PointerEvent<HTMLDivElement>): void;
  onClick(e: MouseEvent<HTMLDivElement>): void;
  onDoubleClick(e: MouseEvent<HTMLDivElement>): void;
  onKeyDown(e: KeyboardEvent<HTMLDivElement>): void;
}

interface Props {
  /** The scrolling viewport (the body's parent). */
  viewportRef: RefObject<HTMLDivElement | null>;
  /** The body element. */
  bodyRef: RefObject<HTMLDivElement | null>;
  /** Set to the row virtualizer (the grid reads the scroll offset it saw last). */
  virtualRef: RefObject<RowVirtualizer | null>;
  display: DisplayModel;
  rowHeight: number;
  /** Height of the sticky header above the body, inside the viewport. */
  headerHeight: number;
  /** Positions always rendered (the active and the edited row), wherever the scroll is. */
  keep: readonly number[];
  /** Rows come from the server: ask for the blocks in view. */
  fetching: boolean;
  /** The rendered columns (wide grids render only those in view: columnWindow.ts). */
  layout: Layout;
  renderRow(item: DisplayItem | null, index: number, top: number, key: string, columns: ColumnWindow): ReactNode;
  handlers: BodyHandlers;
}

/**
 * Positions to render: the visible ones with `above` and `below` more, and the kept ones,
 * in order. Runs on every scrolled frame: the kept positions (one or two) go around the
 * range without sorting it.
 */
export function renderedPositions(first: number, last: number, count: number, keep: readonly number[], above: number, below = above): number[] {
  const from = Math.max(0, first - above);
  const to = Math.min(count - 1, last + below);
  const extra = keep.length ? keep.filter((i, at) => i >= 0 && i < count && (i < from || i > to) && keep.indexOf(i) === at).sort((a, b) => a - b) : keep;
  const out: number[] = [];
  let k = 0;
  while (k < extra.length && extra[k]! < from) out.push(extra[k++]!);
  for (let i = from; i <= to; i++) out.push(i);
  while (k < extra.length) out.push(extra[k++]!);
  return out;
}

/**
 * Shift+click extends the row selection or the cell range: no text selection across the
 * rows then (the press still focuses its cell). Editors keep their own text selection.
 */
function shiftDown(e: MouseEvent<HTMLDivElement>) {
  const t = e.target as HTMLElement;
  if (!e.shiftKey || t.closest('input,textarea,select,[contenteditable]')) return;
  e.preventDefault();
  t.closest<HTMLElement>('[role=gridcell]')?.focus({ preventScroll: true });
}

/** Row recycling's state (recycle.ts), and the rendered positions' array it reads (reused). */
const newRecycling = () => ({ slots: newSlots(), indexes: [] as number[] });

/** The positions of the virtualizer's items, into `out` (reused: no array per scrolled frame). */
function indexesOf(items: readonly VirtualItem[], out: number[]): number[] {
  out.length = items.length;
  for (let k = 0; k < items.length; k++) out[k] = items[k]!.index;
  return out;
}

/**
 * The body. A grid with many unpinned columns renders only those in view (columnWindow.ts):
 * its column virtualizer lives in a component of its own around the rows, so a grid of
 * ordinary width carries none of it on its scrolled frames.
 */
export function GridBody(props: Props) {
  return centerColumns(props.layout.cols).count >= COLUMN_WINDOW_MIN ? <WideBody {...props} /> : <Rows {...props} columns={null} />;
}

function WideBody(props: Props) {
  const { viewportRef, layout } = props;
  return <Rows {...props} columns={useColumnWindow(viewportRef, layout.cols, layout.pinStart, layout.pinEnd)} />;
}

function Rows({ viewportRef, bodyRef, virtualRef, display, rowHeight, headerHeight, keep, fetching, layout, renderRow, handlers, columns }: Props & { columns: ColumnWindow }) {
  const count = display.count;

  // A new view (the first rows, a sort, a filter) paints the rows in view only; the
  // overscan follows once that frame is on screen (its rows and their layout cost the
  // view's frame about as much again, for rows nobody sees yet).
  const [spread, setSpread] = useState<string | null>(null);
  const view = display.view;
  const spreadOut = view !== null && spread === view;
  useEffect(() => {
    if (view === null || spread === view) return;
    let tm: ReturnType<typeof setTimeout> | undefined;
    const raf = requestAnimationFrame(() => (tm = setTimeout(() => setSpread(view), 0)));
    return () => {
      cancelAnimationFrame(raf);
      clearTimeout(tm);
    };
  }, [view, spread]);

  // What is rendered around the rows in view: the overscan on the side the scroll goes
  // to, and the kept rows (the focused cell, an open editor).
  const positions = useCallback(
    (first: number, last: number, n: number, up: boolean) => {
      const ahead = spreadOut ? RENDER_AHEAD : 0;
      const behind = spreadOut ? RENDER_BEHIND : 0;
      return up ? renderedPositions(first, last, n, keep, ahead, behind) : renderedPositions(first, last, n, keep, behind, ahead);
    },
    [spreadOut, keep],
  );
  const { virtualizer, view: visible } = useRowVirtualizer({ viewportRef, count, rowHeight, headerHeight, positions, spread: spreadOut });
  useLayoutEffect(() => {
    virtualRef.current = virtualizer;
  }, [virtualRef, virtualizer]);
  // The first frame's columns too: those in view (a wide grid's column window does this itself).
  const width = virtualizer.scrollRect?.width;
  const left = knownScrollLeft(virtualizer.scrollElement);
  const firstColumns = useMemo(() => (spreadOut || columns || width === undefined ? null : columnsInView(layout.cols, left, width)), [spreadOut, columns, width, left, layout.cols]);
  const shownColumns = columns ?? firstColumns;
  const last = Math.min(visible.last, count - 1);
  const first = Math.min(visible.first, Math.max(0, last));

  // Fetch what the visible positions need (the first block at once). Rows in memory need
  // nothing: no effect per scrolled frame then.
  const from = fetching ? Math.max(0, first - OVERSCAN) : -1;
  const to = fetching ? Math.max(0, last) + OVERSCAN : -1;
  // A new view's first block is asked for before its first paint: an answer already in (the
  // page's start, the route's prefetch) then shows in the same frame (the row store is read
  // with useSyncExternalStore, whose update renders synchronously). Scrolled blocks wait for a pause.
  const opening = !display.settled;
  useLayoutEffect(() => {
    if (from >= 0 && opening) display.ensure(from, to);
  }, [display, opening, from, to]);
  useEffect(() => {
    if (from < 0 || opening) return;
    const tm = setTimeout(() => display.ensure(from, to), SCROLL_FETCH_DELAY_MS);
    return () => clearTimeout(tm);
  }, [display, opening, from, to]);

  // A row scrolling in takes over the DOM of one that scrolled out, in its place while
  // the scroll goes on, in row order at rest; kept rows stay rendered, so they keep their
  // slots (the focused cell, an open editor).
  // The slots are the body's own structure, updated in place each render (recycle.ts: no
  // allocation per scrolled frame); the same positions give the same slots, so a render
  // run twice (or dropped) leaves nothing a commit would see.
  const [recycling] = useState(newRecycling);
  const items = virtualizer.getVirtualItems();
  const at = indexesOf(items, recycling.indexes);
  assignSlots(recycling.slots, at);
  const order = renderOrder(recycling.slots, at, !visible.moving);
  const indexOf = recycling.slots.indexOf;

  return (
    <div
      ref={bodyRef}
      className="grid-body"
      role="rowgroup"
      // The view's overscan is drawn too: every row it renders at rest is there (the browser tests wait on it).
      data-drawn={spreadOut || undefined}
      style={{ height: count * rowHeight }}
      onPointerDown={handlers.onPointerDown}
      onMouseDown={shiftDown}
      onPointerMove={handlers.onPointerMove}
      onClick={handlers.onClick}
      onDoubleClick={handlers.onDoubleClick}
      onKeyDown={handlers.onKeyDown}
    >
      {order.map((slot) => {
        const index = indexOf[slot]!;
        return renderRow(display.item(index), index, index * rowHeight, slotKey(slot), shownColumns);
      })}
    </div>
  );
}
