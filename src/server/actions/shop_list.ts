/**
 * "List in shop…" on the product list (issue 46): the picked products, or every product of
 * the list's filter, listed in a shop of the company — with categories of that shop and the
 * published flag — in one transaction. The storefront reads listings live (queries.ts, no
 * cache of products), so the shop shows them on its next request.
 */
import { actionContracts, type ActionInput } from '../../../schemas/api.ts';
import type { Queryable } from '../db/types.ts';
import { badRequest, forbidden, refused } from '../http/errors.ts';
import type { UserCtx } from '../rpc/context.ts';
import { implement } from './implement.ts';
import { whereConditions } from './engine/list.ts';
import { requirePagePermission } from './engine/permissions.ts';
import { actAs, changeLog, type Row } from './engine/rows.ts';
import { screens } from './engine/screens.ts';
import { Params } from './engine/sql.ts';

type Input = ActionInput<typeof actionContracts.shop_list_set>;

interface Scope {
  company: string;
  userId: number;
  language: string;
}

function scopeOf(ctx: UserCtx): Scope {
  const company = ctx.session.company;
  if (!company) throw forbidden('forbidden: this action needs a company');
  return { company, userId: ctx.session.userId, language: ctx.session.languageCode };
}

/**
 * What the schema cannot say, and the rights beyond the contract's (add on the shop
 * products): the products are the product list's, so its list right; replacing a listing
 * changes it, so set on the shop products. The shop must be the company's (the same answer
 * whether it is another company's or none), the categories must exist.
 */
async function checked(db: Queryable, ctx: UserCtx, input: Input, s: Scope): Promise<void> {
  if (input.keys && (input.filterModel || input.except)) throw badRequest('payload.keys: give the picked keys or a filterModel (with except), not both');
  await requirePagePermission(db, ctx.session, '/products/product_list', 'list', 'product_list');
  if (input.mode === 'replace') await requirePagePermission(db, ctx.session, '/shops/frontend_shop_products', 'set', 'frontend_shop_products');
  const shop = await db.query(`select 1 from app.shops where shop_id = $1 and company_code = $2`, [input.shop_id, s.company]);
  if (!shop.rows.length)
    throw refused('foreign_reference', `payload.shop_id: no shop ${input.shop_id} in this company`, { field: 'payload.shop_id', label: 'fields.shop_id', value: String(input.shop_id) });
  if (input.category_ids.length) {
    const found = await db.query<{ id: number }>(`select product_category_id as id from app.product_categories where product_category_id = any($1::int[])`, [input.category_ids]);
    const have = new Set(found.rows.map((r) => Number(r.id)));
    const missing = input.category_ids.findIndex((c) => !have.has(c));
    if (missing >= 0)
      throw refused('bad_reference', `payload.category_ids.${missing}: no category ${input.category_ids[missing]}`, {
        field: `payload.category_ids.${missing}`,
        label: 'fields.product_category_names',
      });
  }
}

/** The chosen products of the company, in code order: the picked keys, or the product list's rows of the filter minus `except`. */
async function chosen(db: Queryable, input: Input, s: Scope): Promise<string[]> {
  const screen = screens.get('product_list')!;
  const p = new Params();
  const where = whereConditions(screen, { filterModel: input.filterModel }, { company: s.company, language: input.language ?? s.language }, p, {});
  if (input.keys) where.push(`product_code = any(${p.add(input.keys, 'text[]')})`);
  if (input.except?.length) where.push(`product_code <> all(${p.add(input.except, 'text[]')})`);
  const r = await db.query<{ product_code: string }>(
    `select p.product_code from app.products p
     where p.company_code = ${p.add(s.company, 'text')} and p.product_code in (select product_code from app.v_product_list where ${where.join(' and ') || 'true'})
     order by p.product_code`,
    p.values,
  );
  return r.rows.map((x) => x.product_code);
}

/** The preview's counts of a choice: listed already or not, and the categories outside the shop's active ones. */
async function counts(db: Queryable, input: Input, codes: string[]) {
  const r = await db.query<{ listed: number; outside: number }>(
    `select (select count(*) from app.shop_products sp where sp.shop_id = $1 and sp.product_code = any($2::text[]))::int as listed,
            (select count(*) from unnest($3::int[]) c(id)
              where not exists (select 1 from app.shop_categories sc
                                where sc.shop_id = $1 and sc.active and c.id in (select id from app.category_subtree(sc.product_category_id) id)))::int as outside`,
    [input.shop_id, codes, input.category_ids],
  );
  const { listed, outside } = r.rows[0]!;
  return {
    rows: codes.length,
    added: codes.length - listed,
    replaced: input.mode === 'replace' ? listed : 0,
    kept: input.mode === 'keep' ? listed : 0,
    outside,
  };
}

