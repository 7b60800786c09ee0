/**
 * The transitions screen (/fsm/fsm_transitions) on both engines: add, set and delete by the
 * administrator; another type's state or event refused with a code
 * (400 rule_violated fsm_transition_type: rules.* says it), a second transition for one event and state 409
 * already_exists, a state a transition uses 409 in_use; the list shows the event's names;
 * and the actions of a state (app.fsm_actions) say where each is offered.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInstance, instanceStates } from '../../src/server/workflow/instances.ts';
import { engines, startSignedIn, type Json, type TestServer } from './harness.ts';

type Row = Record<string, Json>;

describe.each(engines)('workflow transitions screen on %s', (engine) => {
  let s: TestServer, admin: string, catalog: string;
  beforeAll(async () => void ({ s, admin, catalog } = await startSignedIn(engine)));
  afterAll(() => s?.close());

  const rows = async (sql: string, args: unknown[] = []): Promise<Row[]> => (await s.db.query<Row>(sql, args)).rows;
  const call = async (token: string, action: string, payload?: unknown) => {
    const r = await s.action(token, 'fsm_transitions', action, payload, 'SK01');
    return { status: r.status, body: r.status === 200 ? r.body.data : r.body };
  };
  const stateId = async (type: string, code: string) => (await rows('select state_id from app.fsm_states where type_code = $1 and state_code = $2', [type, code]))[0]!.state_id as number;
  const count = async () => Number((await rows('select count(*)::int as n from app.fsm_transitions'))[0]!.n);

  it('adds, sets and deletes a transition; lists it with its event names', async () => {
    await rows(
      `insert into app.fsm_events (type_code, event_code, event_names, event_params) values ('sales_order', 'hold', '{"en": "Hold", "de": "Anhalten"}', '{"bv_variant": "warning", "bv_icon": "pause"}')`,
    );
    const [placed, prepay] = [await stateId('sales_order', 'placed'), await stateId('sales_order', 'waiting_for_prepayment')];
    const add = await call(admin, 'add', { type_code: 'sales_order', event_code: 'hold', from_state_id: placed, to_state_id: prepay, show_in_fsm_buttons: true });
    expect(add.status, JSON.stringify(add.body)).toBe(200);
    const row = add.body.row;
    expect(row).toMatchObject({
      type_code: 'sales_order',
      event_code: 'hold',
      from_state_id: placed,
      to_state_id: prepay,
      timeout: null,
      position: 0,
      show_in_fsm_actions: true,
      show_in_fsm_buttons: true,
      row_version: 1,
    });
    const listed = (await call(admin, 'filter', { event_code: 'hold' })).body.rows;
    expect(listed).toHaveLength(1);
    expect(listed[0].event_names).toEqual({ en: 'Hold', de: 'Anhalten' });

    // The state's actions carry both flags; a button-only action is listed too.
    const set = await call(admin, 'set', { transition_id: row.transition_id, row_version: 1, show_in_fsm_actions: false, position: 99, timeout: 3600 });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.row).toMatchObject({ show_in_fsm_actions: false, position: 99, timeout: 3600, row_version: 2 });
    const id = await createInstance(s.db, 'sales_order', 'SK01');
    const [inst] = await instanceStates(s.db, [id]);
    const hold = inst!.fsm_actions.find((a) => a.event_code === 'hold');
    expect(hold).toMatchObject({ menu: false, button: true, params: { bv_variant: 'warning' } });
    const seeded = (
      await rows(`select show_in_fsm_actions as menu, show_in_fsm_buttons as button from app.fsm_transitions where type_code = 'sales_order' and event_code = 'confirm' and from_state_id = $1`, [
        placed,
      ])
    )[0]!;
    expect(inst!.fsm_actions.find((a) => a.event_code === 'confirm')).toMatchObject(seeded);

    // A state a transition uses cannot be deleted; the transition can, then the state too.
    const spare = (await rows(`insert into app.fsm_states (type_code, state_code, state_names) values ('sales_order', 'on_hold', '{"en": "On hold"}') returning state_id`))[0]!.state_id;
    expect((await call(admin, 'set', { transition_id: row.transition_id, row_version: 2, to_state_id: spare })).status).toBe(200);
    const inUse = await s.action(admin, 'fsm_states', 'delete', { keys: [spare] }, 'SK01');
    expect(inUse.status).toBe(409);
    expect(inUse.body.error).toBe('in_use');
    const del = await call(admin, 'delete', { keys: [row.transition_id] });
    expect(del.status, JSON.stringify(del.body)).toBe(200);
    expect(del.body.deleted).toBe(1);
    expect((await s.action(admin, 'fsm_states', 'delete', { keys: [spare] }, 'SK01')).status).toBe(200);
  });

  it("refuses another type's state or event, a second transition for an event and state, and other users", async () => {
    const before = await count();
    const placed = await stateId('sales_order', 'placed');
    const foreign = await stateId('purchase_order', (await rows(`select state_code from app.fsm_states where type_code = 'purchase_order' and not initial_state limit 1`))[0]!.state_code as string);
    const mixed = await call(admin, 'add', { type_code: 'sales_order', event_code: 'cancel', from_state_id: foreign, to_state_id: placed });
    expect(mixed.status, JSON.stringify(mixed.body)).toBe(400);
    expect(mixed.body, JSON.stringify(mixed.body)).toMatchObject({ error: 'rule_violated', params: { rule: 'fsm_transition_type' } });
    const otherEvent = await call(admin, 'add', { type_code: 'sales_order', event_code: 'remind', from_state_id: placed, to_state_id: placed });
    expect(otherEvent.status).toBe(400);
    expect(otherEvent.body).toMatchObject({ error: 'rule_violated', params: { rule: 'fsm_transition_type' } });
    // A set that moves a transition's state into another type is refused alike.
    const t = (await rows(`select transition_id, row_version from app.fsm_transitions where type_code = 'sales_order' and event_code = 'confirm'`))[0]!;
    const moved = await call(admin, 'set', { transition_id: t.transition_id, row_version: t.row_version, to_state_id: foreign });
    expect(moved.status).toBe(400);
    expect(moved.body).toMatchObject({ error: 'rule_violated', params: { rule: 'fsm_transition_type' } });
    const twice = await call(admin, 'add', { type_code: 'sales_order', event_code: 'confirm', from_state_id: placed, to_state_id: placed });
    expect(twice.status).toBe(409);
    expect(twice.body.error).toBe('already_exists');
    const zero = await call(admin, 'add', { type_code: 'sales_order', event_code: 'cancel', from_state_id: placed, to_state_id: placed, timeout: 0 });
    expect(zero.status).toBe(400);
    expect((await call(catalog, 'list')).status).toBe(403);
    expect((await call(catalog, 'add', { type_code: 'sales_order', event_code: 'hold', from_state_id: placed, to_state_id: placed })).status).toBe(403);
    expect(await count()).toBe(before);
  });
});
