import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startTestServer, type TestServer } from './harness.ts';

const forms = ['product_list', 'brands', 'vats', 'vats_brief', 'countries_brief', 'product_categories_brief', 'keep_in_stock', 'user_bookmarks', 'grid_state', 'grid_views'];
const columns = [
  'product_code',
  'product_name',
  'brand_id',
  'vat_id',
  'min_margin',
  'keep_in_stock',
  'active',
  'discount_end_date',
  'updated_at',
  'brand_name',
  'vat_rate',
  'vat_names',
  '__proto__',
  'constructor',
  'x; drop table app.products',
  'row_version',
];

const scalar = fc.oneof(
  fc.string(),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom('2026-01-01', '2026-13-45', '1e309', 'NaN', "'; select pg_sleep(1); --", '\u0000', 'P000001'),
);
const value = fc.oneof(scalar, fc.array(scalar, { maxLength: 4 }), fc.dictionary(fc.constantFrom('en', 'de', 'xx', '__proto__'), scalar));
const filterItem = fc.record(
  {
    filterType: fc.constantFrom('text', 'number', 'date', 'set', 'bogus'),
    type: fc.constantFrom('contains', 'notContains', 'equals', 'startsWith', 'lt', 'gt', 'inRange', 'blank', 'lessThan', 'nope'),
    filter: value,
    filterTo: value,
    dateFrom: value,
    values: fc.array(scalar, { maxLength: 5 }),
  },
  { requiredKeys: [] },
);
const listPayload = fc.record(
  {
    startRow: fc.oneof(fc.integer({ min: -5, max: 30_000 }), scalar),
    endRow: fc.oneof(fc.integer({ min: -5, max: 200_000 }), scalar),
    sortModel: fc.array(fc.record({ colId: fc.constantFrom(...columns), sort: fc.constantFrom('asc', 'desc', 'sideways') }), { maxLength: 3 }),
    filterModel: fc.dictionary(fc.constantFrom(...columns), filterItem, { maxKeys: 3 }),
    after: fc.array(scalar, { maxLength: 4 }),
    count: fc.oneof(fc.constantFrom('exact', 'estimate'), scalar),
  },
  { requiredKeys: [] },
);
const rowPayload = fc.dictionary(fc.constantFrom(...columns), value, { maxKeys: 5 });
// A grid state or saved view: JSON of any shape, sometimes deep, sometimes with hostile keys.
const jsonState = fc.oneof(
  fc.dictionary(fc.constantFrom('columns', 'sortModel', 'filterModel', '__proto__', 'constructor', 'x\u0000'), fc.jsonValue({ maxDepth: 4 }), { maxKeys: 4 }),
  fc.jsonValue(),
  fc.integer({ min: 1, max: 60 }).map((depth) => Array.from({ length: depth }).reduce<unknown>((x) => ({ d: x }), 1)),
);
const formName = fc.oneof(fc.constantFrom(...forms, 'no_such_form', 'Product List'), fc.string());
const bulkPayload = fc.record({ rows: fc.oneof(fc.array(rowPayload, { maxLength: 4 }), value) }, { requiredKeys: [] });
const undoPayload = fc.record({ log_ids: fc.oneof(fc.array(fc.oneof(fc.integer({ min: -2, max: 5_000 }), scalar), { maxLength: 4 }), value) }, { requiredKeys: [] });
const aggregatePayload = fc.record(
  {
    filterModel: fc.dictionary(fc.constantFrom(...columns), filterItem, { maxKeys: 2 }),
    groupBy: fc.oneof(fc.array(fc.constantFrom(...columns), { maxLength: 4 }), value),
    aggregates: fc.dictionary(fc.constantFrom(...columns), fc.oneof(fc.array(fc.constantFrom('sum', 'avg', 'min', 'max', 'count', 'median'), { maxLength: 3 }), value), { maxKeys: 3 }),
    language: fc.constantFrom('en', 'de', 'xx1'),
  },
  { requiredKeys: [] },
);
const gridPayload = fc.record(
  {
    form: formName,
    state: jsonState,
    name: fc.oneof(fc.string(), scalar),
    shared: fc.oneof(fc.boolean(), scalar),
    view_id: fc.oneof(fc.integer({ min: -1, max: 50 }), fc.constant(2 ** 40), scalar),
    row_version: fc.oneof(fc.integer({ min: 0, max: 3 }), scalar),
    keys: fc.array(fc.oneof(fc.integer({ min: 1, max: 50 }), formName, scalar), { maxLength: 3 }),
  },
  { requiredKeys: [] },
);
const payload = fc.oneof(listPayload, rowPayload, fc.record({ keys: fc.array(value, { maxLength: 4 }) }), fc.anything(), value, bulkPayload, undoPayload, aggregatePayload, gridPayload);
const actions = ['list', 'filter', 'set', 'add', 'delete', 'undo', 'aggregate', 'drop'];
// Near-valid requests of the grid actions, so that the run also gets past validation.
const plausible = fc
  .oneof(
    fc.record({
      entity: fc.constant('product_list'),
      action: fc.constant('aggregate'),
      payload: fc.record(
        {
          groupBy: fc.subarray(['keep_in_stock', 'active', 'brand_id', 'discount_end_date']),
          aggregates: fc.dictionary(fc.constantFrom('stock_qty', 'min_margin', 'product_code', 'discount_end_date'), fc.subarray(['sum', 'avg', 'min', 'max', 'count'], { minLength: 1 }), {
            maxKeys: 2,
          }),
        },
        { requiredKeys: [] },
      ),
    }),
    fc.record({ entity: fc.constant('product_list'), action: fc.constant('list'), payload: fc.record({ endRow: fc.integer({ min: 0, max: 50 }), count: fc.constantFrom('exact', 'estimate') }) }),
    fc.record({
      entity: fc.constant('grid_state'),
      action: fc.constantFrom('list', 'set'),
      payload: fc.record({ form: fc.constantFrom('product_list', 'brands', 'countries_brief'), state: jsonState }),
    }),
    fc.record({
      entity: fc.constant('grid_views'),
      action: fc.constantFrom('list', 'add'),
      payload: fc.record({ form: fc.constantFrom('product_list', 'brands'), name: fc.string({ maxLength: 20 }), shared: fc.boolean(), state: jsonState }),
    }),
    fc.record({ entity: fc.constant('product_list'), action: fc.constant('undo'), payload: fc.record({ log_ids: fc.array(fc.integer({ min: 1, max: 30 }), { minLength: 1, maxLength: 3 }) }) }),
  )
  .map((b) => JSON.stringify(b));
