/**
 * A rule of the record that refuses a write says which fields it concerns and what it says
 * (issue 43; core/recordRules.ts): `rule_violated` with `fields`, `field` (the path where
 * the message belongs; `payload.rows.<i>.…` and `row` in a bulk write) and, for a column's
 * bound, the validation key as `reason`. The list covers every rule of the schema: each
 * check constraint of the database and each named trigger rule of the migrations has an
 * entry whose fields are columns of the rule's tables.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECORD_RULES, recordRule, type RecordRule } from '../../src/core/recordRules.ts';
import { engines, startSignedIn, type TestServer } from './harness.ts';

/** The rules the migrations raise from triggers and functions by name (`constraint = '…'`). */
function triggerRules(): Map<string, string[]> {
  const dir = join(process.cwd(), 'src/server/db/migrations');
  const out = new Map<string, string[]>();
  for (const f of readdirSync(dir).filter((n) => n.endsWith('.sql'))) {
    for (const m of readFileSync(join(dir, f), 'utf8').matchAll(/constraint = '([a-z_]+)'/g)) out.set(m[1]!, [...(out.get(m[1]!) ?? []), f]);
  }
  return out;
}

describe.each(engines)('record rules on %s', (engine) => {
  let s: TestServer, admin: string;
  beforeAll(async () => void ({ s, admin } = await startSignedIn(engine)));
  afterAll(() => s?.close());

  it('lists every check constraint and every named trigger rule, with fields that are columns of the rule’s tables', async () => {
    const checks = (
      await s.db.query<{ rule: string; tab: string; cols: string[] }>(
        `select c.conname as rule, t.relname as tab, array(select a.attname::text from pg_attribute a where a.attrelid = t.oid and a.attnum > 0 and not a.attisdropped order by a.attnum) as cols
         from pg_constraint c join pg_class t on t.oid = c.conrelid join pg_namespace n on n.oid = t.relnamespace
         where n.nspname = 'app' and c.contype = 'c' order by 1, 2`,
      )
    ).rows;
    expect(checks.length).toBeGreaterThan(100);
    const unlisted = checks.filter((c) => !recordRule(c.rule)).map((c) => `${c.tab}.${c.rule}`);
    expect(unlisted, 'check constraints without an entry in core/recordRules.ts').toEqual([]);
    // A check's fields are columns of its table (a table-specific list where a shared name differs).
    // (A rule raised elsewhere — the ledger's level a written quantity moves — names the written row's fields.)
    const rules: Record<string, RecordRule> = RECORD_RULES;
    const wrong = checks.flatMap((c) =>
      rules[c.rule]!.elsewhere
        ? []
        : recordRule(c.rule, c.tab)!
            .fields.filter((f) => !c.cols.includes(f))
            .map((f) => `${c.tab}.${c.rule}: ${f}`),
    );
    expect(wrong).toEqual([]);

    const triggers = triggerRules();
    expect(triggers.size).toBeGreaterThan(30);
    expect([...triggers.keys()].filter((r) => !recordRule(r))).toEqual([]);
    // No entry for a rule that no longer exists.
    const known = new Set([...checks.map((c) => c.rule), ...triggers.keys()]);
    expect(Object.keys(RECORD_RULES).filter((r) => !known.has(r))).toEqual([]);
  });

  const po = async () => (await s.db.query<{ po_id: number; row_version: number }>(`select po_id, row_version from app.purchase_orders where company_code = 'SK01' order by po_id limit 1`)).rows[0]!;

  it('answers ETA before ETD with the rule, its fields (ETA first) and where its message belongs; nothing is written', async () => {
    const o = await po();
    await s.db.query(`update app.purchase_orders set etd = date '2027-05-10', eta = date '2027-05-20' where po_id = $1`, [o.po_id]);
    const v = (await po()).row_version;
    const r = await s.action(admin, 'purchase_orders', 'set', { po_id: o.po_id, row_version: v, eta: '2027-05-01' });
    expect(r.status, JSON.stringify(r.body)).toBe(400);
    expect(r.body).toMatchObject({ error: 'rule_violated', rule: 'eta_after_etd', params: { rule: 'eta_after_etd', fields: 'eta,etd', field: 'payload.eta' } });
    expect(r.body.params.reason).toBeUndefined(); // said as rules.eta_after_etd
    expect(JSON.stringify(r.body)).not.toMatch(/violates|check constraint/);
    expect((await s.db.query<{ eta: string }>('select eta from app.purchase_orders where po_id = $1', [o.po_id])).rows[0]!.eta).toBe('2027-05-20');
  });

  it('names the row and its field in a bulk write (the grid flags that cell), writing none of the rows', async () => {
    const rows = (
      await s.db.query<{ po_id: number; row_version: number }>(
        `update app.purchase_orders set etd = date '2027-05-10', eta = null
         where po_id in (select po_id from app.purchase_orders where company_code = 'SK01' order by po_id limit 3) returning po_id, row_version`,
      )
    ).rows.sort((a, b) => a.po_id - b.po_id);
    const payload = { rows: rows.map((x, i) => ({ po_id: x.po_id, row_version: x.row_version, eta: i === 1 ? '2027-05-01' : '2027-06-01' })) };
    const r = await s.action(admin, 'purchase_orders', 'set', payload);
    expect(r.status, JSON.stringify(r.body)).toBe(400);
    expect(r.body.params).toMatchObject({ rule: 'eta_after_etd', fields: 'eta,etd', field: 'payload.rows.1.eta', row: 1 });
    const etas = (await s.db.query<{ eta: string | null }>('select eta from app.purchase_orders where po_id = any($1) order by po_id', [rows.map((x) => x.po_id)])).rows;
    expect(etas.every((x) => x.eta === null)).toBe(true);
  });

  it("says a column's bound that PostgreSQL named by its validation message, at its field", async () => {
    const where = (
      await s.db.query<{ product_code: string; storage_id: number }>(
        `select p.product_code, st.storage_id from app.products p join app.storages st on st.company_code = p.company_code where p.company_code = 'SK01' order by 1, 2 limit 1`,
      )
    ).rows[0]!;
    const r = await s.action(admin, 'stock_corrections', 'add', { ...where, quantity: 0, reason: 'Counted' });
    expect(r.status, JSON.stringify(r.body)).toBe(400);
    expect(r.body.params).toEqual({ rule: 'stock_corrections_quantity_check', fields: 'quantity', field: 'payload.quantity', reason: 'validation.not_zero' });
  });
});
