import { MAX_PURCHASE_PRICE, actionContracts, type ActionInput } from '../../../schemas/api.ts';
import type { Queryable } from '../db/types.ts';
import { badRequest, forbidden, refused } from '../http/errors.ts';
import type { UserCtx } from '../rpc/context.ts';
import { implement } from './implement.ts';
import { whereConditions } from './engine/list.ts';
import { screens } from './engine/screens.ts';
import { Params } from './engine/sql.ts';

/** The purchase prices screen: its rows, company scope, filters and change-log entity. */
const FORM = 'frontend_purchase_prices';
/** The screen's bound of a price. */
const MAX_PRICE = MAX_PURCHASE_PRICE;

type Input = ActionInput<typeof actionContracts.purchase_price_update_set>;

/** What the schema cannot say: keys or a filter, the bounds of a percentage or an amount. */
function checked(input: Input): Input {
  if (input.keys && (input.filterModel || input.except)) throw badRequest('payload.keys: give the picked keys or a filterModel (with except), not both');
  if (input.mode === 'percent' && (input.value <= -100 || input.value > 1000))
    throw refused('percent_out_of_range', 'payload.value: a percentage must be above -100 and at most 1000', { field: 'payload.value', min: -100, max: 1000 });
  if (input.mode === 'amount') {
    // The original price is in each product's supplier currency: one amount cannot fit them all.
    if (input.fields.includes('purchase_price_original')) throw badRequest('payload.fields: an amount changes the base price only (the original is in the supplier currency)');
    if (Math.abs(input.value) > MAX_PRICE) throw refused('amount_out_of_range', `payload.value: at most ${MAX_PRICE} either way`, { field: 'payload.value', max: MAX_PRICE });
  }
  return input;
}

/**
 * One statement's CTEs: `sel` the chosen products of the company (locked when `lock`),
 * `calc` their prices before (b0, o0) and after (b1, o1). Values are parameters; the
 * filter SQL comes from the screen's own WHERE builder (identifiers of the descriptor).
 */
function selection(input: Input, company: string, language: string, lock: boolean) {
  const screen = screens.get(FORM)!;
  const p = new Params();
  const lang: { ref?: string } = {};
  const where = whereConditions(screen, { filterModel: input.filterModel }, { company, language: input.language ?? language }, p, lang);
  if (input.keys) where.push(`product_code = any(${p.add(input.keys, 'text[]')})`);
  if (input.except?.length) where.push(`product_code <> all(${p.add(input.except, 'text[]')})`);
  const pc = p.add(company, 'text');
  const base = p.add(input.fields.includes('purchase_price_base'), 'boolean');
  const orig = p.add(input.fields.includes('purchase_price_original'), 'boolean');
  const value = p.add(input.value, 'numeric');
  const decimals = p.add(input.decimals, 'int');
  const change = (col: string) => (input.mode === 'percent' ? `round(${col} * (1 + ${value} / 100), ${decimals})` : `round(${col} + ${value}, ${decimals})`);
  const sql = `
    sel as (
      select p.product_code, p.purchase_price_base as b0, p.purchase_price_original as o0
      from app.products p
      where p.company_code = ${pc} and p.product_code in (select product_code from app.v_purchase_prices where ${where.join(' and ') || 'true'})
      order by p.product_code${lock ? ' for update of p' : ''}
    ),
    calc as (
      select product_code, b0, o0,
             case when ${base} then ${change('b0')} else b0 end as b1,
             case when ${orig} then ${change('o0')} else o0 end as o1
      from sel
    )`;
  return { sql, p, pc };
}

/** Counts of a selection: rows, rows whose prices change (the others have no price to change), new prices out of bounds. */
async function counts(db: Queryable, input: Input, company: string, language: string, lock: boolean) {
  const s = selection(input, company, language, lock);
  const max = s.p.add(MAX_PRICE, 'numeric');
  const r = await db.query<{ rows: number; changes: number; invalid: number }>(
    `with ${s.sql}
     select count(*)::int as rows,
            count(*) filter (where b1 is distinct from b0 or o1 is distinct from o0)::int as changes,
            count(*) filter (where b1 < 0 or o1 < 0 or b1 > ${max} or o1 > ${max})::int as invalid
     from calc`,
    s.p.values,
  );
  return r.rows[0]!;
}

function scope(ctx: UserCtx): { company: string; userId: number; language: string } {
  const company = ctx.session.company;
  if (!company) throw forbidden('forbidden: this form needs a company');
  return { company, userId: ctx.session.userId, language: ctx.session.languageCode };
}

/** `filter`: what an update would do, changing nothing (the dialog's preview). */
export const previewPurchasePriceUpdate = implement(actionContracts.purchase_price_update_filter, async (ctx, payload) => {
  const input = checked(payload);
  const { company, language } = scope(ctx);
  return counts(ctx.db, input, company, language, false);
});

/**
 * `set`: the bulk purchase price update — every chosen product of the company in one
 * transaction, rows locked in key order, each changed row's version bumped and one
 * frontend_purchase_prices change-log row per product (before/after of the changed
 * prices, so the grid's undo can revert it). All or nothing: a new price below 0 or
 * above the screen's bound refuses the whole update.
 */
export const applyPurchasePriceUpdate = implement(actionContracts.purchase_price_update_set, async (ctx, payload) => {
  const input = checked(payload);
  const { company, userId, language } = scope(ctx);
  return ctx.db.transaction(async (tx) => {
    const c = await counts(tx, input, company, language, true);
    if (c.invalid > 0)
      throw refused('prices_out_of_range', `payload.value: ${c.invalid} new price(s) would fall below 0 or above ${MAX_PRICE}; nothing was changed`, {
        field: 'payload.value',
        count: c.invalid,
        max: MAX_PRICE,
      });
    const s = selection(input, company, language, false); // rows are locked by the count above
    const user = s.p.add(userId, 'int');
    const entity = s.p.add(FORM, 'text');
    const r = await tx.query<{ updated: number; logged: number }>(
      `with ${s.sql},
         changed as (
           select product_code, b0, o0, b1, o1, b1 is distinct from b0 as cb, o1 is distinct from o0 as co
           from calc where b1 is distinct from b0 or o1 is distinct from o0
         ),
         upd as (
           update app.products p set purchase_price_base = c.b1, purchase_price_original = c.o1, row_version = p.row_version + 1
           from changed c where p.product_code = c.product_code and p.company_code = ${s.pc}
           returning p.product_code
         ),
         logged as (
           insert into app.product_change_log (entity_name, entity_id, entity_key, log_action, actor_user_id, company_code, before, after, product_code)
           select ${entity}, c.product_code, jsonb_build_array(c.product_code), 'set', ${user}, ${s.pc},
                  jsonb_strip_nulls(jsonb_build_object('purchase_price_base', case when c.cb then c.b0 end, 'purchase_price_original', case when c.co then c.o0 end)),
                  jsonb_strip_nulls(jsonb_build_object('purchase_price_base', case when c.cb then c.b1 end, 'purchase_price_original', case when c.co then c.o1 end)),
                  c.product_code
           from changed c join upd u on u.product_code = c.product_code
           order by c.product_code
           returning log_id
         )
         select (select count(*) from upd)::int as updated, (select count(*) from logged)::int as logged`,
      s.p.values,
    );
    return { rows: c.rows, updated: r.rows[0]!.updated };
  });
});
