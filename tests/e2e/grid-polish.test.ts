/**
 * Fixes found by exploratory testing, in a real browser against a real server: the
 * shipped icons and image placeholder, a column state saved on the way out of the page,
 * shift+click without text selection, an invalid number filter shown (and not applied),
 * and the delete confirmation with the count formatted by the locale.
 *
 * 1,200 extra products give company SK01 more than a thousand rows (thousands separators).
 */
import type { Json } from '../api/harness.ts';
import type { Request } from 'playwright';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { browserSuite } from './browser.ts';
import { gridPage } from './gridPage.ts';

const s = browserSuite({ width: 1600, height: 900 });

beforeAll(async () => {
  await s.server.db.query(
    `insert into app.products (product_code, company_code, product_name, min_margin, exp_margin)
     select 'PX-' || lpad(i::text, 4, '0'), 'SK01', jsonb_build_object('en', 'Polish ' || i), 10, 20 from generate_series(1, 1200) as i`,
  );
});
beforeEach(async () => {
  await s.server.db.query('delete from app.user_grid_states');
});

const { grid, header, bodyRows, tool, openProducts } = gridPage(
  () => s.page,
  () => s.server,
);
const rowCount = async () => Number(await grid().getAttribute('aria-rowcount')) - 2;

describe('static files', () => {
  it('ships the image placeholder /download.svg and the favicons, linked from the page', async () => {
    for (const [path, type] of [
      ['/download.svg', 'image/svg+xml'],
      ['/favicon.svg', 'image/svg+xml'],
      ['/favicon.ico', 'image/x-icon'],
    ] as const) {
      const r = await fetch(`${s.server.url}${path}`);
      expect(r.status, path).toBe(200);
      expect(r.headers.get('content-type'), path).toContain(type);
      const body = Buffer.from(await r.arrayBuffer());
      if (type === 'image/svg+xml') expect(body.toString('utf8')).toContain('<svg');
      else expect([...body.subarray(0, 4)]).toEqual([0, 0, 1, 0]); // ICO header
    }
    const html = await (await fetch(`${s.server.url}/en/login`)).text();
    expect(html).toContain('rel="icon" href="/favicon.svg"');
    expect(html).toContain('href="/favicon.ico"');
  });

  it('loads a page without console errors about missing files', async () => {
    const errors: string[] = [];
    s.page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    const missing: string[] = [];
    s.page.on('response', (r) => r.status() === 404 && missing.push(r.url()));
    await openProducts();
    // The placeholder as an image: it decodes (a broken image has no natural size).
    const size = await s.page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          const img = new Image();
          img.onload = () => resolve(img.naturalWidth);
          img.onerror = () => resolve(0);
          img.src = '/download.svg';
        }),
    );
    expect(size).toBeGreaterThan(0);
    expect(missing).toEqual([]);
    expect(errors.filter((e) => /404|favicon|download\.svg/.test(e))).toEqual([]);
  });
});

