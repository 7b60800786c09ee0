/**
 * Saved views of a grid (features/viewState/ViewMenu.tsx, ViewPanel.tsx, ViewRename.tsx) as a user meets
 * them, in a real browser against a real server: saving under a name the user has already
 * asks to replace that view, updating (⟳) and deleting ask naming the view, the applied view
 * is marked (and marked as changed once the grid is no longer the view) and stays marked
 * across a reload, an own view is renamed in its line (empty and taken names refused, the
 * mark follows), the keyboard (Enter saves, Esc closes) and the order of the list (own views
 * first, a new one too).
 */
import type { Json } from '../api/harness.ts';
import { beforeEach, describe, expect, it } from 'vitest';
import { browserSuite } from './browser.ts';
import { gridPage } from './gridPage.ts';

const s = browserSuite({ width: 1600, height: 900 });

beforeEach(async () => {
  await s.server.db.query('delete from app.user_grid_states');
  await s.server.db.query('delete from app.grid_views');
});

const { header, tool, bodyRows, openProducts } = gridPage(
  () => s.page,
  () => s.server,
);

const menu = () => s.page.locator('.grid-views-menu');
const item = (name: string) => menu().locator('.grid-view-item', { has: s.page.locator('.grid-view-apply', { hasText: new RegExp(`^(✓ )?${name}( \\*)?$`) }) });
const nameInput = () => menu().locator('input.grid-view-name');
/** The app's question (chrome/confirm.ts), not the menu (a popover is a dialog too). */
const dialog = () => s.page.locator('.dialog[role=dialog]');
const views = async () =>
  (await s.server.db.query<{ name: string; shared: boolean; state: Json; owner_user_id: number }>('select name, shared, state, owner_user_id from app.grid_views order by view_id')).rows;
const sortOf = (state: Json) => (state.sorting as { id: string; desc: boolean }[]).map((x) => `${x.id} ${x.desc ? 'desc' : 'asc'}`);
const focusedText = () => s.page.evaluate(() => document.activeElement?.textContent ?? null);

/** Sorts by a column (one click on its sort button: ascending, the only sort) and waits for it. */
async function sortBy(field: string) {
  await header(field).locator('.grid-sort').click();
  await expect.poll(() => header(field).getAttribute('aria-sort')).toBe('ascending');
}

/** Opens the views menu and saves the grid as a view by typing its name and pressing Enter. */
async function saveAs(name: string) {
  if (!(await menu().isVisible())) await tool('button.grid-views').click();
  await nameInput().fill(name);
  await nameInput().press('Enter');
}

/** product_list sorted by price, saved as the only view "Cheap items", the menu closed. */
async function cheapItemsSaved() {
  await sortBy('selling_price_shop');
  await saveAs('Cheap items');
  await expect.poll(async () => (await views()).length).toBe(1);
  await s.page.keyboard.press('Escape');
}

