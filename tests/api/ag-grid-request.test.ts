/**
 * The list payload takes a request exactly as AG Grid 36 builds it (schemas/agGrid.ts):
 * the server-side row model's request, the infinite model's, sort items with `type`,
 * text / number / combined / multi / set / bigint filters. A key AG Grid does not define is
 * 400 `unknown_field`, a column the form lacks 400 `unknown_column`, what the list does not
 * serve (grouping, pivoting, an absolute sort) 400 `unsupported`. Rows are checked against
 * SQL of their own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startSignedIn, type TestServer } from './harness.ts';

describe.each(engines)('AG Grid 36 requests on %s', (engine) => {
  let s: TestServer, admin: string;
  beforeAll(async () => void ({ s, admin } = await startSignedIn(engine)));
  afterAll(() => s?.close());

  const list = (payload: unknown) => s.action(admin, 'product_list', 'list', payload);
  const codes = (rows: { product_code: string }[]) => rows.map((r) => r.product_code);
  /** The product codes of the admin's company (SK01) under a condition, in an order, from the view itself. */
  const sqlCodes = async (where: string, order: string, limit = 100_000, offset = 0) =>
    (await s.db.query<{ product_code: string }>(`select product_code from app.v_product_list where company_code = 'SK01' and (${where}) order by ${order} limit ${limit} offset ${offset}`)).rows.map(
      (r) => r.product_code,
    );

  it("answers the server-side row model's request as the grid builds it: sort with type, text and number filters, column lists", async () => {
    const request = {
      startRow: 0,
      endRow: 100,
      rowGroupCols: [],
      valueCols: [{ id: 'min_margin', displayName: 'Min. margin', field: 'min_margin', aggFunc: 'avg' }],
      pivotCols: [],
      pivotMode: false,
      groupKeys: [],
      filterModel: {
        product_code: { filterType: 'text', type: 'contains', filter: '0' },
        stock_qty: { filterType: 'number', type: 'greaterThan', filter: 5 },
      },
      sortModel: [{ sort: 'desc', type: 'default', colId: 'stock_qty' }],
    };
    const r = await list(request);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const expected = await sqlCodes(`strpos(lower(product_code), '0') > 0 and stock_qty > 5`, 'stock_qty desc, product_code asc');
    expect(expected.length).toBeGreaterThan(100);
    expect(codes(r.body.data.rows)).toEqual(expected.slice(0, 100));
    expect(r.body.data.total).toBe(expected.length);
    // The server-side model's "no filter" is null.
    const all = await list({ ...request, filterModel: null, endRow: 5 });
    expect(all.status).toBe(200);
    expect(all.body.data.total).toBe((await sqlCodes('true', 'product_code')).length);
  });

  it("answers the infinite row model's request fields (IGetRowsParams)", async () => {
    const r = await list({ startRow: 100, endRow: 200, sortModel: [{ sort: 'asc', type: 'default', colId: 'product_code' }], filterModel: {} });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(codes(r.body.data.rows)).toEqual(await sqlCodes('true', 'product_code', 100, 100));
  });

  it("joins a combined filter's conditions with its operator", async () => {
    const or = await list({
      endRow: 5000,
      sortModel: [{ sort: 'asc', type: 'default', colId: 'product_code' }],
      filterModel: {
        min_margin: {
          filterType: 'number',
          operator: 'OR',
          conditions: [
            { filterType: 'number', type: 'lessThan', filter: 10 },
            { filterType: 'number', type: 'greaterThanOrEqual', filter: 19 },
          ],
        },
      },
    });
    expect(or.status, JSON.stringify(or.body)).toBe(200);
    const expectedOr = await sqlCodes('min_margin < 10 or min_margin >= 19', 'product_code');
    expect(expectedOr.length).toBeGreaterThan(0);
    expect(codes(or.body.data.rows)).toEqual(expectedOr);

    const and = await list({
      endRow: 5000,
      sortModel: [{ sort: 'asc', type: 'default', colId: 'product_code' }],
      filterModel: {
        product_code: {
          filterType: 'text',
          operator: 'AND',
          conditions: [
            { filterType: 'text', type: 'startsWith', filter: 'P0001' },
            { filterType: 'text', type: 'notContains', filter: '5' },
          ],
        },
      },
    });
    expect(and.status, JSON.stringify(and.body)).toBe(200);
    const expectedAnd = await sqlCodes(`lower(product_code) like 'p0001%' and strpos(product_code, '5') = 0`, 'product_code');
    expect(expectedAnd.length).toBeGreaterThan(0);
    expect(codes(and.body.data.rows)).toEqual(expectedAnd);
  });

  it('applies every model of a multi filter, set keys and bigint values as AG Grid writes them (strings)', async () => {
    const r = await list({
      endRow: 5000,
      sortModel: [{ sort: 'asc', type: 'default', colId: 'product_code' }],
      filterModel: {
        keep_in_stock: { filterType: 'multi', filterModels: [null, { filterType: 'set', values: ['1', '2'] }] },
        stock_qty: { filterType: 'bigint', type: 'lessThanOrEqual', filter: '50' },
      },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const expected = await sqlCodes('keep_in_stock in (1, 2) and stock_qty <= 50', 'product_code');
    expect(expected.length).toBeGreaterThan(0);
    expect(codes(r.body.data.rows)).toEqual(expected);
  });

  it('counts the same rows in aggregate under a combined filter', async () => {
    const filterModel = {
      min_margin: {
        filterType: 'number',
        operator: 'OR',
        conditions: [
          { filterType: 'number', type: 'lessThan', filter: 10 },
          { filterType: 'number', type: 'greaterThanOrEqual', filter: 19 },
        ],
      },
    };
    const r = await s.action(admin, 'product_list', 'aggregate', { filterModel });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const expected = await sqlCodes('min_margin < 10 or min_margin >= 19', 'product_code');
    expect(expected.length).toBeGreaterThan(0);
    expect(r.body.data.totals.count).toBe(expected.length);
  });

  describe('refuses with a code naming the field', () => {
    const cases: [string, unknown, string, string][] = [
      ['an unknown payload key', { startRow: 0, where: '1=1' }, 'unknown_field', 'payload.where'],
      ['an unknown key of a sort item', { sortModel: [{ colId: 'product_code', sort: 'asc', nulls: 'last' }] }, 'unknown_field', 'payload.sortModel.0.nulls'],
      [
        'an unknown key of a filter',
        { filterModel: { product_code: { filterType: 'text', type: 'contains', filter: 'x', caseSensitive: true } } },
        'unknown_field',
        'payload.filterModel.product_code.caseSensitive',
      ],
      [
        'an unknown key of a condition',
        { filterModel: { min_margin: { filterType: 'number', operator: 'AND', conditions: [{ type: 'lessThan', filter: 5, sql: 'x' }] } } },
        'unknown_field',
        'payload.filterModel.min_margin.conditions.0.sql',
      ],
      ['an unknown key of a column list', { valueCols: [{ id: 'min_margin', displayName: 'M', expr: 'x' }] }, 'unknown_field', 'payload.valueCols.0.expr'],
      ['an unknown filter column', { filterModel: { nope: { filterType: 'text', type: 'contains', filter: 'x' } } }, 'unknown_column', 'payload.filterModel.nope'],
      ['an unknown sort column', { sortModel: [{ colId: 'password_hash', sort: 'asc', type: 'default' }] }, 'unknown_column', 'payload.sortModel.0.colId'],
      ['an unknown value column', { valueCols: [{ id: 'nope', displayName: 'Nope' }] }, 'unknown_column', 'payload.valueCols.0.id'],
      ['row grouping', { rowGroupCols: [{ id: 'brand_id', displayName: 'Brand', field: 'brand_id' }], groupKeys: [] }, 'unsupported', 'payload.rowGroupCols'],
      ['group keys', { groupKeys: ['3'] }, 'unsupported', 'payload.groupKeys'],
      ['pivot mode', { pivotMode: true }, 'unsupported', 'payload.pivotMode'],
      ['an absolute sort', { sortModel: [{ colId: 'min_margin', sort: 'asc', type: 'absolute' }] }, 'unsupported', 'payload.sortModel.0.type'],
    ];
    for (const [name, payload, code, field] of cases) {
      it(name, async () => {
        const r = await list(payload);
        expect(r.status).toBe(400);
        expect(r.body.error).toBe(code);
        expect(r.body.params.field).toBe(field);
        expect(r.body.message).toContain(field);
      });
    }

    it('an unknown column in aggregate and export filters', async () => {
      const agg = await s.action(admin, 'product_list', 'aggregate', { filterModel: { nope: { filterType: 'number', type: 'equals', filter: 1 } } });
      expect([agg.status, agg.body.error, agg.body.params]).toEqual([400, 'unknown_column', { field: 'payload.filterModel.nope', column: 'nope' }]);
      const exp = await fetch(`${s.url}/api/export/product_list`, {
        method: 'POST',
        headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
        body: JSON.stringify({ format: 'csv', language: 'en', columns: [{ field: 'product_code', header: 'Code' }], sortModel: [{ colId: 'nope', sort: 'asc', type: 'default' }] }),
      });
      expect(exp.status).toBe(400);
      expect(await exp.json()).toMatchObject({ error: 'unknown_column', params: { field: 'body.sortModel.0.colId', column: 'nope' } });
    });
  });
});