describe('ScreenGrid fixes', () => {
  it('keeps a column hidden just before a reload (the pending save goes out with the page)', async () => {
    await openProducts();
    await tool('button.grid-columns').click();
    await s.page.locator('.grid-chooser-item[data-field="mf_id"] input').uncheck();
    await s.page.keyboard.press('Escape');
    await expect.poll(() => header('mf_id').count()).toBe(0);
    // At once: well within the 800 ms save delay.
    await s.page.reload();
    await expect.poll(() => bodyRows().count()).toBeGreaterThan(5);
    expect(await header('brand_id').count()).toBe(1);
    expect(await header('mf_id').count()).toBe(0);
    const r = await s.server.db.query<{ state: { columnVisibility?: Record<string, boolean> } }>(
      `select s.state from app.user_grid_states s join app.users u using (user_id) where u.user_email = 'admin@example.com' and s.form = 'product_list'`,
    );
    expect(r.rows[0]?.state.columnVisibility?.mf_id).toBe(false);
  });

  it('saves a pending column state when the grid is left for another route', async () => {
    await openProducts();
    await tool('button.grid-columns').click();
    await s.page.locator('.grid-chooser-item[data-field="mf_id"] input').uncheck();
    await s.page.keyboard.press('Escape');
    await expect.poll(() => header('mf_id').count()).toBe(0);
    // Client-side navigation (the grid unmounts), before the save delay is over.
    await s.page.evaluate(() => {
      history.pushState(null, '', '/en');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect.poll(() => grid().count()).toBe(0);
    await expect
      .poll(async () => {
        const r = await s.server.db.query<{ state: { columnVisibility?: Record<string, boolean> } }>(
          `select s.state from app.user_grid_states s join app.users u using (user_id) where u.user_email = 'admin@example.com' and s.form = 'product_list'`,
        );
        return r.rows[0]?.state.columnVisibility?.mf_id === false;
      })
      .toBe(true);
  });

  it('selects a range of rows with shift+click without selecting page text', async () => {
    await openProducts();
    const box = (i: number) => bodyRows().nth(i).getByRole('checkbox', { name: 'Select row' });
    await box(1).click();
    await box(6).click({ modifiers: ['Shift'] });
    await expect.poll(() => grid().locator('[role=row][data-key][aria-selected=true]').count()).toBe(6);
    expect(await s.page.evaluate(() => getSelection()?.toString() ?? '')).toBe('');
    // Shift+click on data cells (the cell range) selects no text either.
    const cells = grid().locator('[role=row][data-key] [role=gridcell][data-field="product_code"]');
    await cells.nth(2).click();
    await cells.nth(5).click({ modifiers: ['Shift'] });
    expect(await s.page.evaluate(() => getSelection()?.toString() ?? '')).toBe('');
  });

  it('keeps text selection inside a cell editor with shift+click', async () => {
    await openProducts();
    const c = bodyRows().nth(0).locator('[role=gridcell][data-field="min_margin"]');
    await c.click();
    await s.page.keyboard.press('Enter');
    const input = c.locator('input');
    await expect.poll(() => input.count()).toBe(1);
    await input.fill('12345');
    await input.evaluate((el: HTMLInputElement) => el.setSelectionRange(0, 0));
    const b = (await input.boundingBox())!;
    await input.click({ modifiers: ['Shift'], position: { x: b.width - 3, y: b.height / 2 } });
    expect(await input.evaluate((el: HTMLInputElement) => [el.selectionStart, el.selectionEnd])).toEqual([0, 5]);
    await s.page.keyboard.press('Escape');
  });

  it('marks a number filter that does not parse as invalid, says it is not applied and applies no earlier filter behind it; 12-14 is a range', async () => {
    await openProducts();
    const lists: Json[] = [];
    s.page.on('request', (r: Request) => {
      if (!r.url().endsWith('/rpc/api_action')) return;
      const b = r.postDataJSON() as { entity: string; action: string; payload: Json };
      if (b.entity === 'product_list' && b.action === 'list') lists.push(b.payload);
    });
    const all = await rowCount();
    const input = grid().locator('[data-filter-field="min_margin"] input');
    const note = grid().locator('[data-filter-field="min_margin"] .grid-filter-invalid');
    await input.fill('>15');
    await expect.poll(rowCount).toBeLessThan(all);
    expect(await input.getAttribute('aria-invalid')).toBeNull();
    expect(await note.count()).toBe(0);

    for (const bad of ['abc', '12abc']) {
      await input.fill(bad);
      await expect.poll(() => input.getAttribute('aria-invalid')).toBe('true');
      expect(await input.getAttribute('title')).toBe('Enter a number, a comparison like >10, or a range like 10..20');
      expect(await input.evaluate((el) => getComputedStyle(el).borderTopColor)).toBe('rgb(220, 38, 38)');
      // Said where the user looks, and not applied: the earlier '>15' is gone too, all rows are back.
      await expect.poll(() => note.innerText()).toBe('Filter not applied');
      expect(await note.isVisible()).toBe(true);
      await expect.poll(rowCount).toBe(all);
      expect(lists.at(-1)?.filterModel?.min_margin).toBeUndefined();
      expect(await input.inputValue()).toBe(bad);
    }

    // Enter does not apply it either; a valid range does, and clears the mark.
    await input.press('Enter');
    await expect.poll(() => input.getAttribute('aria-invalid')).toBe('true');
    await input.fill('1..1,000.5');
    await expect.poll(() => input.getAttribute('aria-invalid')).toBeNull();
    await expect.poll(() => lists.at(-1)?.filterModel?.min_margin).toEqual({ filterType: 'number', type: 'inRange', filter: 1, filterTo: 1000.5 });
    expect(await input.getAttribute('title')).toBeNull();
    expect(await note.count()).toBe(0);

    // '12-14' is the range 12..14, not 1214.
    await input.fill('12-14');
    await expect.poll(() => lists.at(-1)?.filterModel?.min_margin).toEqual({ filterType: 'number', type: 'inRange', filter: 12, filterTo: 14 });
    expect(await input.getAttribute('aria-invalid')).toBeNull();
    const want = Number((await s.server.db.query<{ n: string }>(`select count(*) as n from app.v_product_list where company_code = 'SK01' and min_margin between 12 and 14`)).rows[0]!.n);
    await expect.poll(rowCount).toBe(want);
  });

  it('asks before deleting with the count of the selected rows, formatted for the locale', async () => {
    await openProducts();
    const total = await rowCount();
    expect(total).toBeGreaterThan(1000);
    await grid().getByRole('checkbox', { name: 'Select all rows' }).click();
    await expect.poll(() => tool('button.grid-delete').innerText()).toBe(`Delete (${total.toLocaleString('en')})`);
    await tool('button.grid-delete').click();
    const dialog = s.page.getByRole('dialog');
    await expect.poll(() => dialog.getByRole('heading').innerText()).toBe('Are you sure?');
    await expect.poll(() => dialog.innerText()).toContain(`Delete ${total.toLocaleString('en')} rows?`);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => dialog.count()).toBe(0);

    // One row: singular.
    await grid().getByRole('checkbox', { name: 'Select all rows' }).click();
    await expect.poll(() => tool('button.grid-delete').isDisabled()).toBe(true);
    await bodyRows().nth(0).getByRole('checkbox', { name: 'Select row' }).click();
    await expect.poll(() => tool('button.grid-delete').innerText()).toBe('Delete (1)');
    // Read before the question opens: a modal dialog hides the grid from role queries.
    const key = await bodyRows().nth(0).getAttribute('data-key');
    await tool('button.grid-delete').click();
    // One row at hand: named by its key (and name), no count (delete-cascade.test.ts has the whole question).
    await expect.poll(() => dialog.locator('.dialog-body').innerText()).toMatch(new RegExp(`^Delete ${key} .*\\?$`));
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    const left = await s.server.db.query<{ n: number }>(`select count(*)::int as n from app.products where product_code like 'PX-%'`);
    expect(left.rows[0]!.n).toBe(1200);
  });

  it('formats the counts with the German thousands separator', async () => {
    await openProducts('de');
    const total = await rowCount();
    await grid().getByRole('checkbox', { name: /.*/ }).first().click();
    await expect.poll(() => tool('button.grid-delete').innerText()).toBe(`Löschen (${total.toLocaleString('de')})`);
    await tool('button.grid-delete').click();
    await expect.poll(() => s.page.getByRole('dialog').innerText()).toContain(`${total.toLocaleString('de')} Zeilen löschen?`);
  });

  it('widens a column whose header the language makes longer (German), sorted too; a width the user set stays', async () => {
    await openProducts('de');
    // Header labels cut now: their text is wider than their box.
    const cut = () =>
      grid().evaluate((el) => {
        const range = document.createRange();
        return [...el.querySelectorAll<HTMLElement>('[role=columnheader][data-field] .grid-hlabel')]
          .filter((label) => {
            range.selectNodeContents(label);
            return range.getBoundingClientRect().width > label.getBoundingClientRect().width + 0.5;
          })
          .map((label) => label.closest<HTMLElement>('[role=columnheader]')!.dataset.field);
      });
    await expect.poll(cut).toEqual([]);
    // Sorted, with the arrow: still whole (also a header that fits only without the arrow).
    for (const f of ['purchase_price_base', 'order_qty', 'main_product_category_id', 'weight']) {
      await header(f).locator('.grid-sort').click();
      await expect.poll(() => header(f).getAttribute('aria-sort')).toBe('ascending');
      expect(await cut(), f).toEqual([]);
    }
    // Narrowed by the user: the user's width, cut header and all.
    const box = (await header('min_margin').boundingBox())!;
    const handle = (await header('min_margin').locator('.grid-resizer').boundingBox())!;
    await s.page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
    await s.page.mouse.down();
    await s.page.mouse.move(handle.x - 50, handle.y + handle.height / 2, { steps: 5 });
    await s.page.mouse.up();
    await expect.poll(async () => Math.round((await header('min_margin').boundingBox())!.width)).toBeLessThan(box.width - 40);
    // Checked once the resize is over all the way: drawn (the header fit, a layout effect, ran in that render) and
    // its state saved (data-state-save: the change's save waiting for its pause, or sent and not answered).
    await expect.poll(() => grid().getAttribute('data-state-save')).toBeNull();
    expect(await cut()).toEqual(['min_margin']);
  });
});
