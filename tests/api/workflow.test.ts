/**
 * The workflow engine's calls (spec §7): the definitions' lists (fsm_types, fsm_states,
 * fsm_events, no payload), fsm_trigger / trigger_fsms / trigger_fsm, on both engines —
 * permissions of the demo users, company scope, every refusal changing nothing, the race of
 * two triggers on one instance, and definitions in use that cannot be deleted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInstance } from '../../src/server/workflow/instances.ts';
import { LANGS } from '../../src/core/langs.ts';
import { engines, startSignedIn, type Json, type TestServer } from './harness.ts';
import { grantUserPage } from './grants.ts';

type Row = Record<string, Json>;

describe.each(engines)('workflow engine on %s', (engine) => {
  let s: TestServer, admin: string, catalog: string, warehouse: string;
  beforeAll(async () => void ({ s, admin, catalog, warehouse } = await startSignedIn(engine)));
  afterAll(() => s?.close());

  const rows = async (sql: string, args: unknown[] = []): Promise<Row[]> => (await s.db.query<Row>(sql, args)).rows;
  const instance = (type: string, company = 'SK01') => createInstance(s.db, type, company);
  const stateOf = async (id: number) => (await rows('select s.state_code, i.row_version from app.fsm_instances i join app.fsm_states s using (state_id) where fsm_instance_id = $1', [id]))[0]!;
  const history = (id: number) =>
    rows(
      'select h.event_code, f.state_code as from_code, t.state_code as to_code, h.user_id, h.params from app.fsm_history h left join app.fsm_states f on f.state_id = h.from_state_id join app.fsm_states t on t.state_id = h.to_state_id where fsm_instance_id = $1 order by history_id',
      [id],
    );
  /** An api_action call: a success's `data`, an error's body as it is. */
  const call = async (token: string, entity: string, action: string, payload?: unknown, company = 'SK01') => {
    const r = await s.action(token, entity, action, payload, company);
    return { status: r.status, body: r.status === 200 ? r.body.data : r.body };
  };
  const fire = (token: string, entity: string, payload: unknown, company = 'SK01') => call(token, entity, 'set', payload, company);

  it('lists the definitions without payload, to users with the workflow pages only', async () => {
    const types = await call(admin, 'fsm_types', 'list');
    expect(types.status, JSON.stringify(types.body)).toBe(200);
    const sales = types.body.rows.find((r: Row) => r.type_code === 'sales_order');
    expect(sales).toMatchObject({ timeout_event_code: 'expire', on_loop: null, page_code: 'sales.sales_orders' });
    expect(Object.keys(sales.type_names).sort()).toEqual([...LANGS].sort());
    expect(types.body.rows.find((r: Row) => r.type_code === 'cashflow')).toMatchObject({ on_loop: 'remind', default_loop_interval: 86_400 });

    const states = await call(admin, 'fsm_states', 'list');
    expect(states.status).toBe(200);
    const initial = states.body.rows.filter((r: Row) => r.initial_state).map((r: Row) => r.type_code);
    expect(initial.sort()).toEqual(['cashflow', 'purchase_order', 'sales_order']);
    const events = await call(admin, 'fsm_events', 'list');
    expect(events.status).toBe(200);
    const pay = events.body.rows.find((r: Row) => r.type_code === 'sales_order' && r.event_code === 'pay');
    expect(pay.event_params).toMatchObject({ bv_variant: 'success', bv_icon: 'banknote' });
    expect(Object.keys(pay.event_params.checkbox)).toHaveLength(7);
    // Definitions belong to no company: the same rows in any company.
    expect((await call(admin, 'fsm_states', 'list', undefined, 'CZ01')).body.rows).toEqual(states.body.rows);
    for (const token of [catalog, warehouse]) {
      for (const form of ['fsm_types', 'fsm_states', 'fsm_events']) expect((await call(token, form, 'list')).status).toBe(403);
    }
  });

  it('fires an event: the new state, its actions, the timeout of the transition and a history row with the user', async () => {
    const id = await instance('sales_order');
    expect(await history(id)).toEqual([{ event_code: null, from_code: null, to_code: 'placed', user_id: null, params: {} }]);
    const r = await fire(admin, 'trigger_fsm', { event_code: 'confirm', fsm_instance_id: id, params: { state_code: 'placed', row_version: 1 } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const [row] = r.body.rows;
    expect(row).toMatchObject({ fsm_instance_id: id, type_code: 'sales_order', state_code: 'waiting_for_payment', final_state: false, row_version: 2 });
    expect(row.state_names.de).toBe('Wartet auf Zahlung');
    // The timeout event is the scheduler's, never offered; the rest in position order.
    expect(row.fsm_actions.map((a: Row) => a.event_code)).toEqual(['pay', 'cancel']);
    expect(row.fsm_actions[0]).toMatchObject({ event_names: { en: 'Record payment' }, params: { bv_variant: 'success', bv_icon: 'banknote' } });
    const [due] = await rows(`select extract(epoch from due_at - entered_at)::int as secs from app.fsm_instances where fsm_instance_id = $1`, [id]);
    expect(due!.secs).toBe(14 * 86_400);
    expect((await history(id)).slice(1)).toEqual([{ event_code: 'confirm', from_code: 'placed', to_code: 'waiting_for_payment', user_id: 1, params: {} }]);

    // The checkbox of an event that has one is kept with the move; a final state offers nothing and has no timeout.
    const paid = await fire(admin, 'fsm_trigger', { event_code: 'pay', fsm_instance_id: [id], params: { checkbox: true } });
    expect(paid.body.rows[0].state_code).toBe('paid');
    const cancelled = await fire(admin, 'trigger_fsms', { event_code: 'cancel', fsm_instance_id: [id] });
    expect(cancelled.body.rows[0]).toMatchObject({ state_code: 'cancelled', final_state: true, fsm_actions: [] });
    expect((await rows('select due_at, next_loop_at from app.fsm_instances where fsm_instance_id = $1', [id]))[0]).toEqual({ due_at: null, next_loop_at: null });
    expect((await history(id)).map((h) => [h.event_code, h.params])).toEqual([
      [null, {}],
      ['confirm', {}],
      ['pay', { checkbox: true }],
      ['cancel', {}],
    ]);
  });

  it('moves a selection in one call, and refuses all of it when one instance cannot move', async () => {
    const ids = [await instance('purchase_order'), await instance('purchase_order'), await instance('purchase_order')];
    const r = await fire(admin, 'trigger_fsms', { event_code: 'order', fsm_instance_id: ids });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.rows.map((x: Row) => [x.fsm_instance_id, x.state_code])).toEqual(ids.map((id) => [id, 'ordered']));
    await fire(admin, 'trigger_fsm', { event_code: 'confirm', fsm_instance_id: ids[0] });
    const mixedStates = await fire(admin, 'fsm_trigger', { event_code: 'confirm', fsm_instance_id: ids });
    expect(mixedStates.status).toBe(409);
    expect(mixedStates.body).toMatchObject({ error: 'event_not_allowed', params: { event: 'confirm', state: 'confirmed' } });
    expect((await Promise.all(ids.map(stateOf))).map((x) => x.state_code)).toEqual(['confirmed', 'ordered', 'ordered']);
  });

  it('asks the events right on the type’s page (issue 43 #18): the demo users as their roles allow, `set` alone opens nothing, the events right does', async () => {
    const so = await instance('sales_order');
    const po = await instance('purchase_order');
    // catalog: products and prices only; warehouse: purchasing read-only.
    for (const [token, id, event] of [
      [catalog, so, 'confirm'],
      [warehouse, so, 'confirm'],
      [warehouse, po, 'order'],
    ] as const) {
      const r = await fire(token, 'trigger_fsm', { event_code: event, fsm_instance_id: id });
      expect(r.status, JSON.stringify(r.body)).toBe(403);
      expect(r.body.error).toBe('event_right_required');
    }
    expect((await stateOf(po)).state_code).toBe('draft');
    expect(await history(po)).toHaveLength(1);
    await grantUserPage(s, 3, 'purchasing.purchase_orders', { can_list: true, can_set: true });
    try {
      // Editing the purchase orders is not running their events.
      expect((await fire(warehouse, 'trigger_fsm', { event_code: 'order', fsm_instance_id: po })).body.error).toBe('event_right_required');
      expect(await history(po)).toHaveLength(1);
      await grantUserPage(s, 3, 'purchasing.purchase_orders', { can_events: true });
      const r = await fire(warehouse, 'trigger_fsm', { event_code: 'order', fsm_instance_id: po });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect((await history(po)).at(-1)).toMatchObject({ event_code: 'order', user_id: 3 });
      // The grant is the purchase orders page's: sales orders stay closed.
      expect((await fire(warehouse, 'trigger_fsm', { event_code: 'confirm', fsm_instance_id: so })).status).toBe(403);
    } finally {
      await grantUserPage(s, 3, 'purchasing.purchase_orders', { can_list: false, can_set: false, can_events: false });
    }
  });

  it('answers another company’s instance as a missing one (404), and changes nothing', async () => {
    const cz = await instance('sales_order', 'CZ01');
    const sk = await instance('sales_order');
    const other = await fire(admin, 'trigger_fsms', { event_code: 'confirm', fsm_instance_id: [sk, cz] }, 'SK01');
    const missing = await fire(admin, 'trigger_fsms', { event_code: 'confirm', fsm_instance_id: [sk, 999_999_999] }, 'SK01');
    for (const r of [other, missing]) {
      expect(r.status, JSON.stringify(r.body)).toBe(404);
      expect(r.body.error).toBe('not_found');
    }
    expect((await stateOf(sk)).state_code).toBe('placed');
    expect((await stateOf(cz)).state_code).toBe('placed');
    // In its own company the same call works.
    expect((await fire(admin, 'trigger_fsm', { event_code: 'confirm', fsm_instance_id: cz }, 'CZ01')).status).toBe(200);
    // A user without that company cannot even choose it (403 from the session).
    expect((await fire(warehouse, 'trigger_fsm', { event_code: 'confirm', fsm_instance_id: cz }, 'CZ01')).status).toBe(403);
  });

  it('refuses bad input with its own codes and changes nothing', async () => {
    const id = await instance('sales_order');
    const po = await instance('purchase_order');
    const cases: [unknown, number, string, Row?][] = [
      [{ event_code: 'no_such_event', fsm_instance_id: [id] }, 400, 'unknown_event', { event: 'no_such_event' }],
      [{ event_code: 'ship', fsm_instance_id: [id] }, 409, 'event_not_allowed', { event: 'ship', state: 'placed' }],
      [{ event_code: 'cancel', fsm_instance_id: [id, po] }, 400, 'mixed_workflow_types'],
      [{ event_code: 'confirm', fsm_instance_id: [id], params: { state_code: 'paid' } }, 409, 'stale_state'],
      [{ event_code: 'confirm', fsm_instance_id: [id], params: { row_version: 7 } }, 409, 'stale_state'],
      [{ event_code: 'confirm', fsm_instance_id: [id, po], params: { row_version: 1 } }, 400, 'bad_request'],
      [{ event_code: 'confirm', fsm_instance_id: [id], params: { checkbox: true } }, 400, 'bad_request'],
      [{ event_code: 'confirm', fsm_instance_id: [id], params: { email_body: 'hi' } }, 400, 'unknown_field'],
      [{ event_code: 'confirm', fsm_instance_id: [id], params: { expected: 1 } }, 400, 'unknown_field'],
      [{ event_code: 'confirm', fsm_instance_id: [] }, 400, 'bad_request'],
      [{ event_code: 'confirm', fsm_instance_id: [0] }, 400, 'bad_request'],
      [{ event_code: 'confirm', fsm_instance_id: Array.from({ length: 1001 }, (_, i) => i + 1) }, 400, 'bad_request'],
      [{ event_code: 'Confirm!', fsm_instance_id: [id] }, 400, 'bad_request'],
    ];
    for (const [payload, status, error, params] of cases) {
      const r = await fire(admin, 'trigger_fsms', payload);
      expect(r.status, `${JSON.stringify(payload).slice(0, 120)} → ${JSON.stringify(r.body)}`).toBe(status);
      expect(r.body.error).toBe(error);
      if (params) expect(r.body.params).toEqual(params);
    }
    // trigger_fsm: an e-mail body only for an event that sends one.
    const noMail = await fire(admin, 'trigger_fsm', { event_code: 'confirm', fsm_instance_id: id, params: { email_body: 'Thanks' } });
    expect(noMail.status).toBe(400);
    expect(await history(id)).toHaveLength(1);
    expect(await history(po)).toHaveLength(1);
    expect((await stateOf(id)).row_version).toBe(1);
  });

  it('keeps the e-mail body of an event that sends one (blank is none)', async () => {
    const id = await instance('sales_order');
    for (const event of ['confirm', 'pay']) await fire(admin, 'trigger_fsm', { event_code: event, fsm_instance_id: id });
    const r = await fire(admin, 'trigger_fsm', { event_code: 'ship', fsm_instance_id: id, params: { email_body: '  Your parcel is on its way.  ' } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect((await history(id)).at(-1)).toMatchObject({ event_code: 'ship', params: { email_body: 'Your parcel is on its way.' } });
    const po = await instance('purchase_order');
    await fire(admin, 'trigger_fsm', { event_code: 'order', fsm_instance_id: po, params: { email_body: '   ' } });
    expect((await history(po)).at(-1)).toMatchObject({ event_code: 'order', params: {} });
  });

  it('lets one of two parallel triggers on an instance win; the other gets 409 and changes nothing', async () => {
    for (let round = 0; round < 5; round++) {
      const id = await instance('sales_order');
      await fire(admin, 'trigger_fsm', { event_code: 'confirm', fsm_instance_id: id });
      const same = await Promise.all([0, 1].map(() => fire(admin, 'trigger_fsm', { event_code: 'pay', fsm_instance_id: id })));
      expect(same.map((r) => r.status).sort()).toEqual([200, 409]);
      expect(same.find((r) => r.status === 409)!.body).toMatchObject({ error: 'event_not_allowed', params: { event: 'pay', state: 'paid' } });
      // Events both allowed one after the other: the state seen decides.
      const two = await Promise.all((['goods_missing', 'cancel'] as const).map((event_code) => fire(admin, 'trigger_fsm', { event_code, fsm_instance_id: id, params: { state_code: 'paid' } })));
      expect(two.map((r) => r.status).sort(), JSON.stringify(two.map((r) => r.body))).toEqual([200, 409]);
      expect(two.find((r) => r.status === 409)!.body.error).toBe('stale_state');
      const h = await history(id);
      expect(h.map((x) => x.event_code)).toHaveLength(4);
      expect(h.filter((x) => x.event_code === 'pay')).toHaveLength(1);
      expect((await stateOf(id)).row_version).toBe(4);
    }
  });

  it('refuses to delete a state records are in (naming them) or an event in use (409 in_use); an unused one goes', async () => {
    const state = (await rows(`select state_id, row_version from app.fsm_states where type_code = 'sales_order' and state_code = 'shipped'`))[0]!;
    const event = (await rows(`select event_id from app.fsm_events where type_code = 'sales_order' and event_code = 'expire'`))[0]!;
    const r = await call(admin, 'fsm_events', 'delete', { keys: [event.event_id] });
    expect([r.status, r.body.error], JSON.stringify(r.body)).toEqual([409, 'in_use']);
    // A state records are in: the rule of migration 122 names it and them (tests/api/workflow-editor.test.ts).
    for (const code of ['shipped', 'placed']) {
      const id = (await rows(`select state_id from app.fsm_states where type_code = 'sales_order' and state_code = $1`, [code]))[0]!.state_id;
      const refused = await call(admin, 'fsm_states', 'delete', { keys: [id] });
      expect([refused.status, refused.body.params?.rule], JSON.stringify(refused.body)).toEqual([400, 'fsm_state_occupied']);
    }
    const [spare] = await rows(`insert into app.fsm_states (type_code, state_code, state_names) values ('sales_order', 'archived', '{"en": "Archived"}') returning state_id`);
    const gone = await call(admin, 'fsm_states', 'delete', { keys: [spare!.state_id] });
    expect(gone.status, JSON.stringify(gone.body)).toBe(200);
    expect(gone.body.deleted).toBe(1);
    // Only the administrator deletes here.
    expect((await call(catalog, 'fsm_states', 'delete', { keys: [state.state_id] })).status).toBe(403);
  });

  it('names the rules of the definitions', async () => {
    await expect(s.db.query(`update app.fsm_states set initial_state = true where type_code = 'cashflow' and state_code = 'due'`)).rejects.toMatchObject({ constraint: 'fsm_initial_state' });
    await expect(s.db.query(`update app.fsm_transitions set timeout = 0 where type_code = 'cashflow' and event_code = 'invoice'`)).rejects.toMatchObject({ constraint: 'fsm_timeout_positive' });
    await expect(s.db.query(`update app.fsm_types set default_loop_interval = 0 where type_code = 'cashflow'`)).rejects.toMatchObject({ constraint: 'fsm_loop_interval' });
    const r = await call(admin, 'fsm_types', 'set', { type_code: 'cashflow', row_version: 1, default_loop_interval: 0 });
    expect(r.status).toBe(400);
  });
});
