/**
 * A form with unsaved input is not left without the question Cancel asks (issue 43): the
 * browser's Back asks "Discard your changes?" (Keep editing stays on the page with the
 * input; Discard goes back), an untouched form lets Back go at once, and closing the tab
 * with input gets the browser's own leave question (beforeunload).
 */
import { describe, expect, it } from 'vitest';
import { browserSuite, signIn } from './browser.ts';

const t = browserSuite();

describe('leaving a form with unsaved input', () => {
  it('asks on Back as Cancel does: Keep editing keeps the page and the input, Discard goes back; an untouched form goes at once', async () => {
    await signIn(t.page, t.server.url, 'admin@example.com');
    await t.page.goto(`${t.server.url}/en`);
    // Into the page through the app's menu: Back is the router's, not a new document.
    await t.page.getByRole('button', { name: 'Menu', exact: true }).click();
    await t.page.getByRole('navigation', { name: 'Menu' }).locator('a[href="/en/products/brands"]').click();
    const grid = t.page.getByRole('grid').first();
    await expect.poll(() => grid.locator('[role=row][data-key]').count(), { timeout: 10_000 }).toBeGreaterThan(0);
    const path = () => new URL(t.page.url()).pathname;
    expect(path()).toBe('/en/products/brands');

    await t.page.getByRole('button', { name: 'Add' }).click();
    const form = t.page.getByRole('dialog').filter({ has: t.page.locator('input[id$="-brand_name"]') });
    const name = form.locator('input[id$="-brand_name"]');
    await name.fill('Half typed brand');
    const ask = t.page.getByRole('dialog', { name: 'Discard your changes?' });

    await t.page.goBack();
    await expect.poll(() => ask.count()).toBe(1);
    await ask.getByRole('button', { name: 'Keep editing' }).click();
    await expect.poll(() => ask.count()).toBe(0);
    await expect.poll(path).toBe('/en/products/brands');
    expect(await name.inputValue()).toBe('Half typed brand');

    await t.page.goBack();
    await expect.poll(() => ask.count()).toBe(1);
    await ask.getByRole('button', { name: 'Discard' }).click();
    await expect.poll(path).toBe('/en');
    await expect.poll(() => t.page.getByRole('dialog').count()).toBe(0);
    expect(await t.server.db.query(`select 1 from app.brands where brand_name = 'Half typed brand'`).then((r) => r.rows.length)).toBe(0);

    // Untouched: Back goes without a question.
    await t.page.goForward();
    await expect.poll(path).toBe('/en/products/brands');
    await t.page.getByRole('button', { name: 'Add' }).click();
    await expect.poll(() => form.count()).toBe(1);
    await t.page.goBack();
    await expect.poll(path).toBe('/en');
    expect(await ask.count()).toBe(0);
  });

  it("asks the browser's leave question when the tab is closed with unsaved input, not without", async () => {
    await signIn(t.page, t.server.url, 'admin@example.com');
    await t.page.goto(`${t.server.url}/en/products/brands`);
    await t.page.getByRole('button', { name: 'Add' }).click();
    const name = t.page.getByRole('dialog').locator('input[id$="-brand_name"]');
    await name.fill('Closing the tab');
    const asked = new Promise<string>((resolve) => {
      t.page.once('dialog', (d) => void d.dismiss().then(() => resolve(d.type())));
      t.page.once('close', () => resolve('closed without a question'));
    });
    await t.page.close({ runBeforeUnload: true });
    expect(await asked).toBe('beforeunload');
    // Dismissed: the tab stays with what was typed.
    expect(t.page.isClosed()).toBe(false);
    expect(await name.inputValue()).toBe('Closing the tab');

    // Cleared: nothing is lost, the tab closes without a question.
    await name.fill('');
    let questions = 0;
    t.page.on('dialog', (d) => {
      questions++;
      void d.accept();
    });
    const closed = new Promise<void>((resolve) => t.page.once('close', () => resolve()));
    await t.page.close({ runBeforeUnload: true });
    await closed;
    expect(questions).toBe(0);
  });
});
