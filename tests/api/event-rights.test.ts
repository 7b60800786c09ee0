/**
 * Workflow events need a right of their own (issue 43, point 18: "View/Add/Edit on sales
 * orders may Confirm, Pay, Ship"), on both engines: the `events` flag of a page (migration
 * 094) — a user with list, add and set but no events edits the orders and is refused every
 * event (403 event_right_required, nothing moves); the flag, from her own grants or a role,
 * lets her run them; the session says which workflows' events she may run; nobody grants it
 * (to a user or to a role someone holds) without holding it (the rank, app.check_not_outranked);
 * and a database of the previous release is upgraded: the administrator role keeps every
 * right, every other grant keeps its flags without events.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, migrationNames } from '../../src/server/db/migrate.ts';
import { openPglite } from '../../src/server/db/pglite.ts';
import { openPostgres } from '../../src/server/db/postgres.ts';
import type { Db } from '../../src/server/db/types.ts';
import { createInstance } from '../../src/server/workflow/instances.ts';
import { STRONG, makeUser } from './accountsHelpers.ts';
import { engines, freshDatabase, serverHelpers, startSignedIn, type Json, type TestServer } from './harness.ts';

type Row = Record<string, Json>;
const SALES = 'sales.sales_orders';

describe.each(engines)('the events right on %s', (engine) => {
  let s: TestServer, admin: string;
  beforeAll(async () => void ({ s, admin } = await startSignedIn(engine)));
  afterAll(() => s?.close());
  const { ok, one } = serverHelpers(() => s);

  const stateOf = async (id: number) => (await one('select s.state_code from app.fsm_instances i join app.fsm_states s using (state_id) where fsm_instance_id = $1', [id])).state_code as string;
  const fire = (token: string, entity: string, payload: unknown) => s.action(token, entity, 'set', payload, 'SK01');
  /** A new user of SK01, signed in: no rights until granted. */
  let n = 0;
  const newUser = async () => {
    const email = `events${n++}@example.com`;
    const id = await makeUser(s, email);
    return { id, token: (await s.login(email, STRONG)).token };
  };
  const grant = (actor: string, userId: number, page: string, flags: Row) => s.action(actor, 'user_pages', 'set', { user_id: userId, page_code: page, ...flags }, 'SK01');

  it('refuses every event to list, add and set without events, and runs them with it (own grant or role)', async () => {
    const clerk = await newUser();
    expect((await grant(admin, clerk.id, SALES, { can_list: true, can_add: true, can_set: true })).status).toBe(200);
    const order = (
      await ok(
        clerk.token,
        'sales_orders',
        'add',
        { partner_id: (await one("select partner_id from app.partners where company_code = 'SK01' and not is_supplier order by partner_id limit 1")).partner_id },
        'SK01',
      )
    ).row;
    // She edits the order …
    await ok(clerk.token, 'sales_orders', 'set', { order_id: order.order_id, row_version: 1, email: 'customer@example.com' }, 'SK01');
    // … and runs none of its events, by any of the three calls.
    for (const [entity, payload] of [
      ['trigger_fsm', { event_code: 'confirm', fsm_instance_id: order.fsm_instance_id }],
      ['trigger_fsms', { event_code: 'cancel', fsm_instance_id: [order.fsm_instance_id] }],
      ['fsm_trigger', { event_code: 'confirm', fsm_instance_id: [order.fsm_instance_id], params: { state_code: 'placed' } }],
    ] as const) {
      const r = await fire(clerk.token, entity, payload);
      expect([entity, r.status, r.body.error]).toEqual([entity, 403, 'event_right_required']);
    }
    expect(await stateOf(order.fsm_instance_id)).toBe('placed');
    expect((await one('select count(*)::int as n from app.fsm_history where fsm_instance_id = $1', [order.fsm_instance_id])).n).toBe(1);
    // The session offers her no events: the grids and the board show none.
    const before = (await s.post('/rpc/user', {}, { token: clerk.token, company: 'SK01' })).body;
    expect(before.event_types).toEqual([]);
    expect(before.menu.flatMap((g: Row) => g.children).find((p: Row) => p.url === '/sales/sales_orders').perms).toMatchObject({ list: true, set: true, events: false });

    // Her own events right on the page: Confirm, Record payment, Ship … run.
    expect((await grant(admin, clerk.id, SALES, { can_events: true })).status).toBe(200);
    expect((await s.post('/rpc/user', {}, { token: clerk.token, company: 'SK01' })).body.event_types).toEqual(['sales_order']);
    const confirmed = await fire(clerk.token, 'trigger_fsm', { event_code: 'confirm', fsm_instance_id: order.fsm_instance_id });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(await stateOf(order.fsm_instance_id)).toBe('waiting_for_payment');
    // Another workflow's page stays closed: a purchase order is the purchase orders page's.
    const po = await createInstance(s.db, 'purchase_order', 'SK01');
    expect((await fire(clerk.token, 'trigger_fsm', { event_code: 'order', fsm_instance_id: po })).body.error).toBe('event_right_required');

    // Taken back: refused again. Through a role: runs again.
    expect((await grant(admin, clerk.id, SALES, { can_events: false })).status).toBe(200);
    expect((await fire(clerk.token, 'trigger_fsm', { event_code: 'cancel', fsm_instance_id: order.fsm_instance_id })).status).toBe(403);
    const { role_id } = (await ok(admin, 'roles', 'add', { role_code: 'order_desk', role_name: { en: 'Order desk' }, active: true }, 'SK01')).row;
    await ok(admin, 'role_pages', 'set', { role_id, page_code: SALES, can_list: true, can_events: true }, 'SK01');
    await ok(admin, 'user_roles', 'set', { user_id: clerk.id, role_id, assigned: true }, 'SK01');
    expect((await fire(clerk.token, 'trigger_fsm', { event_code: 'cancel', fsm_instance_id: order.fsm_instance_id })).status).toBe(200);
    expect(await stateOf(order.fsm_instance_id)).toBe('cancelled');
  });

  it('needs only the events right on the workflow’s page, not its edit right (a courier clerk ships from the courier list)', async () => {
    const courier = await newUser();
    expect((await grant(admin, courier.id, SALES, { can_list: false, can_events: true })).status).toBe(200);
    const id = await createInstance(s.db, 'sales_order', 'SK01');
    const r = await fire(courier.token, 'trigger_fsm', { event_code: 'confirm', fsm_instance_id: id });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    // Without the page's list right the page is not in her menu, yet the session names its workflow.
    expect((await s.post('/rpc/user', {}, { token: courier.token, company: 'SK01' })).body.event_types).toEqual(['sales_order']);
  });

  it('gives every administrator every workflow’s events', async () => {
    const me = (await s.post('/rpc/user', {}, { token: admin, company: 'SK01' })).body;
    expect(me.event_types).toEqual(['cashflow', 'purchase_order', 'sales_order']);
    expect((await one("select bool_and(can_events) as all from app.role_pages where role_id = (select role_id from app.roles where role_code = 'administrator')")).all).toBe(true);
  });

  it('lets nobody grant the events right she lacks, to a user or to a role someone holds; held, she grants it', async () => {
    const manager = await newUser();
    const target = await newUser();
    // A manager of users and roles with every right on sales orders but events.
    for (const [page, flags] of [
      ['settings.users', { can_perms: true, can_list: true, can_add: true, can_set: true }],
      ['settings.roles', { can_perms: true, can_list: true, can_add: true, can_set: true }],
      [SALES, { can_perms: true, can_list: true, can_add: true, can_set: true, can_delete: true }],
    ] as const) {
      expect((await grant(admin, manager.id, page, flags)).status).toBe(200);
    }
    // What she holds she gives; the events right she does not.
    expect((await grant(manager.token, target.id, SALES, { can_list: true, can_set: true })).status).toBe(200);
    const refused = await grant(manager.token, target.id, SALES, { can_events: true });
    expect([refused.status, refused.body.error, refused.body.rule]).toEqual([403, 'rule_violated', 'user_outranks_you']);
    expect((await one('select can_events from app.user_pages where user_id = $1 and page_code = $2', [target.id, SALES])).can_events).toBe(false);
    // Nor to a role the target holds (it would reach the target).
    const { role_id } = (await ok(manager.token, 'roles', 'add', { role_code: 'desk_2', role_name: { en: 'Desk' }, active: true }, 'SK01')).row;
    await ok(manager.token, 'role_pages', 'set', { role_id, page_code: SALES, can_list: true }, 'SK01');
    await ok(manager.token, 'user_roles', 'set', { user_id: target.id, role_id, assigned: true }, 'SK01');
    const viaRole = await s.action(manager.token, 'role_pages', 'set', { role_id, page_code: SALES, can_events: true }, 'SK01');
    expect([viaRole.status, viaRole.body.rule]).toEqual([403, 'user_outranks_you']);
    // Nor take anything from a user who holds it while she does not.
    expect((await grant(admin, target.id, SALES, { can_events: true })).status).toBe(200);
    expect((await grant(manager.token, target.id, SALES, { can_set: false })).body.rule).toBe('user_outranks_you');

    // Once she holds it herself, she grants it.
    expect((await grant(admin, manager.id, SALES, { can_events: true })).status).toBe(200);
    expect((await s.action(manager.token, 'role_pages', 'set', { role_id, page_code: SALES, can_events: true }, 'SK01')).status).toBe(200);
    expect((await grant(manager.token, target.id, SALES, { can_events: false })).status).toBe(200);
    expect((await one('select can_events from app.v_user_page_permissions where user_id = $1 and page_code = $2', [target.id, SALES])).can_events).toBe(true); // by the role
  });

  it('upgrades a database of the previous release: the administrator role keeps every right, other grants keep theirs without events', async () => {
    const fresh = engine === 'postgres' ? await freshDatabase() : undefined;
    const db: Db = fresh ? await openPostgres(fresh.url) : await openPglite();
    try {
      // The previous release: the migrations before 094, as migrate applies them.
      await db.exec('create schema if not exists app; create table if not exists app.schema_migrations (name text primary key, applied_at timestamptz not null default now())');
      for (const file of migrationNames().filter((f) => f < '094_event_rights.sql')) {
        const sql = readFileSync(new URL(`../../src/server/db/migrations/${file}`, import.meta.url), 'utf8');
        await db.transaction(async (tx) => {
          await tx.exec(sql);
          await tx.query('insert into app.schema_migrations (name) values ($1)', [file]);
        });
      }
      await db.exec(`
        insert into app.languages (language_code, iso_code, language_name, flag_code, active) values ('en', 'en-GB', 'English', 'gb', true);
        insert into app.backend_pages (page_code, url) values ('sales.sales_orders', '/sales/sales_orders'), ('settings.users', '/settings/users');
        insert into app.roles (role_id, role_code) values (1, 'administrator'), (2, 'sales');
        insert into app.role_pages (role_id, page_code, can_perms, can_list, can_add, can_set, can_delete) values
          (1, 'sales.sales_orders', true, true, true, true, true), (1, 'settings.users', true, true, true, true, true),
          (2, 'sales.sales_orders', false, true, true, true, false);
        insert into app.users (user_id, user_email, user_name, password_hash) values (1, 'a@example.com', 'a', '!'), (2, 's@example.com', 's', '!'), (3, 'o@example.com', 'o', '!');
        insert into app.user_roles (user_id, role_id) values (1, 1), (2, 2);
        insert into app.user_pages (user_id, page_code, can_list, can_set) values (3, 'sales.sales_orders', true, true);`);
      // 094 first, then what came after it.
      expect(await migrate(db)).toEqual(migrationNames().filter((f) => f >= '094_event_rights.sql'));
      const effective = (await db.query<Row>('select user_id, can_list, can_set, can_events from app.v_user_page_permissions where page_code = $1 order by user_id', ['sales.sales_orders'])).rows;
      expect(effective).toEqual([
        { user_id: 1, can_list: true, can_set: true, can_events: true },
        { user_id: 2, can_list: true, can_set: true, can_events: false },
        { user_id: 3, can_list: true, can_set: true, can_events: false },
      ]);
      // The grids show the sixth flag; the grant rows are the same rows.
      const grid = (await db.query<Row>("select role_id, can_set, can_events from app.v_role_pages where page_code = 'sales.sales_orders' order by role_id")).rows;
      expect(grid).toEqual([
        { role_id: 1, can_set: true, can_events: true },
        { role_id: 2, can_set: true, can_events: false },
      ]);
      expect((await db.query<Row>('select count(*)::int as n from app.role_pages')).rows[0]!.n).toBe(3);
    } finally {
      await db.close();
      await fresh?.drop();
    }
  }, 180_000);
});
