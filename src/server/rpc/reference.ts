import type { CategoryNode } from '../../../schemas/api.ts';
import type { Queryable } from '../db/types.ts';
import { badRequest } from '../http/errors.ts';
import type { Procedure } from './context.ts';

async function companyRates(db: Queryable, company: string | null): Promise<Record<string, number>> {
  const r = await db.query<{ currency_code: string; rate: number }>('select currency_code, rate from app.company_currency_rates where company_code = $1', [company]);
  return Object.fromEntries(r.rows.map((x) => [x.currency_code, x.rate]));
}

/** The active shops of a company (GET /shops, bootstrap). */
export async function shopsOf(db: Queryable, company: string | null) {
  const r = await db.query<{ shop_id: number; hostname: string; shop_name: string; company_code: string; currency_code: string; language_code: string }>(
    `select shop_id, hostname, shop_name, company_code, currency_code, language_code
     from app.shops where company_code = $1 and active order by shop_id`,
    [company],
  );
  return r.rows;
}

export const currencies: Procedure<'currencies'> = {
  async run({ db, session }, input) {
    const all = await db.query<{ currency_code: string; currency_name: Record<string, string>; currency_precision: number }>(
      'select currency_code, currency_name, currency_precision from app.currencies order by position, currency_code',
    );
    const own = await db.query<{ currency_code: string }>('select currency_code from app.companies where company_code = $1', [session.company]);
    const wanted = input.currency_code ?? own.rows[0]?.currency_code;
    const currency = all.rows.find((c) => c.currency_code === wanted) ?? null;
    if (input.currency_code && !currency) throw badRequest(`payload.currency_code: unknown currency "${input.currency_code}"`);
    return { data: { currency, currencies: all.rows, company_rates: await companyRates(db, session.company) } };
  },
};

/** Rates into the view currency: amount_in_view = amount × rates[from]. */
export const view_currency_rates: Procedure<'view_currency_rates'> = {
  async run({ db, session }, { currency_code }) {
    const rates = await companyRates(db, session.company);
    const view = rates[currency_code];
    if (!view) throw badRequest(`payload.currency_code: no rate for "${currency_code}" in company ${session.company}`);
    return {
      data: { currency_code, rates: Object.fromEntries(Object.entries(rates).map(([c, r]) => [c, r / view])) },
    };
  },
};

export const category_tree: Procedure<'category_tree'> = {
  async run({ db, session }, input) {
    const lang = input.language_code ?? session?.languageCode ?? 'en';
    const r = await db.query<{ product_category_id: number; parent_category_id: number | null; position: number; category_name: string }>(
      `select product_category_id, parent_category_id, position,
              coalesce(nullif(product_category_names ->> $1, ''), product_category_names ->> 'en', '') as category_name
       from app.product_categories where active order by position, product_category_id`,
      [lang],
    );
    const byId = new Map<number, CategoryNode>();
    for (const c of r.rows) {
      byId.set(c.product_category_id, { product_category_id: c.product_category_id, category_name: c.category_name, position: c.position, children: [] });
    }
    const roots: CategoryNode[] = [];
    for (const c of r.rows) {
      const node = byId.get(c.product_category_id)!;
      const parent = c.parent_category_id === null ? undefined : byId.get(c.parent_category_id);
      if (parent) parent.children.push(node);
      else if (c.parent_category_id === null) roots.push(node); // children of inactive parents stay hidden
    }
    return roots;
  },
};
