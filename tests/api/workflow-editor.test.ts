/**
 * The workflow editor's rules (issue 48, point 3; migration 122), on both engines: a state and
 * an event are added through the /fsm forms (the event's button from the lists: a style or icon
 * outside them is refused), a new state comes last and the order is the user's; an event
 * reserved to a role is pressed by that role's users (and a global administrator) only — the
 * others are refused by the trigger call and offered nothing by their session; and no change
 * to a definition strands a record: retiring or deleting a state records are in, or removing
 * the only way out of one (its transition deleted, its event retired), is refused naming the
 * state and the records — those of the editor's companies by reference, the others counted.
 * A retired event fires no more and is offered nowhere.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STRONG, makeUser } from './accountsHelpers.ts';
import { grantRolePage, grantUserPage } from './grants.ts';
import { engines, serverHelpers, startSignedIn, type Json, type TestServer } from './harness.ts';

type Row = Record<string, Json>;

describe.each(engines)('the workflow editor on %s', (engine) => {
  let s: TestServer, admin: string;
  const users = {} as Record<'packer' | 'clerk', { id: number; token: string }>;
  const roleIds = {} as Record<'packer' | 'clerk', number>;
  const { ok, one, rows } = serverHelpers(() => s);

  beforeAll(async () => {
    ({ s, admin } = await startSignedIn(engine));
    for (const role of ['packer', 'clerk'] as const) {
      roleIds[role] = (await one(`insert into app.roles (role_code, role_name) values ($1, $2) returning role_id`, [role, { en: role === 'packer' ? 'Packer' : 'Clerk' }])).role_id;
      // Both run the sales orders' events (the page's right): the event's roles decide between them.
      await grantRolePage(s, role, 'sales.sales_orders', { can_list: true, can_events: true });
      const id = await makeUser(s, `${role}@example.com`);
      await s.db.query('insert into app.user_roles (user_id, role_id) values ($1, $2)', [id, roleIds[role]]);
      users[role] = { id, token: (await s.login(`${role}@example.com`, STRONG)).token };
    }
  }, 120_000);
  afterAll(() => s?.close());

  const fire = (token: string, event: string, id: number, company = 'SK01') => s.action(token, 'trigger_fsm', 'set', { event_code: event, fsm_instance_id: id }, company);
  const stateOf = async (id: number) => (await one('select s.state_code from app.fsm_instances i join app.fsm_states s using (state_id) where fsm_instance_id = $1', [id])).state_code;
  const stateRow = (code: string) => one("select state_id, row_version, position from app.fsm_states where type_code = 'sales_order' and state_code = $1", [code]);
  const eventRow = (code: string) => one("select event_id, row_version from app.fsm_events where type_code = 'sales_order' and event_code = $1", [code]);
  /** Placed orders of a company, oldest first: their instances and references. */
  const placed = (company: string, n: number) =>
    rows(`select fsm_instance_id::int as id, fsm_reference as ref from app.v_sales_orders where company_code = $1 and state_code = 'placed' order by order_id limit $2`, [company, n]);
  const refused = async (token: string, form: string, action: string, payload: unknown) => {
    const r = await s.action(token, form, action, payload, 'SK01');
    expect(r.status, JSON.stringify(r.body)).toBe(400);
    expect(r.body.error).toBe('rule_violated');
    return r.body.params as Row;
  };

  it('adds a state (last) and an event with its button from the lists; keeps an event’s other parts; orders the states as told', async () => {
    const last = (await one("select max(position)::int as p from app.fsm_states where type_code = 'sales_order'")).p as number;
    const state = (await ok(admin, 'fsm_states', 'add', { type_code: 'sales_order', state_code: 'on_hold', state_names: { en: 'On hold', de: 'Angehalten' } })).row;
    expect(state).toMatchObject({ position: last + 1, retired: false, initial_state: false, final_state: false });
    for (const [code, names] of [
      ['hold', { en: 'Hold' }],
      ['release', { en: 'Release' }],
    ] as const) {
      const e = (await ok(admin, 'fsm_events', 'add', { type_code: 'sales_order', event_code: code, event_names: names, bv_variant: 'warning', bv_icon: 'circle-pause' })).row;
      expect(e).toMatchObject({ bv_variant: 'warning', bv_icon: 'circle-pause', email: false, retired: false });
      expect(e.event_params).toEqual({ bv_variant: 'warning', bv_icon: 'circle-pause' });
    }
    // Only the lists' styles and icons.
    for (const bad of [{ bv_variant: 'purple' }, { bv_icon: 'no-such-icon' }]) {
      const r = await s.action(admin, 'fsm_events', 'add', { type_code: 'sales_order', event_code: 'odd', event_names: { en: 'Odd' }, bv_variant: 'primary', ...bad }, 'SK01');
      expect([r.status, r.body.error], JSON.stringify(r.body)).toEqual([400, 'invalid_value']);
    }
    const placedId = (await stateRow('placed')).state_id;
    await ok(admin, 'fsm_transitions', 'add', { type_code: 'sales_order', event_code: 'hold', from_state_id: placedId, to_state_id: state.state_id, show_in_fsm_buttons: true });
    await ok(admin, 'fsm_transitions', 'add', { type_code: 'sales_order', event_code: 'release', from_state_id: state.state_id, to_state_id: placedId });

    // A new icon keeps the event's checkbox (its other parts of event_params).
    const pay = await eventRow('pay');
    const paid = (await ok(admin, 'fsm_events', 'set', { event_id: pay.event_id, row_version: pay.row_version, bv_icon: 'wallet' })).row;
    expect(paid.event_params).toMatchObject({ bv_variant: 'success', bv_icon: 'wallet' });
    expect(Object.keys(paid.event_params.checkbox)).toHaveLength(7);

    // The order is the user's: the board follows it.
    await ok(admin, 'fsm_states', 'set', { state_id: state.state_id, row_version: state.row_version, position: 0 });
    const board = await ok(admin, 'fsm_board', 'list', { type_code: 'sales_order' }, 'SK01');
    expect(board.states.map((x: Row) => x.state_code).slice(0, 2)).toEqual(['on_hold', 'placed']);
    expect(board.events.find((x: Row) => x.event_code === 'hold')).toMatchObject({ reserved: false, retired: false });
  });

  it('lets only the role an event is reserved to press it (and an administrator); the others are refused and offered nothing', async () => {
    const hold = await eventRow('hold');
    await ok(admin, 'fsm_event_roles', 'set', { event_id: hold.event_id, role_id: roleIds.packer, may_press: true });
    const session = async (token: string) => (await s.post('/rpc/user', {}, { token, company: 'SK01' })).body;
    expect((await session(users.clerk.token)).denied_events).toEqual({ sales_order: ['hold'] });
    expect((await session(users.packer.token)).denied_events).toEqual({});
    expect((await session(admin)).denied_events).toEqual({});

    const [a, b, c] = await placed('SK01', 3);
    const no = await fire(users.clerk.token, 'hold', a!.id);
    expect([no.status, no.body.error, no.body.params]).toEqual([403, 'event_role_required', { event: 'Hold', roles: 'Packer' }]);
    expect(await stateOf(a!.id)).toBe('placed');
    // Her other events run as before.
    expect((await fire(users.clerk.token, 'confirm', a!.id)).status).toBe(200);
    expect((await fire(users.packer.token, 'hold', c!.id)).status).toBe(200);
    expect((await fire(admin, 'hold', b!.id)).status).toBe(200);
    expect([await stateOf(c!.id), await stateOf(b!.id)]).toEqual(['on_hold', 'on_hold']);
    // A role an event names cannot be deleted: that would open the event to everyone.
    const gone = await s.action(admin, 'roles', 'delete', { keys: [roleIds.packer] }, 'SK01');
    expect([gone.status, gone.body.error]).toEqual([409, 'in_use']);
  });

  it('refuses a change that would strand records, naming them; a retired event fires no more', async () => {
    const onHold = await stateRow('on_hold');
    const held = await rows("select fsm_reference as ref from app.v_sales_orders where company_code = 'SK01' and state_code = 'on_hold' order by fsm_instance_id");
    expect(held).toHaveLength(2);
    // One in another company: counted, not named to an editor who does not work there.
    const [cz] = await placed('CZ01', 1);
    expect((await fire(admin, 'hold', cz!.id, 'CZ01')).status).toBe(200);
    await grantUserPage(s, users.packer.id, 'fsm.fsm_states', { can_list: true, can_set: true });
    const refs = held.map((h) => h.ref).join(', ');

    const retire = await refused(users.packer.token, 'fsm_states', 'set', { state_id: onHold.state_id, row_version: onHold.row_version, retired: true });
    expect(retire).toMatchObject({ rule: 'fsm_state_occupied', fields: 'retired', state: 'On hold', count: 3, instances: `${refs} …` });
    // The administrator works in every company: all three named.
    const del = await refused(admin, 'fsm_states', 'delete', { keys: [onHold.state_id] });
    expect(del).toMatchObject({ rule: 'fsm_state_occupied', state: 'On hold', count: 3 });
    expect(String(del.instances).split(', ').sort()).toEqual([...held.map((h) => h.ref), cz!.ref].sort());

    // Its only way out: the transition deleted, or its event retired.
    const release = (await one("select transition_id from app.fsm_transitions where type_code = 'sales_order' and event_code = 'release'")).transition_id;
    expect(await refused(admin, 'fsm_transitions', 'delete', { keys: [release] })).toMatchObject({ rule: 'fsm_no_way_out', state: 'On hold', count: 3 });
    const rel = await eventRow('release');
    expect(await refused(admin, 'fsm_events', 'set', { event_id: rel.event_id, row_version: rel.row_version, retired: true })).toMatchObject({ rule: 'fsm_no_way_out', count: 3 });
    // The initial state is never retired (new records start in it).
    const first = await stateRow('placed');
    expect((await refused(admin, 'fsm_states', 'set', { state_id: first.state_id, row_version: first.row_version, retired: true })).rule).toBe('fsm_initial_not_retired');
    expect(await one("select count(*)::int as n from app.fsm_transitions where event_code = 'release'")).toEqual({ n: 1 });
    expect(await rows("select retired from app.fsm_states where state_code in ('on_hold', 'placed') and type_code = 'sales_order' and retired")).toEqual([]);

    // Retired, Hold is offered nowhere and fires no more; Placed keeps its other ways out.
    const hold = await eventRow('hold');
    await ok(admin, 'fsm_events', 'set', { event_id: hold.event_id, row_version: hold.row_version, retired: true });
    expect((await one('select app.fsm_actions($1) as a', [first.state_id])).a.map((x: Row) => x.event_code)).not.toContain('hold');
    const [d] = await placed('SK01', 1);
    expect((await fire(admin, 'hold', d!.id)).body).toMatchObject({ error: 'event_not_allowed', params: { event: 'hold', state: 'placed' } });

    // Released, the state holds nothing: now it may be retired.
    for (const [id, company] of (await rows('select i.fsm_instance_id::int as id, i.company_code as c from app.fsm_instances i where i.state_id = $1', [onHold.state_id])).map(
      (r) => [r.id, r.c] as const,
    )) {
      expect((await fire(admin, 'release', id, company)).status).toBe(200);
    }
    const now = await stateRow('on_hold');
    expect((await ok(users.packer.token, 'fsm_states', 'set', { state_id: now.state_id, row_version: now.row_version, retired: true }, 'SK01')).row.retired).toBe(true);
  });
});
