/**
 * `npm run move-to-postgres`: the embedded database with the seeded demo data, moved into a
 * new database on the PostgreSQL server at TEST_DATABASE_URL, loses nothing — every table's
 * row count and checksum and every sequence's position are the same on both sides (computed
 * here, not by the tool) — and the back office runs on it with DATABASE_URL: the demo users
 * sign in, lists show the same rows, new rows get new keys. A database that is not empty is
 * refused.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configFromEnv } from '../../src/server/config.ts';
import { openPostgres } from '../../src/server/db/postgres.ts';
import type { PgliteDb } from '../../src/server/db/pglite.ts';
import { startServer } from '../../src/server/server.ts';
import { runScript, sequenceStates, tableSums, templateDataDir, templateInMemory } from './dataTools.ts';
import { DEMO_PASSWORD, freshDatabase } from './harness.ts';

const work = mkdtempSync(join(tmpdir(), 'bo-move-'));
const dataDir = join(work, 'data');
let template: PgliteDb;
let target: { url: string; drop(): Promise<void> };

beforeAll(async () => {
  if (!process.env.TEST_DATABASE_URL) return;
  [template] = await Promise.all([templateInMemory(), templateDataDir(dataDir)]);
  target = await freshDatabase();
}, 300_000);

afterAll(async () => {
  await template?.close();
  await target?.drop();
  rmSync(work, { recursive: true, force: true });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('npm run move-to-postgres (embedded PGlite → PostgreSQL server)', () => {
  it('copies every table and sequence into an empty database, nothing lost, and refuses one that is not empty', async () => {
    const moved = await runScript('src/server/moveToPostgres.ts', ['--to', target.url], { DATA_DIR: dataDir });
    expect(moved.code, moved.stderr).toBe(0);
    expect(moved.stdout).toMatch(/move-to-postgres: \d+ tables, \d+ rows and \d+ sequences copied/);
    expect(moved.stdout).toContain('DATABASE_URL=');

    const pg = await openPostgres(target.url);
    try {
      const [from, to] = [await tableSums(template), await tableSums(pg)];
      expect(Object.keys(to)).toEqual(Object.keys(from));
      for (const t of Object.keys(from)) expect(to[t], t).toBe(from[t]);
      expect(Number(from['app.products']!.split(' ')[0])).toBeGreaterThan(1000);
      expect(await sequenceStates(pg)).toEqual(await sequenceStates(template));
    } finally {
      await pg.close();
    }

    const again = await runScript('src/server/moveToPostgres.ts', ['--to', target.url], { DATA_DIR: dataDir });
    expect(again.code, again.stderr).toBe(4);
    expect(again.stderr).toContain('The target database is not empty');
  }, 600_000);

  it('the back office runs on the moved database with DATABASE_URL: the demo users sign in, lists match, new rows get new keys', async () => {
    const config = { ...configFromEnv({ DATABASE_URL: target.url }), port: 0, uiDir: work, workflowTickMs: 0, mailTickMs: 0, arrivalTickMs: 0, newsTickMs: 0 };
    const running = await startServer(config);
    try {
      const post = async (path: string, body: unknown, token?: string) => {
        const res = await fetch(running.url + path, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
          body: JSON.stringify(body),
        });
        return { status: res.status, body: await res.json() };
      };
      const login = await post('/rpc/login', { email: 'admin@example.com', password: DEMO_PASSWORD });
      expect(login.status, JSON.stringify(login.body)).toBe(200);
      const token = login.body.token as string;
      const list = await post('/rpc/api_action', { entity: 'brands', action: 'list', payload: { endRow: 1000, count: 'exact' } }, token);
      expect(list.status).toBe(200);
      const embedded = (await template.query<{ n: number }>('select count(*)::int as n from app.brands')).rows[0]!.n;
      expect(list.body.data.rows.length).toBe(embedded);
      const added = await post('/rpc/api_action', { entity: 'brands', action: 'add', payload: { brand_name: 'First on the server' } }, token);
      expect(added.status, JSON.stringify(added.body)).toBe(200);
      const maxId = (await template.query<{ n: number }>('select max(brand_id)::int as n from app.brands')).rows[0]!.n;
      expect(added.body.data.row.brand_id).toBeGreaterThan(maxId); // the sequence moved too: no key taken twice
    } finally {
      await running.close();
    }
  }, 120_000);
});
