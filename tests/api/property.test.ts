import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startTestServer, type TestServer } from './harness.ts';

const forms = ['product_list', 'brands', 'vats', 'vats_brief', 'countries_brief', 'product_categories_brief', 'keep_in_stock', 'user_bookmarks'];
const columns = ['product_code', 'product_name', 'brand_id', 'vat_id', 'min_margin', 'keep_in_stock', 'active', 'discount_end_date', 'updated_at', 'brand_name', 'vat_rate', 'vat_names', '__proto__', 'constructor', 'x; drop table app.products', 'row_version'];

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
  },
  { requiredKeys: [] },
);
const rowPayload = fc.dictionary(fc.constantFrom(...columns), value, { maxKeys: 5 });
const payload = fc.oneof(listPayload, rowPayload, fc.record({ keys: fc.array(value, { maxLength: 4 }) }), fc.anything(), value);
const body = fc.oneof(
  fc.record({ entity: fc.oneof(fc.constantFrom(...forms), fc.string()), action: fc.constantFrom('list', 'filter', 'set', 'add', 'delete', 'drop'), payload }, { requiredKeys: [] }).map((b) => JSON.stringify(b)),
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
    expect(statuses.get(200) ?? 0).toBeGreaterThan(20);
    expect(statuses.get(400) ?? 0).toBeGreaterThan(200);
  });
});