/** `filter`: what listing would do, writing nothing (the dialog's preview). */
export const previewShopList = implement(actionContracts.shop_list_filter, async (ctx, input) => {
  const s = scopeOf(ctx);
  await checked(ctx.db, ctx, input, s);
  return counts(ctx.db, input, await chosen(ctx.db, input, s));
});

const LISTING = 'frontend_shop_products';
const LISTING_CATEGORY = 'shop_product_categories';

/**
 * `set`: one transaction. The chosen products' listings in the shop are locked in code
 * order; those not listed are added (last in the shop, in code order) with the published
 * flag and the categories; with `replace` those listed take the published flag and exactly
 * these categories (their price and position stay). Every change is change-logged under
 * frontend_shop_products and shop_product_categories (the product's change history shows it,
 * open grids hear of it); the published flags changed are `set` entries the shop products'
 * undo reverts (`log_ids`).
 */
export const applyShopList = implement(actionContracts.shop_list_set, async (ctx, input) => {
  const s = scopeOf(ctx);
  return ctx.db.transaction(async (tx) => {
    await checked(tx, ctx, input, s);
    const codes = await chosen(tx, input, s);
    const c = await counts(tx, input, codes);
    await actAs(tx, s.userId);
    const scope = { company: s.company, userId: s.userId };
    const listing = screens.get(LISTING)!;
    const category = screens.get(LISTING_CATEGORY)!;
    const locked = await tx.query<{ product_code: string; published: boolean }>(
      `select product_code, published from app.shop_products where shop_id = $1 and product_code = any($2::text[]) order by product_code for update`,
      [input.shop_id, codes],
    );
    const listed = new Set(locked.rows.map((r) => r.product_code));
    const fresh = codes.filter((code) => !listed.has(code));

    const added = await tx.query<{ row: Row }>(
      `insert into app.shop_products as t (shop_id, product_code, published, position)
       select $1, c.code, $3, (select coalesce(max(position), 0) from app.shop_products where shop_id = $1) + c.n
       from unnest($2::text[]) with ordinality c(code, n)
       returning jsonb_build_object('shop_id', t.shop_id, 'product_code', t.product_code, 'published', t.published, 'position', t.position, 'shop_price', t.shop_price) as row`,
      [input.shop_id, fresh, input.published],
    );
    await changeLog(
      tx,
      listing,
      'add',
      added.rows.map(({ row }) => ({ keys: [row.shop_id, row.product_code], before: null, after: row, row })),
      scope,
    );

    let logIds: number[] = [];
    const replaced = input.mode === 'replace' ? locked.rows.map((r) => r.product_code) : [];
    if (replaced.length) {
      const changed = await tx.query<{ product_code: string }>(
        `update app.shop_products set published = $3, row_version = row_version + 1
         where shop_id = $1 and product_code = any($2::text[]) and published <> $3
         returning product_code`,
        [input.shop_id, replaced, input.published],
      );
      logIds = await changeLog(
        tx,
        listing,
        'set',
        changed.rows.map(({ product_code }) => {
          const row = { shop_id: input.shop_id, product_code };
          return { keys: [input.shop_id, product_code], before: { published: !input.published }, after: { published: input.published }, row };
        }),
        scope,
      );
      const removed = await tx.query<{ row: Row }>(
        `delete from app.shop_product_categories t
         where shop_id = $1 and product_code = any($2::text[]) and product_category_id <> all($3::int[])
         returning jsonb_build_object('shop_id', t.shop_id, 'product_code', t.product_code, 'product_category_id', t.product_category_id) as row`,
        [input.shop_id, replaced, input.category_ids],
      );
      await changeLog(
        tx,
        category,
        'delete',
        removed.rows.map(({ row }) => ({ keys: [row.shop_id, row.product_code, row.product_category_id], before: row, after: null, row })),
        scope,
      );
    }

    const linked = await tx.query<{ row: Row }>(
      `insert into app.shop_product_categories as t (shop_id, product_code, product_category_id)
       select $1, c.code, k.id from unnest($2::text[]) c(code) cross join unnest($3::int[]) k(id)
       on conflict do nothing
       returning jsonb_build_object('shop_id', t.shop_id, 'product_code', t.product_code, 'product_category_id', t.product_category_id) as row`,
      [input.shop_id, [...fresh, ...replaced], input.category_ids],
    );
    await changeLog(
      tx,
      category,
      'add',
      linked.rows.map(({ row }) => ({ keys: [row.shop_id, row.product_code, row.product_category_id], before: null, after: row, row })),
      scope,
    );
    return { ...c, log_ids: logIds };
  });
});
