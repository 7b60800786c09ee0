/**
 * The workflow transitions screen in the browser (issue 22): type and states shown by their
 * names in the UI language (a state with its type's: types share state names); a transition added with the form; another type's state refused
 * with the rule said in the user's language, nothing stored.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { browserSuite, signIn } from './browser.ts';
import { gridPage } from './gridPage.ts';

const t = browserSuite({ width: 1600, height: 1000 });
const { header, bodyRows } = gridPage(
  () => t.page,
  () => t.server,
);
const text = (lang: string, key: string): string => (JSON.parse(readFileSync(`locales/${lang}.json`, 'utf8')) as Record<string, string>)[key]!;

describe('workflow transitions', () => {
  const stateId = async (type: string, code: string) =>
    (await t.server.db.query<{ state_id: number }>('select state_id from app.fsm_states where type_code = $1 and state_code = $2', [type, code])).rows[0]!.state_id;
  const transitions = async (event: string) =>
    (await t.server.db.query('select type_code, from_state_id, to_state_id, show_in_fsm_buttons from app.fsm_transitions where event_code = $1', [event])).rows;

  it('shows types and states by their German names; adds a transition, refusing another type’s state in German', async () => {
    await t.server.db.query(
      `insert into app.fsm_events (type_code, event_code, event_names, event_params) values ('sales_order', 'hold', '{"en": "Hold", "de": "Anhalten"}', '{"bv_variant": "warning", "bv_icon": "clock"}')`,
    );
    await signIn(t.page, t.server.url, 'admin@example.com');
    await t.page.goto(`${t.server.url}/de/fsm/fsm_transitions`);
    await expect.poll(() => bodyRows().count(), { timeout: 10_000 }).toBeGreaterThan(5);
    await expect.poll(() => t.page.locator('h1').first().innerText()).toContain(text('de', 'screens.fsm_transitions.title'));
    for (const field of ['from_state_id', 'to_state_id', 'show_in_fsm_buttons']) await expect.poll(() => header(field).innerText(), { message: field }).toContain(text('de', `fields.${field}`));
    const grid = t.page.locator('.screen-grid[data-form="fsm_transitions"]');
    await expect.poll(() => grid.locator('[role=gridcell][data-field="type_code"]').allInnerTexts()).toContain('Kundenauftrag');
    await expect.poll(() => grid.locator('[role=gridcell][data-field="from_state_id"]').allInnerTexts()).toContain('Kundenauftrag · Wartet auf Zahlung');

    const [placed, prepay] = [await stateId('sales_order', 'placed'), await stateId('sales_order', 'waiting_for_prepayment')];
    await grid
      .locator('> .grid-toolbar')
      .getByRole('button', { name: text('de', 'common.add') })
      .click();
    const dialog = t.page.getByRole('dialog');
    await dialog.locator('select[id$="-type_code"]').selectOption({ label: 'Kundenauftrag' });
    await dialog.locator('input[id$="-event_code"]').fill('hold');
    await dialog.locator('select[id$="-from_state_id"]').selectOption({ label: 'Einkaufsbestellung · Storniert' });
    await dialog.locator('select[id$="-to_state_id"]').selectOption({ label: 'Kundenauftrag · Wartet auf Vorauszahlung' });
    await dialog.locator('input[id$="-show_in_fsm_buttons"]').check();
    await dialog.getByRole('button', { name: text('de', 'common.save') }).click();
    await expect.poll(() => t.page.getByText(text('de', 'rules.fsm_transition_type')).count(), { timeout: 5000 }).toBeGreaterThan(0);
    expect(await transitions('hold')).toEqual([]);

    await dialog.locator('select[id$="-from_state_id"]').selectOption({ label: 'Kundenauftrag · Aufgegeben' });
    await dialog.getByRole('button', { name: text('de', 'common.save') }).click();
    await expect.poll(() => t.page.getByRole('dialog').count()).toBe(0);
    await expect.poll(() => transitions('hold')).toEqual([{ type_code: 'sales_order', from_state_id: placed, to_state_id: prepay, show_in_fsm_buttons: true }]);
    await expect.poll(() => grid.locator('[role=gridcell][data-field="event_names"]').allInnerTexts()).toContain('Anhalten');
  }, 120_000);
});
