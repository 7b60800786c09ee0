/**
 * The home page's set-up checklist (issue 46 point 5): the facts of the session's company that
 * a first storefront order needs, each item only for a user who may list one of its pages
 * (src/core/setupChecklist.ts). Read-only; a handful of small queries.
 */
import { actionContracts, type ActionAnswer } from '../../../schemas/api.ts';
import { COMPANY_SETTINGS, SETUP_ITEMS, type SetupKey } from '../../core/setupChecklist.ts';
import type { Queryable } from '../db/types.ts';
import { holdsPagePermission } from './engine/permissions.ts';
import { implement } from './implement.ts';

type Answer = ActionAnswer<typeof actionContracts.setup_checklist>;
type Facts = Record<SetupKey, string[] | false>;

/** What is missing per item: a list of codes (empty: nothing to name) or false when done. */
async function facts(db: Queryable, company: string): Promise<Facts> {
  const one = async (sql: string, params: unknown[] = [company]) => (await db.query<{ ok: boolean }>(sql, params)).rows[0]?.ok === true;
  const row = (await db.query<{ c: Record<string, unknown> }>('select to_jsonb(c) as c from app.companies c where company_code = $1', [company])).rows[0]?.c ?? {};
  const settings = COMPANY_SETTINGS.filter((k) => row[k] === null || row[k] === undefined || String(row[k]).trim() === '');
  // Rates: every currency the company's shops sell in, besides its own, with a rate in effect (of today or an earlier day).
  const rates = await db.query<{ currency_code: string }>(
    `select distinct s.currency_code from app.shops s join app.companies c on c.company_code = s.company_code
     where s.company_code = $1 and s.active and s.currency_code <> c.currency_code
       and not exists (select 1 from app.currency_rate_days r
                       where r.company_code = s.company_code and r.currency_code = s.currency_code and r.rate_date <= current_date)
     order by 1`,
    [company],
  );
  const [vats, shop, delivery, payment, category, product] = await Promise.all([
    one('select exists (select 1 from app.vats where company_code = $1) as ok'),
    one('select exists (select 1 from app.shops where company_code = $1 and active) as ok'),
    one(`select exists (select 1 from app.delivery_methods m join app.delivery_method_rates r on r.dm_id = m.dm_id and r.active
                        where m.company_code = $1 and m.active) as ok`),
    one(`select exists (select 1 from app.payment_methods m join app.payment_method_shops x on x.pm_id = m.pm_id
                        join app.shops s on s.shop_id = x.shop_id and s.active where m.company_code = $1 and m.active) as ok`),
    one('select exists (select 1 from app.product_categories where active) as ok', []),
    one('select exists (select 1 from app.v_published_products where company_code = $1) as ok'),
  ]);
  const missing = (done: boolean) => (done ? false : []);
  return {
    company: settings.length ? settings : false,
    rates: rates.rows.length ? rates.rows.map((r) => r.currency_code) : false,
    vats: missing(vats),
    shop: missing(shop),
    delivery: missing(delivery),
    payment: missing(payment),
    category: missing(category),
    product: missing(product),
  };
}

export const setupChecklist = implement(actionContracts.setup_checklist, async ({ db, session }): Promise<Answer> => {
  const pages = SETUP_ITEMS.flatMap((i) => i.pages);
  const existing = new Set((await db.query<{ url: string }>('select url from app.backend_pages where url = any($1)', [pages])).rows.map((r) => r.url));
  const may = new Set<string>();
  for (const p of existing) if (await holdsPagePermission(db, session, p, 'list')) may.add(p);
  // An item for a user who may list one of its pages; one whose pages are gone from this database (an administrator removed them), unlinked, for whoever may list any item's page.
  const shown = SETUP_ITEMS.flatMap((i): { key: SetupKey; page: string | null }[] => {
    const page = i.pages.find((p: string) => may.has(p));
    if (page) return [{ key: i.key, page }];
    return may.size > 0 && !i.pages.some((p) => existing.has(p)) ? [{ key: i.key, page: null }] : [];
  });
  if (!session.company) {
    // No company to set up yet: only that, for whoever may do it.
    const company = shown.find((i) => i.key === 'company');
    return { items: company ? [{ ...company, done: false, missing: ['company'] }] : [] };
  }
  const f = await facts(db, session.company);
  return { items: shown.map((i) => ({ ...i, done: f[i.key] === false, missing: f[i.key] || [] })) };
});
