/**
 * The header rows by keyboard (their controls stay Tab stops too), as grids with
 * column menus do:
 *
 *   ArrowLeft / ArrowRight          the previous / next column's header
 *   ArrowDown                       the column's floating filter (a text one), else its cell in the body
 *   Alt+ArrowDown, Shift+F10, Menu  opens the column menu (pin, group, hide, totals)
 *   in a text filter: ArrowUp       back to the column's header; ArrowDown: its cell in the body
 *
 * ArrowUp on the body's first row comes back here (`focusHeader`, keyboard.feature.ts).
 */
import type { KeyboardEvent } from 'react';

const HEADER_CONTROL = 'button:not(.grid-hmenu), [role=checkbox], .grid-hmenu';
const TEXT_FILTER = 'input.grid-filter';

function cellAt(root: Element, row: string, colindex: number): HTMLElement | null {
  return root.querySelector<HTMLElement>(`${row} > [aria-colindex="${colindex}"]`);
}

/** Focuses the header of column `col` (0-based), or its text filter when `filter` and it has one. */
export function focusHeader(root: Element | null, col: number, filter = true): boolean {
  if (!root) return false;
  const target =
    (filter && cellAt(root, '.grid-filter-row', col + 1)?.querySelector<HTMLElement>(TEXT_FILTER)) || cellAt(root, '.grid-header-row', col + 1)?.querySelector<HTMLElement>(HEADER_CONTROL);
  target?.focus();
  return !!target;
}

/** The header's delegated key handler; `toBody(col)` focuses the column's cell in the body. */
export function headerKeyDown(e: KeyboardEvent<HTMLElement>, toBody: (col: number) => void): void {
  const target = e.target as HTMLElement;
  const cell = target.closest<HTMLElement>('[aria-colindex]');
  const header = e.currentTarget;
  if (!cell || !header.contains(cell)) return;
  const col = Number(cell.getAttribute('aria-colindex')) - 1;
  const inHeaderRow = cell.getAttribute('role') === 'columnheader';
  const plain = !e.altKey && !e.ctrlKey && !e.metaKey && !e.shiftKey;
  if (inHeaderRow) {
    if ((e.altKey && e.key === 'ArrowDown') || (e.shiftKey && e.key === 'F10') || e.key === 'ContextMenu') {
      const menu = cell.querySelector<HTMLButtonElement>('.grid-hmenu');
      if (!menu) return;
      e.preventDefault();
      if (menu.getAttribute('aria-expanded') !== 'true') menu.click();
      return;
    }
    if (!plain) return;
    if (e.key === 'ArrowLeft' || e.key === 'ArrowRight') {
      const row = cell.parentElement!;
      const next = cellAt(row.parentElement!, '.grid-header-row', col + 1 + (e.key === 'ArrowLeft' ? -1 : 1));
      const control = next?.querySelector<HTMLElement>(HEADER_CONTROL);
      if (!control) return;
      e.preventDefault();
      control.focus();
      control.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    } else if (e.key === 'ArrowDown') {
      e.preventDefault();
      const filter = cellAt(header, '.grid-filter-row', col + 1)?.querySelector<HTMLElement>(TEXT_FILTER);
      if (filter) filter.focus();
      else toBody(col);
    }
    return;
  }
  // The filter row: only text filters give up their Up/Down (a select's arrows change its choice).
  if (!plain || !target.matches(TEXT_FILTER)) return;
  if (e.key === 'ArrowUp') {
    e.preventDefault();
    focusHeader(header, col, false);
  } else if (e.key === 'ArrowDown') {
    e.preventDefault();
    toBody(col);
  }
}

let afterHide: HTMLElement | null = null;

/** The column menu's Hide: its button goes with the column, so the focus will go to a neighbouring header (`takeAfterHide`). */
export function hideFromMenu(hide: () => void): void {
  const cell = document.querySelector('.grid-hmenu[aria-expanded="true"]')?.closest('[role=columnheader]');
  const next = cell?.nextElementSibling ?? cell?.previousElementSibling;
  afterHide = next?.querySelector<HTMLElement>(HEADER_CONTROL) ?? null;
  hide();
}

/** Where the column menu returns the focus: the neighbour after a Hide, else (null) its own button. */
export function takeAfterHide(): HTMLElement | null {
  const el = afterHide;
  afterHide = null;
  return el;
}
