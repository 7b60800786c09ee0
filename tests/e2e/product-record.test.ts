/**
 * A product's whole record in the form's tabs (issue 46, point 1), in German: a user opens the
 * active row's record, fills fields across the tabs (numbers as German writes them, a
 * checkbox, the long description in the rich-text editor), sees a refusal on the tab that
 * holds it (marked, opened, its field focused), corrects it and saves; the values read back
 * as she typed them, computed values are shown read-only, and the description is stored
 * without markup she typed.
 */
import { describe, expect, it } from 'vitest';
import { axeProblems } from './axe.ts';
import { browserSuite, signIn } from './browser.ts';

const t = browserSuite();

const grid = () => t.page.getByRole('grid').first();
const cell = (key: string, field: string) => grid().locator(`[role=row][data-key="${key}"] [role=gridcell][data-field="${field}"]`);

describe('the product record form', () => {
  it('fills fields across the tabs in German, shows an error on its tab, saves, and reads the values back as typed', async () => {
    const code = (
      await t.server.db.query<{ product_code: string }>(
        `select product_code from app.products where company_code = 'SK01' and active and selling_price_shop >= coalesce(app.min_selling_price(purchase_price_base, min_margin), 0) order by product_code offset 3 limit 1`,
      )
    ).rows[0]!.product_code;
    await signIn(t.page, t.server.url, 'admin@example.com', 'de');
    await t.page.goto(`${t.server.url}/de/products/product_list`);
    await t.page.getByRole('textbox', { name: 'Produktcode' }).fill(code);
    await expect.poll(() => cell(code, 'product_name').count()).toBe(1);
    await cell(code, 'product_name').click();
    await t.page.getByRole('button', { name: 'Datensatz öffnen' }).click();

    const dialog = t.page.getByRole('dialog');
    const tabs = dialog.getByRole('tab');
    await expect.poll(() => dialog.getByRole('tablist', { name: 'Abschnitte des Formulars' }).getByRole('tab').allInnerTexts()).toEqual(['Grunddaten', 'Preise', 'Logistik', 'Shop', 'Texte']);
    const tab = (name: string) => dialog.getByRole('tablist', { name: 'Abschnitte des Formulars' }).getByRole('tab', { name });
    const field = (name: string) => dialog.getByLabel(name, { exact: true });
    // The tabs and the read-only fields pass axe's rules.
    expect(await axeProblems(t.page, 'product record form')).toEqual([]);

    // Prices: a percentage with a German decimal comma; the calculated unit price is shown, read-only, and says so.
    await tab('Preise').click();
    await field('Neuer Rabatt %').fill('12,5');
    expect(await field('Berechneter Stückpreis').isDisabled()).toBe(true);
    expect(await field('Berechneter Stückpreis').getAttribute('aria-describedby')).toMatch(/-readonly$/);
    expect(await dialog.getByRole('tabpanel').getByText('Vom System gesetzt; hier nicht änderbar').count()).toBeGreaterThan(0);

    // Logistics by keyboard: from the Prices tab, the right arrow opens Logistics.
    await tab('Preise').focus();
    await t.page.keyboard.press('ArrowRight');
    await expect.poll(() => tab('Logistik').getAttribute('aria-selected')).toBe('true');
    await field('Länge (cm)').fill('30,5');
    await field('Stück pro Umkarton').fill('0');

    await tab('Shop').click();
    await field('Versandkostenfrei').check();

    await tab('Texte').click();
    const editor = dialog.locator('.ql-editor');
    await expect.poll(() => editor.count()).toBe(1);
    await editor.click();
    await t.page.keyboard.type('Massive Eiche, geölt. <script>window.__xss = 1</script>');

    // Saved from another tab: the refusal is on Logistics — marked, opened, its field focused, said in German.
    await tab('Grunddaten').click();
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await expect.poll(() => tab('Logistik').getAttribute('aria-selected')).toBe('true');
    expect(await tab('Logistik').innerText()).toContain('enthält Fehler');
    expect(await tab('Preise').innerText()).not.toContain('enthält Fehler');
    await expect.poll(() => t.page.evaluate(() => document.activeElement?.id ?? '')).toMatch(/master_box_qty$/);
    expect(await dialog.getByText('Muss mindestens 1 sein').count()).toBe(1);
    expect(await t.server.db.query('select 1 from app.products where product_code = $1 and length = 30.5', [code]).then((r) => r.rows.length)).toBe(0);

    await field('Stück pro Umkarton').fill('12');
    // The save reloads the grid: its rows from before the save stay on screen until the reload's answer has come.
    const reloaded = t.page.waitForResponse((r) => r.url().endsWith('/rpc/api_action') && /"entity":"product_list","action":"list"/.test(r.request().postData() ?? ''));
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await expect.poll(() => t.page.getByRole('dialog').count()).toBe(0);
    await reloaded;
    await expect.poll(() => grid().getAttribute('aria-busy')).toBeNull();

    const stored = (
      await t.server.db.query<{ new_discount: string; length: string; master_box_qty: number; free_shipping: boolean; description: Record<string, string> }>(
        'select new_discount::text, length::text, master_box_qty, free_shipping, description from app.products where product_code = $1',
        [code],
      )
    ).rows[0]!;
    expect(stored).toMatchObject({ new_discount: '12.50', length: '30.50', master_box_qty: 12, free_shipping: true });
    const text = Object.values(stored.description).join(' ');
    expect(text).toContain('Massive Eiche, geölt.');
    // What she typed is text, never a tag.
    expect(text).not.toMatch(/<script/i);

    // Opened again: the values as she typed them, in German.
    await cell(code, 'product_name').click();
    await t.page.getByRole('button', { name: 'Datensatz öffnen' }).click();
    await tab('Preise').click();
    expect(await field('Neuer Rabatt %').inputValue()).toBe('12,5');
    await tab('Logistik').click();
    expect(await field('Länge (cm)').inputValue()).toBe('30,5');
    expect(await field('Stück pro Umkarton').inputValue()).toBe('12');
    await tab('Shop').click();
    expect(await field('Versandkostenfrei').isChecked()).toBe(true);
    await tab('Texte').click();
    await expect.poll(() => dialog.locator('.ql-editor').innerText()).toContain('Massive Eiche, geölt.');
    expect(await t.page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    expect(await tabs.count()).toBe(5 + 7); // the record's five tabs and the editor's seven languages
  });
});
