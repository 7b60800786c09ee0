/**
 * The workflow lists as briefs (spec §7: fsm_types, fsm_events, fsm_states) and `fsm_board`,
 * what the kanban board and the diagram read: a type's states (initial first), events,
 * transitions and the company's instances per state, behind the list flag of the type's
 * records page; another company's instances are not counted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startSignedIn, type Json, type TestServer } from './harness.ts';

type Row = Record<string, Json>;

describe.each(engines)('workflow briefs and board on %s', (engine) => {
  let s: TestServer, admin: string, catalog: string;
  beforeAll(async () => void ({ s, admin, catalog } = await startSignedIn(engine)));
  afterAll(() => s?.close());
  const rows = async (sql: string, args: unknown[] = []): Promise<Row[]> => (await s.db.query<Row>(sql, args)).rows;

  it('lists types, events and states as briefs for any signed-in user, named with their type', async () => {
    const list = async (form: string) => {
      const r = await s.action(catalog, form, 'list', { startRow: 0, endRow: 500 });
      expect(r.status, `${form}: ${JSON.stringify(r.body)}`).toBe(200);
      return r.body.data.rows as Row[];
    };
    const types = await list('fsm_types_brief');
    expect(types.map((t) => t.type_code)).toEqual(expect.arrayContaining(['sales_order', 'purchase_order', 'cashflow']));
    const events = await list('fsm_events_brief');
    expect(events.length).toBe(Number((await rows('select count(*)::int as n from app.fsm_events'))[0]!.n));
    const cancel = events.find((e) => e.type_code === 'sales_order' && e.event_code === 'cancel')!;
    expect(cancel.event_names).toMatchObject({ en: 'Sales order · Cancel', de: 'Kundenauftrag · Stornieren' });
    const states = await list('fsm_states_brief');
    expect(states.find((x) => x.type_code === 'cashflow' && (x.state_names as Record<string, string>).en === 'Cashflow item · Paid')).toBeTruthy();
    // Read-only.
    expect((await s.action(admin, 'fsm_events_brief', 'set', { event_id: cancel.event_id, event_code: 'x' })).status).toBe(403);
  });

  it('answers a type’s board: states initial first, events, transitions, the company’s instances per state', async () => {
    for (const company of ['SK01', 'HU01']) {
      const r = await s.action(admin, 'fsm_board', 'list', { type_code: 'sales_order' }, company);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      const b = r.body.data;
      expect(b.url).toBe('/sales/sales_orders');
      expect(b.type).toMatchObject({ type_code: 'sales_order', timeout_event_code: 'expire' });
      expect(b.states[0]).toMatchObject({ state_code: 'placed', initial_state: true });
      const dbStates = await rows("select state_id from app.fsm_states where type_code = 'sales_order'");
      expect(b.states.length).toBe(dbStates.length);
      const dbTransitions = await rows("select transition_id, event_code, from_state_id, to_state_id from app.fsm_transitions where type_code = 'sales_order' order by position, transition_id");
      expect(b.transitions.map((t: Row) => [t.transition_id, t.event_code, t.from_state_id, t.to_state_id])).toEqual(
        dbTransitions.map((t) => [t.transition_id, t.event_code, t.from_state_id, t.to_state_id]),
      );
      expect(b.events.map((e: Row) => e.event_code)).toEqual(expect.arrayContaining(['confirm', 'pay', 'ship', 'cancel']));
      const counts = await rows("select state_id::text as s, count(*)::int as n from app.fsm_instances where company_code = $1 and type_code = 'sales_order' group by state_id", [company]);
      expect(b.counts).toEqual(Object.fromEntries(counts.map((c) => [c.s, c.n])));
    }
  });

  it('refuses a user who may not list the type’s records, an unknown type and a bad code', async () => {
    const refused = async (token: string, payload: unknown) => {
      const r = await s.action(token, 'fsm_board', 'list', payload);
      return [r.status, r.body.error];
    };
    // The catalogue user has no sales orders page.
    expect(await refused(catalog, { type_code: 'sales_order' })).toEqual([403, 'forbidden']);
    expect(await refused(admin, { type_code: 'no_such_type' })).toEqual([404, 'not_found']);
    expect((await refused(admin, { type_code: 'Sales Order' }))[0]).toBe(400);
    expect((await refused(admin, { type_code: 'sales_order', extra: 1 }))[0]).toBe(400);
    // A board is read: set is not an action of it.
    expect((await s.action(admin, 'fsm_board', 'set', { type_code: 'sales_order' })).status).toBe(400);
  });
});
