/**
 * "Reprice…" on the margins screen (issue 48): new selling prices by THE price rule
 * (src/core/prices.ts sellingPrice: purchase price, margin, VAT, the shopper group's
 * multiplier, nice rounding) for the picked products or every product of the screen's filter.
 * The preview lists each change (old → new) and counts those under their minimum margin; the
 * apply writes them in one transaction, each change-logged under frontend_product_margins, so
 * the grid's Ctrl+Z (that form's undo) puts the old prices back. Prices under the minimum
 * margin need the request's confirmation (409 confirm_required without it; the database's rule,
 * migration 121, is the backstop).
 */
import { MAX_REPRICE_ROWS, REPRICE_PREVIEW_ROWS, actionContracts, type ActionInput } from '../../../schemas/api.ts';
import { sellingPrice } from '../../core/prices.ts';
import { M } from '../../core/validation/messages.ts';
import type { Queryable } from '../db/types.ts';
import { badRequest, forbidden, refused } from '../http/errors.ts';
import type { UserCtx } from '../rpc/context.ts';
import { implement } from './implement.ts';
import { whereConditions } from './engine/list.ts';
import { actAs, changeLog } from './engine/rows.ts';
import { screens } from './engine/screens.ts';
import { Params } from './engine/sql.ts';

/** The margins screen: its filter chooses the products, its undo reverts the new prices. */
const FORM = 'frontend_product_margins';

type Input = ActionInput<typeof actionContracts.reprice_set>;

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

interface Product {
  product_code: string;
  product_name: string;
  purchase: number | null;
  selling: number | null;
  min_margin: number | null;
  exp_margin: number | null;
  vat_rate: number;
}

/** One product's new price by the rule (`price` null: no purchase price or no margin to price it by). */
interface Priced extends Product {
  price: ReturnType<typeof sellingPrice>;
}

/** The multiplier of the chosen shopper group of the company (absent: its default group; none: 1). */
async function multiplierOf(db: Queryable, input: Input, s: Scope): Promise<number> {
  if (input.shopper_group_id === undefined) {
    const r = await db.query<{ m: number }>(`select multiplier::float8 as m from app.shopper_groups where company_code = $1 and is_default and shopper_group_enabled limit 1`, [s.company]);
    return r.rows[0]?.m ?? 1;
  }
  const r = await db.query<{ m: number }>(`select multiplier::float8 as m from app.shopper_groups where company_code = $1 and shopper_group_id = $2`, [s.company, input.shopper_group_id]);
  if (!r.rows.length)
    throw refused('foreign_reference', `payload.shopper_group_id: no shopper group ${input.shopper_group_id} in this company`, {
      field: 'payload.shopper_group_id',
      label: 'fields.shopper_group_id',
      value: String(input.shopper_group_id),
    });
  return r.rows[0]!.m;
}

/** The chosen products of the company in code order (locked for the apply), at most MAX_REPRICE_ROWS. */
async function chosen(db: Queryable, input: Input, s: Scope, lock: boolean): Promise<Product[]> {
  if (input.keys && (input.filterModel || input.except)) throw badRequest('payload.keys: give the picked keys or a filterModel (with except), not both');
  const screen = screens.get(FORM)!;
  const p = new Params();
  const language = input.language ?? s.language;
  const where = whereConditions(screen, { filterModel: input.filterModel }, { company: s.company, language }, p, {});
  if (input.keys) where.push(`product_code = any(${p.add(input.keys, 'text[]')})`);
  if (input.except?.length) where.push(`product_code <> all(${p.add(input.except, 'text[]')})`);
  const lang = p.add(language, 'text');
  const r = await db.query<Product>(
    `select p.product_code, coalesce(nullif(p.product_name ->> ${lang}, ''), p.product_name ->> 'en', p.product_code) as product_name,
            p.purchase_price_base::float8 as purchase, p.selling_price_shop::float8 as selling, p.min_margin::float8 as min_margin,
            p.exp_margin::float8 as exp_margin, coalesce(v.vat_rate, 0)::float8 as vat_rate
     from app.products p left join app.vats v on v.vat_id = p.vat_id
     where p.company_code = ${p.add(s.company, 'text')} and p.product_code in (select product_code from ${screen.source.relation} where ${where.join(' and ') || 'true'})
     order by p.product_code
     limit ${MAX_REPRICE_ROWS + 1}${lock ? ' for update of p' : ''}`,
    p.values,
  );
  if (r.rows.length > MAX_REPRICE_ROWS) throw refused('too_many_rows', `payload: more than ${MAX_REPRICE_ROWS} products; pick fewer or narrow the filter`, { limit: MAX_REPRICE_ROWS });
  return r.rows;
}

