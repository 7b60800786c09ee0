/**
 * The workflow actions in the grid (features/workflow): the confirmation an event asks
 * (spec §4: its name in the UI language, bv_variant with danger by default, bv_icon, the
 * checkbox, the e-mail body), the trigger call (instance ids, the state seen, the checkbox,
 * a body only when not blank), the row fields taken from the answer, and the row buttons.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { createElement, Fragment, type ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { eventName, type FsmAction } from '../../src/core/workflowActions.ts';
import { answerPatches, confirmOptions, triggerCall, variantOf } from '../../src/app/grid/features/workflow/workflow.utils.ts';
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

describe('workflow confirmation', () => {
  it('is titled and named by the event in the UI language, styled by bv_variant, with its icon and checkbox', () => {
    expect(confirmOptions(pay, 'de', 3)).toEqual({
      title: 'Zahlung erfassen',
      okLabel: 'Zahlung erfassen',
      variant: 'success',
      icon: 'banknote',
      checkbox: 'Beleg senden',
      bodyId: 'workflow.confirm_rows',
      bodyValues: { count: 3 },
    });
    // A language without a name falls back to English.
    expect(eventName(pay, 'hu')).toBe('Record payment');
  });

  it('is danger without a known bv_variant, and asks an e-mail body only for one row', () => {
    expect(variantOf(ship)).toBe('danger');
    expect(variantOf({ ...ship, params: { bv_variant: 'purple' } })).toBe('danger');
    expect(confirmOptions(ship, 'en', 1)).toMatchObject({ variant: 'danger', emailId: 'workflow.email_body' });
    expect(confirmOptions(ship, 'en', 2).emailId).toBeUndefined();
    expect(confirmOptions(ship, 'en', 1).checkbox).toBeUndefined();
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
