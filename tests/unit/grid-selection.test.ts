import { describe, expect, it } from 'vitest';
import { keyIntent, type KeyLike } from '../../src/app/grid/features/keyboard/keyIntent.ts';
import {
  ALL_ROWS,
  NO_ROWS,
  clampRange,
  followColumns,
  headerState,
  indexRange,
  isRowSelected,
  isSingleCell,
  moveFocus,
  rectOf,
  rowSpanOf,
  selectedAmong,
  selectedCount,
  setRows,
  single,
  toggleAll,
  toggleRow,
} from '../../src/app/grid/features/selection/selection.utils.ts';

describe('row selection', () => {
  it('selects rows by id', () => {
    let s = toggleRow(NO_ROWS, 'a');
    s = toggleRow(s, 'b');
    expect(isRowSelected(s, 'a')).toBe(true);
    expect(selectedCount(s, 100)).toBe(2);
    s = toggleRow(s, 'a');
    expect(isRowSelected(s, 'a')).toBe(false);
    expect(selectedCount(s, 100)).toBe(1);
  });

  it('"select all" is all rows of the query minus exceptions, whatever their number', () => {
    let s = toggleAll(NO_ROWS, 20_000);
    expect(s).toEqual(ALL_ROWS);
    expect(selectedCount(s, 20_000)).toBe(20_000);
    expect(headerState(s, 20_000)).toBe('true');
    s = toggleRow(s, 'x');
    expect(isRowSelected(s, 'x')).toBe(false);
    expect(isRowSelected(s, 'never-loaded')).toBe(true);
    expect(selectedCount(s, 20_000)).toBe(19_999);
    expect(headerState(s, 20_000)).toBe('mixed');
    s = toggleRow(s, 'x');
    expect(selectedCount(s, 20_000)).toBe(20_000);
    // The header checkbox clears any selection.
    expect(toggleAll(s, 20_000)).toEqual(NO_ROWS);
    expect(headerState(NO_ROWS, 10)).toBe('false');
    expect(headerState(setRows(NO_ROWS, ['a'], true), 10)).toBe('mixed');
  });

  it('sets a shift-click range on, and picks the selected ones among rows at hand', () => {
    const ids = indexRange(7, 4).map((i) => `r${i}`);
    expect(ids).toEqual(['r4', 'r5', 'r6', 'r7']);
    const s = setRows(NO_ROWS, ids, true);
    expect(selectedAmong(s, ['r1', 'r4', 'r7', 'r9'])).toEqual(['r4', 'r7']);
    const all = setRows(ALL_ROWS, ['r1'], false);
    expect(selectedAmong(all, ['r1', 'r4'])).toEqual(['r4']);
  });
});

describe('cell ranges', () => {
  it('spans the rectangle between anchor and focus, in any direction', () => {
    const r = moveFocus(single({ row: 5, col: 3 }), { row: 2, col: 1 }, true);
    expect(rectOf(r)).toEqual({ top: 2, bottom: 5, left: 1, right: 3 });
    expect(isSingleCell(r)).toBe(false);
    expect(rowSpanOf(rectOf(r), 4)).toEqual([1, 3]);
    expect(rowSpanOf(rectOf(r), 6)).toBeNull();
    expect(rowSpanOf(null, 4)).toBeNull();
  });

  it('collapses without Shift and stays inside the grid', () => {
    const r = moveFocus({ anchor: { row: 0, col: 0 }, focus: { row: 3, col: 3 } }, { row: 9, col: 9 }, false);
    expect(r).toEqual(single({ row: 9, col: 9 }));
    expect(clampRange(r, 4, 2)).toEqual(single({ row: 4, col: 2 }));
    const same = single({ row: 1, col: 1 });
    expect(clampRange(same, 4, 4)).toBe(same);
  });
});

