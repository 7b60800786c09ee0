/**
 * The virtualized body: TanStack Virtual over the display positions, row recycling
 * (recycle.ts), and the blocks the visible positions need. A component of its own so a
 * scrolled frame re-renders the body only (the grid around it, its table model and
 * toolbar, stay as they are). Rows come from the grid's `renderRow`; the delegated
 * handlers are the grid's.
 */
import { defaultRangeExtractor, useVirtualizer, type Range } from '@tanstack/react-virtual';
import { useCallback, useEffect, useRef, type KeyboardEvent, type MouseEvent, type PointerEvent, type ReactNode, type RefObject } from 'react';
import { assignSlots, newSlots } from './recycle.ts';
import type { DisplayItem, DisplayModel } from './useRowModel.ts';

export const OVERSCAN = 10;
/** Blocks are fetched once scrolling rests this long on them (fast scrolls skip blocks). */
const SCROLL_FETCH_DELAY_MS = 60;

export interface BodyHandlers {
  onPointerDown(e: PointerEvent<HTMLDivElement>): void;
  onPointerMove(e: PointerEvent<HTMLDivElement>): void;
  onClick(e: MouseEvent<HTMLDivElement>): void;
  onDoubleClick(e: MouseEvent<HTMLDivElement>): void;
  onKeyDown(e: KeyboardEvent<HTMLDivElement>): void;
}

interface Props {
  /** The scroll element (null until mounted). */
  viewport: HTMLElement | null;
  bodyRef: RefObject<HTMLDivElement | null>;
  display: DisplayModel;
  rowHeight: number;
  headerHeight: number;
  /** Positions always rendered (the active and the edited row), wherever the scroll is. */
  keep: readonly number[];
  /** Rows come from the server: ask for the blocks in view. */
  fetching: boolean;
  renderRow(item: DisplayItem | null, index: number, top: number, key: string): ReactNode;
  handlers: BodyHandlers;
}

export function GridBody({ viewport, bodyRef, display, rowHeight, headerHeight, keep, fetching, renderRow, handlers }: Props) {
  const keepKey = keep.join(',');
  const rangeExtractor = useCallback(
    (rg: Range) => {
      const idx = defaultRangeExtractor(rg);
      const extra = keep.filter((i) => i >= 0 && i < rg.count && !idx.includes(i));
      return extra.length ? [...idx, ...extra].sort((a, b) => a - b) : idx;
    },
    // keepKey stands for the kept positions
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [keepKey],
  );
  const estimateSize = useCallback(() => rowHeight, [rowHeight]);
  const virtualizer = useVirtualizer({
    count: display.count,
    getScrollElement: () => viewport,
    estimateSize,
    overscan: OVERSCAN,
    scrollMargin: headerHeight,
    rangeExtractor,
  });
  const items = virtualizer.getVirtualItems();
  const vrange = virtualizer.range;

  // Fetch what the visible positions need (the first block at once). Rows in memory need
  // nothing: no effect per scrolled frame then.
  const from = fetching ? Math.max(0, (vrange?.startIndex ?? 0) - OVERSCAN) : -1;
  const to = fetching ? (vrange?.endIndex ?? 0) + OVERSCAN : -1;
  useEffect(() => {
    if (from < 0) return;
    const tm = setTimeout(() => display.ensure(from, to), display.settled ? SCROLL_FETCH_DELAY_MS : 0);
    return () => clearTimeout(tm);
  }, [display, from, to]);

  // A row scrolling in takes over the DOM of one that scrolled out; kept rows stay
  // rendered, so they keep their slots (the focused cell, an open editor).
  const slots = useRef(newSlots());
  const keys = assignSlots(
    slots.current,
    items.map((it) => it.index),
  );

  return (
    <div
      ref={bodyRef}
      className="grid-body"
      role="rowgroup"
      style={{ height: virtualizer.getTotalSize() }}
      onPointerDown={handlers.onPointerDown}
      onPointerMove={handlers.onPointerMove}
      onClick={handlers.onClick}
      onDoubleClick={handlers.onDoubleClick}
      onKeyDown={handlers.onKeyDown}
    >
      {items.map((it) => renderRow(display.item(it.index), it.index, it.start - headerHeight, keys.get(it.index) ?? `x${it.index}`))}
    </div>
  );
}