const body = fc.oneof(
  plausible,
  fc.record({ entity: fc.oneof(fc.constantFrom(...forms), fc.string()), action: fc.constantFrom(...actions), payload }, { requiredKeys: [] }).map((b) => JSON.stringify(b)),
  fc.anything().map((x) => JSON.stringify(x) ?? 'null'),
  fc.string(), // malformed JSON
);

describe.each(engines)('api_action under random and malformed payloads on %s', (engine) => {
  let s: TestServer;
  let admin: string;
  beforeAll(async () => {
    s = await startTestServer(engine);
    admin = (await s.login('admin@example.com')).token;
  });
  afterAll(() => s?.close());

  it('never answers with a status of 500 or more (2,000 requests)', async () => {
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(body, async (raw) => {
        const r = await s.post('/rpc/api_action', undefined, { token: admin, raw });
        statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
        if (r.status >= 500) throw new Error(`${r.status} for ${raw.slice(0, 300)}: ${JSON.stringify(r.body)}`);
      }),
      { numRuns: 2_000, seed: 20261122 },
    );
    // The run must reach past validation, not only bounce off it.
    console.log(`statuses on ${engine}:`, JSON.stringify(Object.fromEntries([...statuses].sort(([x], [y]) => x - y))));
    expect(statuses.get(200) ?? 0).toBeGreaterThan(20);
    expect(statuses.get(400) ?? 0).toBeGreaterThan(200);
  });
});
