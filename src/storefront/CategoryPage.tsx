import type { PageCtx } from './context.ts';
import { ProductGrid, type CardData } from './ProductCard.tsx';

/** The listing's sort orders (the default first). */
export const SORTS = ['position', 'price_asc', 'price_desc', 'name', 'newest'] as const;
export type Sort = (typeof SORTS)[number];

export interface ListingQuery {
  sort: Sort;
  brands: number[];
  min: number | null;
  max: number | null;
  page: number;
}

/**
 * A category listing: the filters and sort are one GET form (works without script), the
 * pages are links keeping the query.
 */
export function CategoryPage(props: {
  ctx: PageCtx;
  name: string;
  path: string;
  items: CardData[];
  total: number;
  pages: number;
  query: ListingQuery;
  brands: { id: number; name: string }[];
  pageHref: (page: number) => string;
}) {
  const { ctx, query: q } = props;
  const t = ctx.t;
  return (
    <>
      <nav className="crumbs" aria-label={t('chrome.breadcrumbs')}>
        <a href={ctx.href('/')}>{t('storefront.home')}</a> › <span>{props.name}</span>
      </nav>
      <h1>{props.name}</h1>
      <div className="listing">
        <form className="filters" method="get" action={ctx.href(props.path)}>
          <label>
            {t('storefront.sort')}
            <select name="sort" defaultValue={q.sort}>
              {SORTS.map((s) => (
                <option key={s} value={s}>
                  {t(`storefront.sort_${s}`)}
                </option>
              ))}
            </select>
          </label>
          {props.brands.length ? (
            <fieldset>
              <legend>{t('storefront.brand')}</legend>
              {props.brands.map((b) => (
                <label key={b.id}>
                  <input type="checkbox" name="brand" value={b.id} defaultChecked={q.brands.includes(b.id)} /> {b.name}
                </label>
              ))}
            </fieldset>
          ) : null}
          <fieldset>
            <legend>{t('storefront.price', { currency: ctx.shop.currency })}</legend>
            <label>
              {t('storefront.price_from')}
              <input type="number" name="min" min={0} step="any" defaultValue={q.min ?? undefined} />
            </label>
            <label>
              {t('storefront.price_to')}
              <input type="number" name="max" min={0} step="any" defaultValue={q.max ?? undefined} />
            </label>
          </fieldset>
          <button type="submit">{t('storefront.apply')}</button>
        </form>
        <div>
          <p data-total={props.total}>{t('storefront.products_count', { count: props.total })}</p>
          {props.items.length ? <ProductGrid ctx={ctx} items={props.items} /> : <p>{t('storefront.no_products')}</p>}
          {props.pages > 1 ? (
            <nav className="pager" aria-label={t('storefront.pagination')}>
              {Array.from({ length: props.pages }, (_, i) => i + 1).map((n) =>
                n === q.page ? (
                  <span key={n} aria-current="page">
                    {n}
                  </span>
                ) : (
                  <a key={n} href={props.pageHref(n)} aria-label={t('storefront.page_n', { page: n })}>
                    {n}
                  </a>
                ),
              )}
            </nav>
          ) : null}
        </div>
      </div>
    </>
  );
}
