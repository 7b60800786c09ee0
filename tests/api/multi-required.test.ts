/**
 * A required multi-language column (product_name) must hold a text in at least one
 * language AFTER a patch is merged into the stored languages: clearing one language while
 * others are filled is allowed, clearing the last filled one is refused — on single set,
 * bulk set and import.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startSignedIn, type TestServer } from './harness.ts';
import type { Json } from './harness.ts';

type Row = Record<string, Json>;

describe.each(engines)('required multi-language values are checked merged on %s', (engine) => {
  let s: TestServer, admin: string;
  beforeAll(async () => void ({ s, admin } = await startSignedIn(engine)));
  afterAll(() => s?.close());

  const codes = async (n: number): Promise<string[]> =>
    (await s.db.query<{ product_code: string }>(`select product_code from app.products where company_code = 'SK01' order by product_code limit $1`, [n])).rows.map((r) => r.product_code);
  const stored = async (code: string): Promise<Row> => (await s.db.query<Row>('select product_name, row_version from app.products where product_code = $1', [code])).rows[0]!;
  const setName = (code: string, name: Record<string, string>) => s.db.query(`update app.products set product_name = $2::jsonb where product_code = $1`, [code, JSON.stringify(name)]);

  it('single set: clearing English while German is filled is saved (an empty text is no text: the language goes); clearing the only filled language is refused', async () => {
    const [code] = await codes(1);
    await setName(code!, { en: 'Chair', de: 'Stuhl' });
    const v1 = (await stored(code!)).row_version;
    const ok = await s.action(admin, 'product_list', 'set', { product_code: code, row_version: v1, product_name: { en: '' } });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data.row.product_name).toEqual({ de: 'Stuhl' });
    expect((await stored(code!)).product_name).toEqual({ de: 'Stuhl' });

    const v2 = (await stored(code!)).row_version;
    const bad = await s.action(admin, 'product_list', 'set', { product_code: code, row_version: v2, product_name: { de: ' ' } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('payload.product_name: is required in at least one language');
    expect((await stored(code!)).product_name).toMatchObject({ de: 'Stuhl' });
  });

  it('add without a name, or with a name blank in every language, says the one-language rule', async () => {
    for (const payload of [{ product_code: 'NO-NAME-1' }, { product_code: 'NO-NAME-1', product_name: {} }, { product_code: 'NO-NAME-1', product_name: { en: ' ', de: '' } }]) {
      const bad = await s.action(admin, 'product_list', 'add', payload);
      expect(bad.status, JSON.stringify(payload)).toBe(400);
      expect(bad.body.message).toBe('payload.product_name: is required in at least one language');
    }
    expect((await s.db.query(`select 1 from app.products where product_code = 'NO-NAME-1'`)).rows).toHaveLength(0);
  });

  it('bulk set: the merged value per row; a row left without any name names its row and nothing is written', async () => {
    const [a, b] = await codes(3).then((c) => c.slice(1));
    await setName(a!, { en: 'Table', de: 'Tisch' });
    await setName(b!, { en: 'Lamp' });
    const [ra, rb] = [await stored(a!), await stored(b!)];
    const ok = await s.action(admin, 'product_list', 'set', { rows: [{ product_code: a, row_version: ra.row_version, product_name: { en: '' } }] });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect((await stored(a!)).product_name).toEqual({ de: 'Tisch' });

    const ra2 = await stored(a!);
    const bad = await s.action(admin, 'product_list', 'set', {
      rows: [
        { product_code: a, row_version: ra2.row_version, product_name: { de: 'Tisch 2' } },
        { product_code: b, row_version: rb.row_version, product_name: { en: '' } },
      ],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('payload.rows.1.product_name: is required in at least one language');
    expect((await stored(a!)).product_name.de).toBe('Tisch');
    expect((await stored(b!)).product_name).toEqual({ en: 'Lamp' });
  });

  it('import: an empty name cell clears that language when another is filled, and is a problem of its row otherwise', async () => {
    const [, , , c, d] = await codes(5);
    await setName(c!, { en: 'Desk', de: 'Schreibtisch' });
    await setName(d!, { en: 'Shelf' });
    const csv = `Code,Name\n${c},\n${d},\n`;
    const importFile = (mode: string) => {
      const fd = new FormData();
      fd.set('file', new Blob([csv]), 'p.csv');
      fd.set('mode', mode);
      fd.set('language', 'en');
      fd.set('mapping', JSON.stringify(['product_code', 'product_name']));
      return fetch(`${s.url}/api/import/product_list`, { method: 'POST', body: fd, headers: { authorization: `Bearer ${admin}` } });
    };
    const preview = await (await importFile('preview')).json();
    expect(preview).toMatchObject({ rows: 2, updates: 1, errorRows: 1 });
    expect(preview.errors).toEqual([{ line: 3, field: 'product_name', message: 'validation.required_any_language', key: { product_code: d }, value: '' }]);
    const commit = await importFile('commit');
    expect(commit.status).toBe(200);
    expect(await commit.json()).toMatchObject({ updates: 1, errorRows: 1, written: true });
    expect((await stored(c!)).product_name).toEqual({ de: 'Schreibtisch' });
    expect((await stored(d!)).product_name).toEqual({ en: 'Shelf' });
  });
});
