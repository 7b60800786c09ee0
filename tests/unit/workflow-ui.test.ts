/**
 * The workflow actions in the grid (features/workflow): the confirmation an event asks
 * (spec §4: its name in the UI language, bv_variant with danger by default, bv_icon, the
 * checkbox, the e-mail body), the trigger call (instance ids, the state seen, the checkbox,
 * a body only when not blank), the row fields taken from the answer, and the row buttons.
 */
import { readFileSync } from 'node:fs';
import { renderToStaticMarkup } from 'react-dom/server';
import { createIntl } from 'react-intl';
import { createElement, Fragment, type ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { eventName, type FsmAction } from '../../src/core/workflowActions.ts';
import { answerPatches, confirmOptions, referenceOf, triggerCall, variantOf } from '../../src/app/grid/features/workflow/workflow.utils.ts';
import { LANGS, LOCALE } from '../../src/core/langs.ts';
import { workflows } from '../../src/server/db/seed/workflows.ts';
import { fsmButtons } from '../../src/app/grid/renderers/fsmButtons.tsx';
import type { RenderArgs } from '../../src/app/grid/types.ts';

const pay: FsmAction = {
  event_code: 'pay',
  event_names: { en: 'Record payment', de: 'Zahlung erfassen' },
  params: { bv_variant: 'success', bv_icon: 'banknote', checkbox: { en: 'Send receipt', de: 'Beleg senden' } },
  menu: true,
  button: true,
};
const ship: FsmAction = { event_code: 'ship', event_names: { en: 'Ship' }, params: { bv_icon: 'no-such-icon', email: true }, menu: true, button: false };
const noAnswer = { checkbox: false, email: '' };

const records = (...references: string[]) => ({ type: 'Sales order', references });

describe('workflow confirmation', () => {
  it('is titled and named by the event in the UI language, styled by bv_variant, with its icon and checkbox', () => {
    expect(confirmOptions(pay, 'de', { type: 'Kundenauftrag', references: ['SO-1', 'SO-2', 'SO-3'] })).toEqual({
      title: 'Zahlung erfassen',
      okId: 'workflow.confirm_ok_rows',
      okValues: { event: 'Zahlung erfassen', count: 3 },
      cancelId: 'workflow.confirm_back',
      variant: 'success',
      icon: 'banknote',
      checkbox: 'Beleg senden',
      bodyId: 'workflow.confirm_rows',
      bodyValues: { event: 'Zahlung erfassen', count: 3, documents: 'SO-1, SO-2, SO-3' },
    });
    // A language without a name falls back to English.
    expect(eventName(pay, 'hu')).toBe('Record payment');
  });

  it('names one record by its type and reference, and lists at most ten references of several', () => {
    expect(confirmOptions(pay, 'en', records('SO-2026-000123'))).toMatchObject({
      bodyId: 'workflow.confirm_one',
      bodyValues: { event: 'Record payment', document: 'Sales order SO-2026-000123' },
      okId: 'workflow.confirm_ok',
      okValues: { event: 'Record payment', reference: 'SO-2026-000123' },
    });
    expect(confirmOptions(pay, 'en', { type: '', references: ['17'] }).bodyValues).toMatchObject({ document: '17' });
    const many = Array.from({ length: 12 }, (_, i) => `SO-${i + 1}`);
    expect(confirmOptions(pay, 'en', records(...many)).bodyValues).toMatchObject({ count: 12, documents: `${many.slice(0, 10).join(', ')}, …` });
  });

  it('is danger without a known bv_variant, and asks an e-mail body only for one row', () => {
    expect(variantOf(ship)).toBe('danger');
    expect(variantOf({ ...ship, params: { bv_variant: 'purple' } })).toBe('danger');
    expect(confirmOptions(ship, 'en', records('SO-1'))).toMatchObject({ variant: 'danger', emailId: 'workflow.email_body' });
    expect(confirmOptions(ship, 'en', records('SO-1', 'SO-2')).emailId).toBeUndefined();
    expect(confirmOptions(ship, 'en', records('SO-1')).checkbox).toBeUndefined();
  });

  it('names a record by its document number, else its card’s first field, else its key', () => {
    const screen = (card?: string[]) => ({ source: { relation: 'app.v', key: 'order_id' }, workflow: { type: 'sales_order', ...(card ? { card } : {}) } }) as never;
    expect(referenceOf(screen(['partner_name']), { order_id: 7, fsm_reference: 'SO-2026-000007', partner_name: 'Acme' })).toBe('SO-2026-000007');
    expect(referenceOf(screen(['invoice_number']), { order_id: 7, invoice_number: 'INV-9' })).toBe('INV-9');
    expect(referenceOf(screen(), { order_id: 7 })).toBe('7');
  });

  // Issue 43: kanban "Move to… → Cancel" asked with two buttons both called "Cancel" and named no order.
  it('names the record and keeps its two buttons apart for every event of every workflow, in all seven languages', () => {
    for (const lang of LANGS) {
      const cat = JSON.parse(readFileSync(`locales/${lang}.json`, 'utf8')) as Record<string, string>;
      const intl = createIntl({ locale: LOCALE[lang], messages: cat });
      const say = (id: string | undefined, values?: Record<string, unknown>) => intl.formatMessage({ id: id! }, values as Record<string, string>);
      for (const w of workflows) {
        const names = w.events.map((e) => e.names[lang]);
        for (const e of w.events) {
          const action: FsmAction = { event_code: e.code, event_names: e.names, params: e.params as FsmAction['params'], menu: true };
          const type = w.names[lang];
          const where = `${lang} ${w.type}.${e.code}`;
          const one = confirmOptions(action, lang, { type, references: ['SO-2026-000123'] });
          const [ok, back, body] = [say(one.okId, one.okValues), say(one.cancelId), say(one.bodyId, one.bodyValues)];
          expect(ok, where).not.toBe(back);
          expect(ok, where).toContain('SO-2026-000123');
          expect(ok, where).toContain(e.names[lang]);
          expect(body, where).toContain(`${type} SO-2026-000123`);
          expect(body, where).toContain(e.names[lang]);
          // The dismissing button reads like no event of the workflow.
          expect(names, where).not.toContain(back);
          const three = confirmOptions(action, lang, { type, references: ['SO-1', 'SO-2', 'SO-3'] });
          const [okRows, bodyRows] = [say(three.okId, three.okValues), say(three.bodyId, three.bodyValues)];
          expect(okRows, where).not.toBe(say(three.cancelId));
          expect(okRows, where).toMatch(/\b3\b/);
          expect(bodyRows, where).toContain('SO-1, SO-2, SO-3');
        }
      }
    }
  });
});

describe('workflow trigger call', () => {
  const row = (id: number, state = 'placed') => ({ order_id: id * 10, fsm_instance_id: id, state_code: state });

  it('fires on the rows’ instances with the state they were seen in and the checkbox', () => {
    expect(triggerCall(pay, [row(1), row(2)], { checkbox: true, email: '' })).toEqual({
      entity: 'trigger_fsms',
      payload: { event_code: 'pay', fsm_instance_id: [1, 2], params: { state_code: 'placed', checkbox: true } },
    });
    // Rows in different states: no one state to check (the server checks each has the transition).
    expect(triggerCall(pay, [row(1), row(2, 'waiting_for_payment')], noAnswer).payload.params).toEqual({ checkbox: false });
  });

  it('sends an e-mail body that is not blank through trigger_fsm, for one row', () => {
    expect(triggerCall(ship, [row(7)], { checkbox: false, email: 'Your parcel is on its way.' })).toEqual({
      entity: 'trigger_fsm',
      payload: { event_code: 'ship', fsm_instance_id: 7, params: { state_code: 'placed', email_body: 'Your parcel is on its way.' } },
    });
    expect(triggerCall(ship, [row(7)], { checkbox: false, email: '  \n ' })).toEqual({
      entity: 'trigger_fsms',
      payload: { event_code: 'ship', fsm_instance_id: [7], params: { state_code: 'placed' } },
    });
  });

  it('asks one record’s payment and records it through trigger_fsm; several move by hand (issue 47)', () => {
    const record: FsmAction = { ...pay, params: { ...pay.params, payment: true } };
    const q = { currency: 'EUR', digits: 2, open: 80, total: 120, receivable: true };
    expect(confirmOptions(record, 'en', records('SO-1'), q).payment).toEqual(q);
    expect(confirmOptions(record, 'en', records('SO-1', 'SO-2'), q).payment).toBeUndefined();
    const payment = { amount: 40.5, paid_on: '2026-03-05', pay_method: 'cash' as const };
    expect(triggerCall(record, [row(3, 'waiting_for_payment')], { checkbox: true, email: '', payment })).toEqual({
      entity: 'trigger_fsm',
      payload: { event_code: 'pay', fsm_instance_id: 3, params: { state_code: 'waiting_for_payment', checkbox: true, payment } },
    });
    expect(triggerCall(record, [row(3), row(4)], { checkbox: false, email: '' }).entity).toBe('trigger_fsms');
  });

  it('patches the rows holding the answered instances with the fields the screen has', () => {
    const answer = [{ fsm_instance_id: 2, type_code: 'sales_order', state_code: 'paid', state_names: { en: 'Paid' }, final_state: false, fsm_actions: [], row_version: 5 }];
    const rows = [
      { id: '10', data: row(1) },
      { id: '20', data: row(2) },
    ];
    expect(answerPatches(answer, rows, new Set(['order_id', 'fsm_instance_id', 'state_code', 'fsm_actions', 'row_version']))).toEqual([{ id: '20', fields: { state_code: 'paid', fsm_actions: [] } }]);
  });
});

describe('workflow row buttons (fsmActions renderer)', () => {
  const args = (value: unknown, lang = 'de', canEvents = true) => ({ value, ctx: { lang, canEvents } }) as unknown as RenderArgs;
  const html = (node: ReactNode) => renderToStaticMarkup(createElement(Fragment, null, node));

  it('shows the actions flagged as buttons, styled and marked for the delegated handler', () => {
    const out = html(fsmButtons.render(args([pay, ship])));
    expect(out).toContain('data-action="fsm"');
    expect(out).toContain('data-event="pay"');
    expect(out).not.toContain('data-event="ship"');
    expect(out).toContain('data-variant="success"');
    expect(out).toContain('Zahlung erfassen');

    expect(fsmButtons.text!(args([pay, ship], 'en'))).toBe('Record payment');
    expect(html(fsmButtons.render(args(null)))).toBe('<span class="cell-fsm-buttons"></span>');
  });

  it('shows no button to a user without the events right on the workflow’s page (issue 43 #18)', () => {
    expect(html(fsmButtons.render(args([pay, ship], 'de', false)))).toBe('<span class="cell-fsm-buttons"></span>');
    expect(fsmButtons.text!(args([pay, ship], 'en', false))).toBe('');
  });
});