/** Each product priced by the rule; `changed` those whose stored price moves. */
function priced(products: Product[], input: Input, multiplier: number): { all: Priced[]; changed: Priced[] } {
  const all = products.map((x) => {
    const margin = input.margin ?? x.exp_margin;
    const price = x.purchase !== null && margin !== null ? sellingPrice({ purchase: x.purchase, margin, minMargin: x.min_margin, vatRate: x.vat_rate, multiplier, nice: input.nice }) : null;
    return { ...x, price };
  });
  const units = (n: number | null) => (n === null ? null : Math.round(n * 10_000));
  return { all, changed: all.filter((x) => x.price && units(x.price.net) !== units(x.selling)) };
}

async function reprice(db: Queryable, input: Input, s: Scope, lock: boolean) {
  const multiplier = await multiplierOf(db, input, s);
  const products = await chosen(db, input, s, lock);
  const { all, changed } = priced(products, input, multiplier);
  const currency = (await db.query<{ c: string }>(`select currency_code as c from app.companies where company_code = $1`, [s.company])).rows[0]?.c ?? '';
  return { products, all, changed, currency };
}

const rowOf = (x: Priced) => ({
  product_code: x.product_code,
  product_name: x.product_name,
  old_price: x.selling,
  new_price: x.price!.net,
  margin: Math.round(x.price!.margin * 100) / 100,
  min_margin: x.min_margin,
  below_min: x.price!.belowMin,
});

/** `filter`: the new prices, writing nothing (the dialog's preview). */
export const previewReprice = implement(actionContracts.reprice_filter, async (ctx, input) => {
  const s = scopeOf(ctx);
  const r = await reprice(ctx.db, input, s, false);
  return {
    rows: r.products.length,
    changes: r.changed.length,
    below: r.changed.filter((x) => x.price!.belowMin).length,
    skipped: r.all.filter((x) => !x.price).length,
    currency: r.currency,
    shown: r.changed.slice(0, REPRICE_PREVIEW_ROWS).map(rowOf),
  };
});

/**
 * `set`: one transaction — the products locked in code order, priced again as they are now,
 * the changed prices written (row version bumped) and change-logged as frontend_product_margins
 * `set` entries (before/after selling_price_shop), whose ids the grid puts on its undo stack.
 * A new price under its minimum margin without the confirmation refuses the whole apply.
 */
export const applyReprice = implement(actionContracts.reprice_set, async (ctx, input) => {
  const s = scopeOf(ctx);
  const confirmed = ctx.confirm?.includes('below_min_margin') ?? false;
  return ctx.db.transaction(async (tx) => {
    const r = await reprice(tx, input, s, true);
    const below = r.changed.filter((x) => x.price!.belowMin);
    if (below.length && !confirmed) {
      const first = rowOf(below[0]!);
      throw refused(
        'confirm_required',
        `payload: ${below.length} new price(s) under their minimum margin (${first.product_code}: ${first.margin} % < ${first.min_margin} %); send confirm: ["below_min_margin"] to save them`,
        { field: 'payload.margin', label: 'fields.margin_percent', reason: M.below_min_margin, margin: first.margin, min_margin: first.min_margin ?? 0 },
        409,
      );
    }
    await actAs(tx, s.userId, ctx.confirm);
    const codes = r.changed.map((x) => x.product_code);
    if (codes.length) {
      await tx.query(
        `update app.products p set selling_price_shop = u.price, row_version = p.row_version + 1
         from unnest($1::text[], $2::numeric[]) u(code, price)
         where p.product_code = u.code and p.company_code = $3`,
        [codes, r.changed.map((x) => x.price!.net.toFixed(4)), s.company],
      );
    }
    const logIds = await changeLog(
      tx,
      screens.get(FORM)!,
      'set',
      r.changed.map((x) => ({
        keys: [x.product_code],
        before: { selling_price_shop: x.selling },
        after: { selling_price_shop: x.price!.net },
        row: { product_code: x.product_code },
      })),
      { company: s.company, userId: s.userId },
    );
    return { rows: r.products.length, updated: codes.length, log_ids: logIds };
  });
});
