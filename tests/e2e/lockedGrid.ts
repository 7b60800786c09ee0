/**
 * A detail grid a workflow state locks (issue 43, `editableIn`): the cell is read-only and
 * says why, Add is disabled with the same reason, the toolbar shows it, and typing into the
 * cell opens no editor. What was stored is the caller's to check.
 */
import type { Locator, Page } from 'playwright';
import { expect } from 'vitest';

export async function expectLockedCell(page: Page, grid: Locator, cell: Locator, reason: string): Promise<void> {
  expect(await cell.getAttribute('aria-readonly')).toBe('true');
  expect(await cell.getAttribute('title')).toBe(reason);
  const add = grid.locator('.grid-toolbar .grid-add');
  expect(await add.isDisabled()).toBe(true);
  expect(await add.getAttribute('title')).toBe(reason);
  expect(await grid.locator('.grid-toolbar .grid-locked').innerText()).toContain(reason);
  await cell.dblclick();
  await page.keyboard.type('30');
  await page.keyboard.press('Enter');
  expect(await grid.locator('.cell-editing').count()).toBe(0);
  expect(await cell.locator('input').count()).toBe(0);
}