describe('keyboard', () => {
  const k = (key: string, mods: Partial<KeyLike> = {}): KeyLike => ({ key, ctrlKey: false, metaKey: false, shiftKey: false, altKey: false, ...mods });
  const b = { lastRow: 99, lastCol: 5, page: 20 };
  const at = { row: 10, col: 2 };

  it('moves with arrows, Home/End, Ctrl+Home/End and PageUp/PageDown, clamped', () => {
    expect(keyIntent(k('ArrowDown'), at, b)).toEqual({ type: 'move', to: { row: 11, col: 2 }, extend: false });
    expect(keyIntent(k('ArrowUp'), { row: 0, col: 2 }, b)).toEqual({ type: 'move', to: { row: 0, col: 2 }, extend: false });
    expect(keyIntent(k('ArrowRight'), at, b)).toEqual({ type: 'move', to: { row: 10, col: 3 }, extend: false });
    expect(keyIntent(k('ArrowLeft'), at, b)).toEqual({ type: 'move', to: { row: 10, col: 1 }, extend: false });
    expect(keyIntent(k('Home'), at, b)).toEqual({ type: 'move', to: { row: 10, col: 0 }, extend: false });
    expect(keyIntent(k('End'), at, b)).toEqual({ type: 'move', to: { row: 10, col: 5 }, extend: false });
    expect(keyIntent(k('Home', { ctrlKey: true }), at, b)).toEqual({ type: 'move', to: { row: 0, col: 0 }, extend: false });
    expect(keyIntent(k('End', { metaKey: true }), at, b)).toEqual({ type: 'move', to: { row: 99, col: 5 }, extend: false });
    expect(keyIntent(k('PageDown'), at, b)).toEqual({ type: 'move', to: { row: 30, col: 2 }, extend: false });
    expect(keyIntent(k('PageUp'), at, b)).toEqual({ type: 'move', to: { row: 0, col: 2 }, extend: false });
    expect(keyIntent(k('PageDown'), { row: 95, col: 2 }, b)).toEqual({ type: 'move', to: { row: 99, col: 2 }, extend: false });
  });

  it('extends the range with Shift', () => {
    expect(keyIntent(k('ArrowDown', { shiftKey: true }), at, b)).toEqual({ type: 'move', to: { row: 11, col: 2 }, extend: true });
    expect(keyIntent(k('End', { shiftKey: true, ctrlKey: true }), at, b)).toEqual({ type: 'move', to: { row: 99, col: 5 }, extend: true });
  });

  it('wraps Tab and Shift-Tab across rows and leaves the grid at its ends', () => {
    expect(keyIntent(k('Tab'), { row: 3, col: 5 }, b)).toEqual({ type: 'move', to: { row: 4, col: 0 }, extend: false });
    expect(keyIntent(k('Tab', { shiftKey: true }), { row: 3, col: 0 }, b)).toEqual({ type: 'move', to: { row: 2, col: 5 }, extend: false });
    expect(keyIntent(k('Tab'), { row: 99, col: 5 }, b)).toBeNull();
    expect(keyIntent(k('Tab', { shiftKey: true }), { row: 0, col: 0 }, b)).toBeNull();
  });

  it('edits, toggles, types and runs the Ctrl shortcuts', () => {
    expect(keyIntent(k('Enter'), at, b)).toEqual({ type: 'edit' });
    expect(keyIntent(k('F2'), at, b)).toEqual({ type: 'edit' });
    expect(keyIntent(k(' '), at, b)).toEqual({ type: 'toggle' });
    expect(keyIntent(k(' ', { shiftKey: true }), at, b)).toEqual({ type: 'selectRow' });
    expect(keyIntent(k('x'), at, b)).toEqual({ type: 'type', char: 'x' });
    expect(keyIntent(k('a', { ctrlKey: true }), at, b)).toEqual({ type: 'selectAllCells' });
    expect(keyIntent(k('C', { ctrlKey: true }), at, b)).toEqual({ type: 'copy' });
    expect(keyIntent(k('v', { metaKey: true }), at, b)).toEqual({ type: 'paste' });
    expect(keyIntent(k('d', { ctrlKey: true }), at, b)).toEqual({ type: 'fillDown' });
    expect(keyIntent(k('z', { ctrlKey: true }), at, b)).toEqual({ type: 'undo' });
    expect(keyIntent(k('x', { ctrlKey: true }), at, b)).toEqual({ type: 'cut' });
    expect(keyIntent(k('Delete'), at, b)).toEqual({ type: 'clear' });
    expect(keyIntent(k('Delete', { ctrlKey: true }), at, b)).toBeNull();
    // Backspace edits the cell emptied (typing nothing).
    expect(keyIntent(k('Backspace'), at, b)).toEqual({ type: 'type', char: '' });
    // Redo (issue 28): Ctrl+Shift+Z and Ctrl+Y.
    expect(keyIntent(k('z', { ctrlKey: true, shiftKey: true }), at, b)).toEqual({ type: 'redo' });
    expect(keyIntent(k('y', { ctrlKey: true }), at, b)).toEqual({ type: 'redo' });
    expect(keyIntent(k('Escape'), at, b)).toBeNull();
    expect(keyIntent(k('x', { altKey: true }), at, b)).toBeNull();
  });

  it('on a group row ArrowRight expands it (expanded: moves to its first row) and ArrowLeft collapses it, as tree grids do', () => {
    expect(keyIntent(k('ArrowRight'), at, b, { expanded: false })).toEqual({ type: 'expand' });
    expect(keyIntent(k('ArrowRight'), at, b, { expanded: true })).toEqual({ type: 'move', to: { row: 11, col: 2 }, extend: false });
    expect(keyIntent(k('ArrowLeft'), at, b, { expanded: true })).toEqual({ type: 'collapse' });
    // Collapsed already, or with a modifier: the keys move as anywhere else.
    expect(keyIntent(k('ArrowLeft'), at, b, { expanded: false })).toEqual({ type: 'move', to: { row: 10, col: 1 }, extend: false });
    expect(keyIntent(k('ArrowRight', { shiftKey: true }), at, b, { expanded: false })).toEqual({ type: 'move', to: { row: 10, col: 3 }, extend: true });
  });
});

