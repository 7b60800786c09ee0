/**
 * Column virtualization (issue 20 point 2): a grid with many unpinned columns renders, in
 * each body row, only the columns in view (TanStack Virtual, horizontal) plus the pinned
 * ones and the active cell's; scrolling sideways brings the others in, in their grid
 * columns. A grid of ordinary width renders every column. On the bench page (the real
 * ScreenGrid over 100,000 rows in memory), `?wide=N` adding N columns of 100 px.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveDir } from '../bench/serve.ts';
import { buildBenchPage } from '../bench/sizes.ts';
import { sharedBrowser } from './browser.ts';

let dir = '';
let server: { url: string; close(): Promise<void> };
let browser: Browser;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'grid-wide-'));
  await buildBenchPage('screen', dir);
  [server, browser] = await Promise.all([serveDir(dir), sharedBrowser()]);
});
afterAll(async () => {
  await server?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function open(wide: number): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  await page.goto(`${server.url}/screen.html?wide=${wide}`);
  await expect.poll(() => page.locator('.grid-body [role=row]').count(), { timeout: 30_000 }).toBeGreaterThan(5);
  return page;
}

/** The fields of the cells rendered in the first body row, and the grid's column count. */
const firstRow = (page: Page) =>
  page.locator('.grid-viewport').evaluate((v) => {
    const row = v.querySelector('.grid-body > [data-index="0"]')!;
    const cells = [...row.querySelectorAll<HTMLElement>(':scope > [role=gridcell]')];
    return {
      fields: cells.map((c) => c.dataset.field ?? ''),
      columns: cells.map((c) => Number(c.getAttribute('aria-colindex'))),
      placed: cells.map((c) => c.style.gridColumnStart),
      colcount: Number(v.getAttribute('aria-colcount')),
      left: (v as HTMLElement).scrollLeft,
    };
  });

describe('many columns', () => {
  it('renders only the columns in view (and the pinned one) in a body row, scrolling sideways brings the others; an ordinary grid renders all', async () => {
    const page = await open(60);
    const at0 = await firstRow(page);
    expect(at0.colcount).toBe(70);
    // The pinned key column, the columns a 1200 px box shows and a small overscan: far fewer than 70.
    expect(at0.fields[0]).toBe('code');
    expect(at0.fields.length).toBeGreaterThan(8);
    expect(at0.fields.length).toBeLessThan(30);
    expect(at0.fields).not.toContain('country_59');
    // Each cell in its own grid column (the ones left out no longer place them).
    expect(at0.placed).toEqual(at0.columns.map(String));

    await page.locator('.grid-viewport').evaluate((v) => (v.scrollLeft = v.scrollWidth));
    await expect.poll(async () => (await firstRow(page)).fields).toContain('country_59');
    const atEnd = await firstRow(page);
    expect(atEnd.fields[0]).toBe('code');
    expect(atEnd.fields).not.toContain('name');
    expect(atEnd.fields.length).toBeLessThan(30);
    expect(atEnd.placed).toEqual(atEnd.columns.map(String));
    // The rows in view stay rendered as the columns change: the header cells line up with the cells.
    const aligned = await page.locator('.grid-viewport').evaluate((v) => {
      const cell = v.querySelector<HTMLElement>('.grid-body > [data-index="0"] > [data-field="country_59"]')!;
      const head = v.querySelector<HTMLElement>('[role=columnheader][data-field="country_59"]')!;
      return Math.abs(cell.getBoundingClientRect().left - head.getBoundingClientRect().left);
    });
    expect(aligned).toBeLessThan(1);
    await page.context().close();

    // A grid of ordinary width renders every column.
    const narrow = await open(0);
    const row = await firstRow(narrow);
    expect(row.colcount).toBe(10);
    expect(row.fields).toHaveLength(10);
    await narrow.context().close();
  });
});
