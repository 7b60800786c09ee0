/**
 * The answers of api_action are what schemas/openapi.yaml says they are — the types the
 * browser's data provider infers (src/app/grid/dataProvider/contract.ts) are true: every form's
 * rows match its `FormRows.<form>` row (each field's type, null only where the row may
 * hold it, no field more or less) on the demo data, and every action's answer matches its
 * `…Output` component, custom entities included.
 */
import { readFileSync } from 'node:fs';
import Ajv2020 from 'ajv/dist/2020.js';
import { parse as parseYaml } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowComponent } from '../../codegen/rows.ts';
import { screens } from '../../src/server/actions/engine/screens.ts';
import { engines, startSignedIn, type SignedIn } from './harness.ts';

const doc = parseYaml(readFileSync(new URL('../../schemas/openapi.yaml', import.meta.url), 'utf8')) as { components: unknown };
const ajv = new Ajv2020({ strict: false, allErrors: true });
ajv.addFormat('date', /^\d{4}-\d{2}-\d{2}$/);
ajv.addFormat('date-time', /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);
ajv.addSchema({ $id: 'openapi', components: doc.components });

/** Whether a value is the component `name`; the problems when it is not. */
function check(name: string, value: unknown): string {
  const ok = ajv.validate(`openapi#/components/schemas/${name}`, value);
  return ok ? '' : ajv.errorsText(ajv.errors, { dataVar: name });
}