describe('row recycling', () => {
  it('keeps the slot of a row while it is rendered and hands freed slots to rows scrolling in', async () => {
    const { assignSlots, newSlots, slotKey } = await import('../../src/app/grid/body/recycle.ts');
    const slots = newSlots();
    const range = (a: number, b: number) => Array.from({ length: b - a + 1 }, (_, i) => a + i);
    /** Key by position after assigning. */
    const assign = (indexes: number[]) => {
      assignSlots(slots, indexes);
      return new Map(indexes.map((i) => [i, slotKey(slots.byIndex.get(i)!)]));
    };
    const first = assign(range(0, 9));
    expect([...first.values()]).toEqual(range(0, 9).map((i) => `s${i}`));
    // Three rows down: rows 3..9 keep their keys, rows 10..12 take the slots of 0..2.
    const next = assign(range(3, 12));
    for (const i of range(3, 9)) expect(next.get(i)).toBe(first.get(i));
    expect(new Set([10, 11, 12].map((i) => next.get(i)))).toEqual(new Set(['s0', 's1', 's2']));
    // A kept row far away (the active one) keeps its slot; a larger window makes new slots.
    const kept = assign([5, ...range(40, 49)]);
    expect(kept.get(5)).toBe(next.get(5));
    expect(new Set(kept.values()).size).toBe(11);
    const bigger = assign(range(40, 52));
    expect(new Set(bigger.values()).size).toBe(13);
    expect(slots.next).toBe(13);
    // Each slot holds one position, and the slot table agrees with the position map.
    for (const [index, slot] of slots.byIndex) expect(slots.indexOf[slot]).toBe(index);
    expect(slots.indexOf.filter((i) => i !== -1).length).toBe(13);
    // A position given twice gets one slot.
    const twice = assign([60, 60, 61]);
    expect(twice.size).toBe(2);
    expect(slots.byIndex.size).toBe(2);
  });

  it('reuses freed slots for good: a long scroll makes no more slots than a window holds', async () => {
    const { assignSlots, newSlots, renderOrder } = await import('../../src/app/grid/body/recycle.ts');
    const slots = newSlots();
    const window = (at: number) => Array.from({ length: 30 }, (_, i) => at + i);
    let order: readonly number[] = [];
    for (let at = 0; at < 5000; at += 3) {
      // A kept row far above (the active one), and jumps now and then.
      const indexes = [2, ...window(at % 997 === 0 ? at + 400 : at + 10)];
      assignSlots(slots, indexes);
      const next = renderOrder(slots, indexes, at % 10 === 0);
      if (order.length) expect(next).toBe(order); // the same array, updated in place
      order = next;
      expect(new Set(order).size).toBe(31);
      expect([...order].map((s) => slots.indexOf[s]).sort((a, b) => a! - b!)).toEqual(indexes);
    }
    expect(slots.next).toBeLessThanOrEqual(31 + 30);
  });

  it('keeps recycled rows in their DOM place while scrolling, and puts them in row order at rest', async () => {
    const { assignSlots, newSlots, renderOrder, slotKey } = await import('../../src/app/grid/body/recycle.ts');
    const slots = newSlots();
    const range = (a: number, b: number) => Array.from({ length: b - a + 1 }, (_, i) => a + i);
    /** `slot:position` in render (DOM) order. */
    const render = (indexes: number[], atRest: boolean) => {
      assignSlots(slots, indexes);
      return renderOrder(slots, indexes, atRest).map((slot) => `${slotKey(slot)}:${slots.indexOf[slot]}`);
    };
    const slotsOf = (r: string[]) => r.map((k) => k.split(':')[0]);
    const rowsOf = (r: string[]) => r.map((k) => Number(k.split(':')[1]));
    expect(render(range(0, 4), true)).toEqual(['s0:0', 's1:1', 's2:2', 's3:3', 's4:4']);
    // Two rows down while scrolling: rows 5 and 6 take the slots, and the DOM places, of rows 0 and 1.
    const down = render(range(2, 6), false);
    expect(slotsOf(down)).toEqual(['s0', 's1', 's2', 's3', 's4']);
    expect(down.slice(2)).toEqual(['s2:2', 's3:3', 's4:4']);
    expect(new Set(rowsOf(down.slice(0, 2)))).toEqual(new Set([5, 6]));
    // One more row in view: its new slot goes last; the others stay where they are.
    expect(slotsOf(render(range(3, 8), false))).toEqual(['s0', 's1', 's2', 's3', 's4', 's5']);
    // Back up while scrolling: still no slot moves.
    const up = render(range(1, 6), false);
    expect(slotsOf(up)).toEqual(['s0', 's1', 's2', 's3', 's4', 's5']);
    expect([...rowsOf(up)].sort((a, b) => a - b)).toEqual(range(1, 6));
    // At rest: row order, each row with the slot it had.
    const rest = render(range(1, 6), true);
    expect(rowsOf(rest)).toEqual(range(1, 6));
    expect(new Set(rest)).toEqual(new Set(up));
    // Scrolling on from there starts from the row order.
    expect(slotsOf(render(range(2, 7), false))).toEqual(slotsOf(rest));
  });
});

describe('followColumns', () => {
  const before = ['a', 'b', 'c', 'd'];
  it('keeps each end of a range on its column when columns move', () => {
    expect(followColumns({ anchor: { row: 1, col: 1 }, focus: { row: 3, col: 2 } }, before, ['d', 'a', 'b', 'c'])).toEqual({ anchor: { row: 1, col: 2 }, focus: { row: 3, col: 3 } });
    expect(followColumns(single({ row: 0, col: 2 }), before, ['a', 'c', 'd'])).toEqual(single({ row: 0, col: 1 }));
  });
  it('keeps the position when the focused column went, and collapses to the focus when the anchor did', () => {
    expect(followColumns(single({ row: 5, col: 1 }), before, ['a', 'c', 'd'])).toEqual(single({ row: 5, col: 1 }));
    expect(followColumns({ anchor: { row: 0, col: 0 }, focus: { row: 2, col: 3 } }, before, ['b', 'c', 'd'])).toEqual(single({ row: 2, col: 2 }));
  });
});
