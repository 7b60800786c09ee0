/**
 * Saved views, server side, beyond grid.test.ts: a rename (set with a name) is checked like
 * every view call (owner, the form's list permission, the company header) and refuses an
 * empty name and one the owner has for another view of the screen; the grid state keeps
 * which view was applied, answering it only while the user may still see it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startSignedIn, type TestServer } from './harness.ts';
import type { Json } from './harness.ts';

type Row = Record<string, Json>;

describe.each(engines)('saved views on %s', (engine) => {
  let s: TestServer;
  let admin: string;
  let catalog: string;
  let warehouse: string;

  beforeAll(async () => {
    ({ s, admin, catalog, warehouse } = await startSignedIn(engine));
  });
  afterAll(() => s?.close());

  const add = async (token: string, name: string, extra: Row = {}) => {
    const r = await s.action(token, 'grid_views', 'add', { form: 'product_list', name, state: { v: 1 }, ...extra });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.data.row as Row;
  };
  const rename = (token: string, view: Row, name: unknown, company?: string) => s.action(token, 'grid_views', 'set', { view_id: view.view_id, row_version: view.row_version, name }, company);
  const nameOf = async (view: Row) => (await s.db.query<Row>('select name from app.grid_views where view_id = $1', [view.view_id])).rows[0]?.name;

  describe('rename', () => {
    it('renames an own view (trimmed, new version), refuses an empty name and one the owner has for another view of the screen', async () => {
      const a = await add(catalog, 'Rename A');
      const b = await add(catalog, 'Rename B');
      const r = await rename(catalog, a, '  Renamed A ');
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body.data.row).toMatchObject({ view_id: a.view_id, name: 'Renamed A', row_version: a.row_version + 1 });

      for (const empty of ['', '   ']) {
        const e = await rename(catalog, r.body.data.row, empty);
        expect(e.status).toBe(400);
        expect(e.body.message).toBe('payload.name: name is required');
      }
      const taken = await rename(catalog, r.body.data.row, ' Rename B ');
      expect(taken.status).toBe(409);
      expect(taken.body.error).toBe('view_name_taken');
      expect(taken.body.message).toContain('"Rename B"');
      expect(await nameOf(a)).toBe('Renamed A');
      expect(await nameOf(b)).toBe('Rename B');

      // Its own name in another case, another user's name, another screen's: free.
      const cased = await rename(catalog, r.body.data.row, 'renamed a');
      expect(cased.status).toBe(200);
      await add(admin, 'Admins view');
      expect((await rename(catalog, cased.body.data.row, 'Admins view')).status).toBe(200);
      await s.action(catalog, 'grid_views', 'add', { form: 'brands', name: 'Brand view', state: {} });
      const other = await rename(catalog, b, 'Brand view');
      expect(other.status, JSON.stringify(other.body)).toBe(200);
    });

    it('lets only the owner rename a view, shared or not, on a screen they may list, in a company of theirs', async () => {
      const team = await add(catalog, 'Team view', { shared: true });
      const r = await rename(admin, team, 'Hijacked');
      expect(r.status).toBe(403);
      expect(await nameOf(team)).toBe('Team view');
      expect((await rename(catalog, team, 'Elsewhere', 'XX99')).status).toBe(403);
      expect(await nameOf(team)).toBe('Team view');

      // An owner who may not list the view's screen (any more) cannot change it.
      const old = (await s.db.query<Row>(`insert into app.grid_views (form, owner_user_id, name, state) values ('product_list', 3, 'Before my grants changed', '{}') returning view_id, row_version`))
        .rows[0]!;
      const w = await rename(warehouse, old, 'Mine still');
      expect(w.status).toBe(403);
      expect(await nameOf(old)).toBe('Before my grants changed');
    });

    it('checks the payload with the schema', async () => {
      const v = await add(catalog, 'Payload view');
      const bad: [Row, string][] = [
        [{ view_id: v.view_id, row_version: v.row_version, name: 'x'.repeat(101) }, 'payload.name'],
        [{ view_id: v.view_id, row_version: v.row_version, name: 7 }, 'payload.name'],
        [{ view_id: String(v.view_id), row_version: v.row_version, name: 'x' }, 'payload.view_id'],
        [{ view_id: v.view_id, row_version: v.row_version, name: 'x', owner: 1 }, 'payload.owner'],
      ];
      for (const [payload, field] of bad) {
        const r = await s.action(catalog, 'grid_views', 'set', payload);
        expect(r.status, JSON.stringify(payload)).toBe(400);
        expect(r.body.message).toContain(field);
      }
      expect(await nameOf(v)).toBe('Payload view');
    });
  });

  describe('the applied view in the grid state', () => {
    const load = async (token: string) => {
      const r = await s.action(token, 'grid_state', 'list', { form: 'product_list' });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body.data.rows[0] as Row | undefined;
    };
    const save = (token: string, view_id?: unknown) => s.action(token, 'grid_state', 'set', { form: 'product_list', state: { v: 1, sort: [] }, ...(view_id === undefined ? {} : { view_id }) });

    it('keeps the view applied and answers its name and state; a deleted view leaves the state unmarked', async () => {
      const v = await add(catalog, 'Applied', { state: { v: 1, sort: [{ colId: 'weight', sort: 'asc' }] } });
      expect((await save(catalog, v.view_id)).status).toBe(200);
      // Answered checked (core/savedGridState.ts): version 1 in version 2's parts.
      expect((await load(catalog))!.view).toEqual({ view_id: v.view_id, name: 'Applied', state: { v: 2, sorting: [{ id: 'weight', desc: false }] } });
      // Renamed: the state follows it.
      await rename(catalog, v, 'Applied renamed');
      expect((await load(catalog))!.view.name).toBe('Applied renamed');
      // Saved without one: none.
      expect((await save(catalog)).status).toBe(200);
      expect((await load(catalog))!.view).toBeNull();
      await save(catalog, v.view_id);
      await s.action(catalog, 'grid_views', 'delete', { keys: [v.view_id] });
      const after = await load(catalog);
      expect(after).toMatchObject({ state: { v: 2, sorting: [] }, view: null });
    });

    it('loads a state saved before views were kept with it', async () => {
      await s.db.query(`insert into app.user_grid_states (user_id, form, state) values (1, 'product_list', '{"v":1,"order":["weight"]}')
        on conflict (user_id, form) do update set state = excluded.state, view_id = null`);
      expect(await load(admin)).toMatchObject({ state: { v: 2, columnOrder: ['weight'] }, view: null });
    });

    it("answers another's view only while it is shared, and never one of another screen", async () => {
      const team = await add(catalog, 'Shared for now', { shared: true });
      expect((await save(admin, team.view_id)).status).toBe(200);
      expect((await load(admin))!.view.name).toBe('Shared for now');
      await s.action(catalog, 'grid_views', 'set', { view_id: team.view_id, row_version: team.row_version, shared: false });
      expect((await load(admin))!.view).toBeNull();
      // Not visible (unshared) or of another screen: stored as none.
      expect((await save(admin, team.view_id)).status).toBe(200);
      await s.action(catalog, 'grid_views', 'set', { view_id: team.view_id, row_version: team.row_version + 1, shared: true });
      expect((await load(admin))!.view).toBeNull();
      const brands = (await s.action(admin, 'grid_views', 'add', { form: 'brands', name: 'Brands view', state: {} })).body.data.row;
      expect((await save(admin, brands.view_id)).status).toBe(200);
      expect((await load(admin))!.view).toBeNull();
      expect((await save(admin, 'x')).status).toBe(400);
    });
  });
});