describe.each(engines)('api_action answers match the OpenAPI components on %s', (engine) => {
  let t: SignedIn;
  beforeAll(async () => void (t = await startSignedIn(engine)));
  afterAll(() => t?.s.close());
  const act = async (entity: string, action: string, payload?: unknown) => {
    const r = await t.s.action(t.admin, entity, action, payload);
    expect(r.status, `${entity} ${action}: ${JSON.stringify(r.body)}`).toBe(200);
    return r.body as { data: Record<string, unknown> };
  };

  /** An invoice issued for an order of the session's company that has lines and none yet (migration 113). */
  const issuedInvoice = async () => {
    const orders = (await act('sales_orders', 'list', { endRow: 100 })).data.rows as { order_id: number; total: number; invoice_number: string | null }[];
    const o = orders.find((r) => Number(r.total) > 0 && !r.invoice_number)!;
    return Number((await t.s.db.query<{ id: number }>('select app.invoice_issue($1, null) as id', [o.order_id])).rows[0]!.id);
  };

  it('every form lists rows of its FormRows row', async () => {
    const problems: string[] = [];
    let rows = 0;
    for (const screen of screens.values()) {
      // A search lookup answers at most 50 rows a call.
      const body = await act(screen.form, 'list', { startRow: 0, endRow: screen.source.search ? 50 : 300 });
      problems.push(check('ListOutput', body));
      for (const row of body.data.rows as unknown[]) problems.push(check(rowComponent(screen.form), row));
      rows += (body.data.rows as unknown[]).length;
    }
    expect(problems.filter(Boolean)).toEqual([]);
    expect(rows).toBeGreaterThan(1000);
  });

  it("the writes, undo, delete, aggregate and locate answer their components, with the form's rows", async () => {
    const brand = (await act('brands', 'list', { endRow: 1 })).data.rows as Record<string, unknown>[];
    const set = await act('brands', 'set', { brand_id: brand[0]!.brand_id, row_version: brand[0]!.row_version, brand_name: 'Contract' });
    const many = await act('brands', 'set', { rows: [{ brand_id: brand[0]!.brand_id, row_version: (set.data.row as { row_version: number }).row_version, brand_name: 'Contract 2' }] });
    const undo = await act('brands', 'undo', { log_ids: many.data.log_ids });
    const add = await act('brands', 'add', { brand_name: 'Contract brand' });
    const key = (add.data.row as { brand_id: number }).brand_id;
    const preview = await act('brands', 'delete_preview', { keys: [key] });
    const del = await act('brands', 'delete', { keys: [key] });
    const restored = await act('brands', 'undo', { log_ids: del.data.log_ids });
    const products = (await act('product_list', 'filter', { active: true, endRow: 2 })).data.rows as Record<string, unknown>[];
    const agg = await act('product_list', 'aggregate', { groupBy: ['brand_id'], aggregates: { stock_qty: ['sum', 'avg', 'min', 'max', 'count'], discount_end_date: ['min', 'max'] } });
    const located = await act('product_list', 'list', { locate: { product_code: products[1]!.product_code } });
    const answers: [string, unknown][] = [
      ['SetOutput', set],
      ['BulkSetOutput', many],
      ['UndoOutput', undo],
      ['AddOutput', add],
      ['DeletePreviewOutput', preview],
      ['DeleteOutput', del],
      ['UndoOutput', restored],
      ['AggregateOutput', agg],
      ['LocateOutput', located],
      ['BrandsRow', set.data.row],
      ['BrandsRow', add.data.row],
      ...[many, undo, restored].flatMap((a) => (a.data.rows as unknown[]).map((r): [string, unknown] => ['BrandsRow', r])),
      ...products.map((r): [string, unknown] => ['ProductListRow', r]),
    ];
    expect(answers.map(([name, value]) => check(name, value)).filter(Boolean)).toEqual([]);
    expect((agg.data.groups as unknown[]).length).toBeGreaterThan(1);
  });

  it('the custom entities answer their components', async () => {
    const code = ((await act('product_list', 'list', { endRow: 1 })).data.rows as { product_code: string }[])[0]!.product_code;
    const keep = await act('keep_in_stock', 'set', { product_code: code, keep_in_stock: 2 });
    const shop = ((await act('shops_brief', 'list', { endRow: 1 })).data.rows as { shop_id: number }[])[0]!.shop_id;
    const log = ((await act('product_change_log', 'list', { endRow: 20 })).data.rows as { log_id: number }[]).map((r) => r.log_id);
    const answers: [string, unknown][] = [
      ['KeepInStockOutput', keep],
      ['ChangeLabelsOutput', await act('change_labels', 'list', { log_ids: log, language: 'de' })],
      ['UserBookmarksSetOutput', await act('user_bookmarks', 'set', [{ path: '/products/brands' }])],
      ['UserBookmarksListOutput', await act('user_bookmarks', 'list')],
      ['PurchasePricePreviewOutput', await act('purchase_price_update', 'filter', { fields: ['purchase_price_base'], mode: 'percent', value: 1, keys: [code] })],
      ['PurchasePriceUpdateOutput', await act('purchase_price_update', 'set', { fields: ['purchase_price_base'], mode: 'percent', value: 1, keys: [code] })],
      ['ShopListPreviewOutput', await act('shop_list', 'filter', { shop_id: shop, keys: [code], mode: 'replace' })],
      ['ShopListOutput', await act('shop_list', 'set', { shop_id: shop, keys: [code], mode: 'replace' })],
      ['GridStateSetOutput', await act('grid_state', 'set', { form: 'brands', state: { v: 1 } })],
      ['GridStateListOutput', await act('grid_state', 'list', { form: 'brands' })],
      ['SetupChecklistOutput', await act('setup_checklist', 'list')],
      ['CreditNoteOutput', await act('credit_note', 'add', { invoice_id: await issuedInvoice() })],
    ];
    const mailed = await issuedInvoice();
    answers.push(
      ['DocumentMailOptionsOutput', await act('document_mail', 'list', { source: 'invoice', id: mailed })],
      ['DocumentMailSendOutput', await act('document_mail', 'add', { source: 'invoice', id: mailed, document: 'invoice', to: ['contract@example.com'], language: 'de' })],
    );
    const view = await act('grid_views', 'add', { form: 'brands', name: 'Contract view', state: { v: 1 } });
    const row = view.data.row as { view_id: number; row_version: number };
    answers.push(
      ['GridViewOutput', view],
      ['GridViewOutput', await act('grid_views', 'set', { view_id: row.view_id, row_version: row.row_version, name: 'Renamed' })],
      ['GridViewsListOutput', await act('grid_views', 'list', { form: 'brands' })],
      ['DeleteOutput', await act('grid_views', 'delete', { keys: [row.view_id] })],
    );
    expect(answers.map(([name, value]) => check(name, value)).filter(Boolean)).toEqual([]);
  });
});