describe('saved views', () => {
  it('asks to replace an own view saved under its name again (Cancel first; no: the typed name is back); another case is another name', async () => {
    await openProducts();
    await sortBy('selling_price_shop');
    await saveAs('Cheap items');
    await expect.poll(async () => (await views()).map((v) => v.name)).toEqual(['Cheap items']);
    await s.page.keyboard.press('Escape');

    await sortBy('weight');
    await tool('button.grid-views').click();
    await menu().locator('.grid-view-shared input').check();
    await saveAs('  Cheap items ');
    // The question names the view; a reflex Enter must not replace it.
    await expect.poll(() => dialog().count()).toBe(1);
    expect(await dialog().innerText()).toContain('You already have a view named “Cheap items”. Replace it with the grid as it is now?');
    await expect.poll(focusedText).toBe('Cancel');
    await dialog().getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => dialog().count()).toBe(0);
    // No: nothing saved, and the menu is back with the name and the flag as typed.
    await expect.poll(() => nameInput().inputValue()).toBe('  Cheap items ');
    expect(await menu().locator('.grid-view-shared input').isChecked()).toBe(true);
    await expect.poll(() => s.page.evaluate(() => document.activeElement?.className)).toBe('grid-view-name');
    expect(sortOf((await views())[0]!.state)).toEqual(['selling_price_shop asc']);

    await nameInput().press('Enter');
    await dialog().getByRole('button', { name: 'Replace' }).click();
    // Yes: the view has the grid's state now and is shared; no second view, no "already exists".
    await expect.poll(async () => (await views()).map((v) => [v.name, v.shared, sortOf(v.state).join()])).toEqual([['Cheap items', true, 'weight asc']]);
    expect(await s.page.locator('.toast', { hasText: /already exists/i }).count()).toBe(0);

    // The server's names are case-sensitive: another case is a new view, without a question.
    await saveAs('cheap items');
    await expect.poll(async () => (await views()).map((v) => v.name)).toEqual(['Cheap items', 'cheap items']);
    expect(await dialog().count()).toBe(0);
  });

  it('asks to replace a taken name typed and saved before the views list is in (the save waits for it)', async () => {
    await openProducts();
    await cheapItemsSaved();
    // The next opening's list is held until the name is saved: the save surely comes first.
    let asked!: () => void;
    const isAsked = new Promise<void>((r) => (asked = r));
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    await s.page.route('**/rpc/api_action', async (r) => {
      const body = r.request().postDataJSON() as { entity?: string; action?: string } | null;
      if (body?.entity === 'grid_views' && body.action === 'list') {
        asked();
        await released;
      }
      await r.continue();
    });
    await tool('button.grid-views').click();
    await isAsked;
    await nameInput().fill('Cheap items');
    await nameInput().press('Enter');
    release();
    await expect.poll(() => dialog().count()).toBe(1);
    expect(await dialog().innerText()).toContain('You already have a view named “Cheap items”.');
    await dialog().getByRole('button', { name: 'Cancel' }).click();
    await s.page.unroute('**/rpc/api_action');
    expect((await views()).map((v) => v.name)).toEqual(['Cheap items']);
    expect(await s.page.locator('.toast', { hasText: /already exists/i }).count()).toBe(0);
  });

  it('names the view in the delete question (English and German), Cancel first', async () => {
    await openProducts();
    await saveAs('Cheap items');
    await expect.poll(async () => (await views()).length).toBe(1);
    await item('Cheap items').locator('button.grid-view-delete').click();
    await expect.poll(() => dialog().count()).toBe(1);
    expect(await dialog().innerText()).toContain('Delete the view “Cheap items”?');
    await expect.poll(focusedText).toBe('Cancel');
    await dialog().getByRole('button', { name: 'Delete' }).click();
    await expect.poll(async () => (await views()).length).toBe(0);

    await s.page.goto(`${s.server.url}/de/products/product_list`);
    await expect.poll(() => bodyRows().count()).toBeGreaterThan(5);
    await saveAs('Günstig');
    await expect.poll(async () => (await views()).length).toBe(1);
    await item('Günstig').locator('button.grid-view-delete').click();
    await expect.poll(() => dialog().innerText()).toContain('Die Ansicht „Günstig“ löschen?');
    await dialog().getByRole('button', { name: 'Abbrechen' }).click();
    expect((await views()).length).toBe(1);
  });

  it('marks the applied view on the button and in the list, with " *" while the grid is not the view', async () => {
    await openProducts();
    const button = tool('button.grid-views');
    await cheapItemsSaved();
    // A view saved is the one the grid shows.
    await expect.poll(() => button.innerText()).toBe('Views: Cheap items');

    await sortBy('weight');
    await expect.poll(() => button.innerText()).toBe('Views: Cheap items *');
    expect(await button.getAttribute('title')).toBe('Views: Cheap items *');
    await button.click();
    await expect.poll(() => item('Cheap items').locator('.grid-view-apply').getAttribute('aria-current')).toBe('true');
    expect(await item('Cheap items').locator('.grid-view-apply').innerText()).toMatch(/Cheap items \*$/);

    // Applied: marked, unchanged.
    await item('Cheap items').locator('.grid-view-apply').click();
    await expect.poll(() => header('selling_price_shop').getAttribute('aria-sort')).toBe('ascending');
    await expect.poll(() => button.innerText()).toBe('Views: Cheap items');
    await button.click();
    await expect.poll(() => item('Cheap items').locator('.grid-view-apply').innerText()).toMatch(/Cheap items$/);
    await s.page.keyboard.press('Escape');

    // The home page and back (in the app, the grid unmounted): still marked.
    await s.page.locator('a[href="/en"]').first().click();
    await expect.poll(() => button.count()).toBe(0);
    await s.page.goBack();
    await expect.poll(() => header('selling_price_shop').getAttribute('aria-sort')).toBe('ascending');
    await expect.poll(() => button.innerText()).toBe('Views: Cheap items');

    // A hidden column changes it too; shown again, the grid is the view again.
    await tool('button.grid-columns').click();
    const column = s.page.locator('.grid-chooser-item[data-field="mf_id"] input');
    await column.uncheck();
    await expect.poll(() => button.innerText()).toBe('Views: Cheap items *');
    await column.check();
    await expect.poll(() => button.innerText()).toBe('Views: Cheap items');
    await s.page.keyboard.press('Escape');

    // Deleted: no mark.
    await button.click();
    await item('Cheap items').locator('button.grid-view-delete').click();
    await dialog().getByRole('button', { name: 'Delete' }).click();
    await expect.poll(async () => (await views()).length).toBe(0);
    await expect.poll(() => button.innerText()).toBe('Views');
  });

  it('Enter in the name saves, Esc closes the menu, and a new own view is listed before the views others share', async () => {
    await s.server.db.query(`insert into app.grid_views (form, owner_user_id, name, shared, state) values ('product_list', 2, 'Aaa shared', true, '{"v":1}')`);
    await openProducts();
    await tool('button.grid-views').click();
    await expect.poll(() => menu().locator('.grid-view-item').count()).toBe(1);
    await saveAs('Zzz mine');
    await expect.poll(async () => (await views()).map((v) => v.name)).toEqual(['Aaa shared', 'Zzz mine']);
    await expect.poll(() => menu().locator('.grid-view-apply').allInnerTexts()).toEqual(['Zzz mine', 'Aaa shared']);
    await nameInput().focus();
    await s.page.keyboard.press('Escape');
    await expect.poll(() => menu().count()).toBe(0);
  });

  it('asks before ⟳ overwrites a view with the grid, naming it (Cancel first; Cancel changes nothing)', async () => {
    await openProducts();
    const button = tool('button.grid-views');
    await cheapItemsSaved();
    await sortBy('weight');
    await expect.poll(() => button.innerText()).toBe('Views: Cheap items *');

    await button.click();
    await item('Cheap items').locator('button.grid-view-update').click();
    await expect.poll(() => dialog().count()).toBe(1);
    expect(await dialog().innerText()).toContain('Overwrite the view “Cheap items” with the grid as it is now?');
    await expect.poll(focusedText).toBe('Cancel');
    await s.page.keyboard.press('Enter');
    await expect.poll(() => dialog().count()).toBe(0);
    // Cancel: the view and the mark as they were.
    expect(sortOf((await views())[0]!.state)).toEqual(['selling_price_shop asc']);
    expect(await button.innerText()).toBe('Views: Cheap items *');

    await button.click();
    await item('Cheap items').locator('button.grid-view-update').click();
    await dialog().getByRole('button', { name: 'Overwrite' }).click();
    await expect.poll(async () => sortOf((await views())[0]!.state)).toEqual(['weight asc']);
    await expect.poll(() => button.innerText()).toBe('Views: Cheap items');
  });

  it("renames an own view in its line: empty and taken names are refused and what was typed stays, Esc cancels, the mark follows; others' views have no rename", async () => {
    await s.server.db.query(`insert into app.grid_views (form, owner_user_id, name, shared, state) values ('product_list', 2, 'Team view', true, '{"v":1}')`);
    await openProducts();
    const button = tool('button.grid-views');
    await sortBy('weight');
    await saveAs('Heavy items');
    await sortBy('selling_price_shop');
    await saveAs('Cheap items');
    await expect.poll(async () => (await views()).map((v) => v.name)).toEqual(['Team view', 'Heavy items', 'Cheap items']);
    await s.page.keyboard.press('Escape');
    await sortBy('weight');
    await expect.poll(() => button.innerText()).toBe('Views: Cheap items *');

    await button.click();
    expect(await item('Team view').locator('button.grid-view-rename').count()).toBe(0);
    await item('Cheap items').locator('button.grid-view-rename').click();
    const input = menu().locator('input.grid-view-rename-name');
    const error = () => menu().locator('.grid-view-rename-form [role=alert]');
    await expect.poll(() => s.page.evaluate(() => document.activeElement?.className)).toBe('grid-view-rename-name');
    expect(await input.inputValue()).toBe('Cheap items');
    const menuBox = (await menu().boundingBox())!;

    await input.fill('   ');
    await input.press('Enter');
    await expect.poll(() => error().innerText()).toBe('Enter a name for the view.');
    expect(await input.inputValue()).toBe('   ');
    expect(await input.getAttribute('aria-invalid')).toBe('true');

    await input.fill('Heavy items ');
    await input.press('Enter');
    await expect.poll(() => error().innerText()).toBe('You already have a view named “Heavy items” for this screen. Choose another name.');
    expect(await input.inputValue()).toBe('Heavy items ');
    // The message wraps inside the menu: the menu keeps its width and place.
    const withError = (await menu().boundingBox())!;
    expect(Math.abs(withError.width - menuBox.width), `menu ${menuBox.width} → ${withError.width} px wide`).toBeLessThan(10);
    expect(Math.abs(withError.x - menuBox.x)).toBeLessThan(10);

    // A name taken since the menu opened: the server refuses it, with the same words.
    await s.server.db.query(`insert into app.grid_views (form, owner_user_id, name, state) values ('product_list', 1, 'Taken meanwhile', '{"v":1}')`);
    await input.fill('Taken meanwhile');
    await input.press('Enter');
    await expect.poll(() => error().innerText()).toBe('You already have a view named “Taken meanwhile” for this screen. Choose another name.');
    expect(await input.inputValue()).toBe('Taken meanwhile');
    expect((await views()).map((v) => v.name)).toEqual(['Team view', 'Heavy items', 'Cheap items', 'Taken meanwhile']);

    // Esc ends the rename, not the menu; the rename button has the focus again.
    await input.press('Escape');
    await expect.poll(() => input.count()).toBe(0);
    expect(await menu().count()).toBe(1);
    await expect.poll(() => s.page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Rename: Cheap items');

    await item('Cheap items').locator('button.grid-view-rename').click();
    await input.fill(' Budget items ');
    await input.press('Enter');
    await expect.poll(async () => (await views()).map((v) => v.name)).toEqual(['Team view', 'Heavy items', 'Budget items', 'Taken meanwhile']);
    // The mark follows, still changed (the grid is not the view).
    await expect.poll(() => item('Budget items').locator('.grid-view-apply').getAttribute('aria-current')).toBe('true');
    expect(await item('Budget items').locator('.grid-view-apply').innerText()).toMatch(/Budget items \*$/);
    expect(await button.innerText()).toBe('Views: Budget items *');
    expect(sortOf((await views())[2]!.state)).toEqual(['selling_price_shop asc']);

    // In German.
    await s.page.goto(`${s.server.url}/de/products/product_list`);
    await expect.poll(() => bodyRows().count()).toBeGreaterThan(5);
    await tool('button.grid-views').click();
    await item('Budget items').locator('button.grid-view-rename').click();
    await input.fill('');
    await input.press('Enter');
    await expect.poll(() => error().innerText()).toBe('Geben Sie einen Namen für die Ansicht ein.');
  });

  it('keeps the applied view marked across a reload, " *" when the grid restored is not the view; a view deleted since, no mark', async () => {
    await openProducts();
    const button = tool('button.grid-views');
    const reload = async (sorted: string) => {
      await s.page.reload();
      await expect.poll(() => header(sorted).getAttribute('aria-sort')).toBe('ascending');
    };
    await cheapItemsSaved();
    await expect.poll(() => button.innerText()).toBe('Views: Cheap items');
    await reload('selling_price_shop');
    await expect.poll(() => button.innerText()).toBe('Views: Cheap items');
    await button.click();
    await expect.poll(() => item('Cheap items').locator('.grid-view-apply').getAttribute('aria-current')).toBe('true');
    await s.page.keyboard.press('Escape');

    await sortBy('weight');
    await expect.poll(() => button.innerText()).toBe('Views: Cheap items *');
    await reload('weight');
    await expect.poll(() => button.innerText()).toBe('Views: Cheap items *');

    // Applied again, renamed elsewhere: the new name after a reload.
    await button.click();
    await item('Cheap items').locator('.grid-view-apply').click();
    await expect.poll(() => header('selling_price_shop').getAttribute('aria-sort')).toBe('ascending');
    await s.server.db.query(`update app.grid_views set name = 'Cheapest'`);
    await reload('selling_price_shop');
    await expect.poll(() => button.innerText()).toBe('Views: Cheapest');

    await s.server.db.query('delete from app.grid_views');
    await reload('selling_price_shop');
    // The grid state restored (the sort above); no mark.
    await expect.poll(() => button.innerText()).toBe('Views');
  });
});
