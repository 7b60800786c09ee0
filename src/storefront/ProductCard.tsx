import { MAX_LINE_QTY } from '../core/checkout.ts';
import type { ShopPrice } from '../core/shopPrice.ts';
import type { PageCtx } from './context.ts';
import { PresetImage } from './PresetImage.tsx';

export type StockState = 'in' | 'order' | 'out';

/** A product as cards and the product page show it: the price already through the price rule. */
export interface CardData {
  code: string;
  name: string;
  href: string;
  image: { src: string; srcSet: string; width: number; height: number };
  alt: string;
  price: ShopPrice;
  /** The same price in the visitor's display currency, when it differs from the shop's. */
  approx: ShopPrice | null;
  stock: StockState;
  brand: string | null;
}

export function PriceView({ ctx, price, approx }: { ctx: PageCtx; price: ShopPrice; approx: ShopPrice | null }) {
  return (
    <div>
      <span className="price" data-price={price.price} data-currency={price.currency}>
        {ctx.money(price.price, price.currency)}
        {price.original !== null ? (
          <>
            <s aria-label={ctx.t('storefront.original_price')} data-original={price.original}>
              {ctx.money(price.original, price.currency)}
            </s>
            <span className="badge">{ctx.t('storefront.discount', { percent: price.discount })}</span>
          </>
        ) : null}
      </span>{' '}
      <span className="approx">{ctx.t('storefront.price_incl_vat')}</span>
      {approx ? (
        <div className="approx" data-approx={approx.currency}>
          {ctx.t('storefront.approx', { amount: ctx.money(approx.price, approx.currency) })}
        </div>
      ) : null}
    </div>
  );
}

export function StockView({ ctx, stock }: { ctx: PageCtx; stock: StockState }) {
  const text = stock === 'in' ? 'storefront.in_stock' : stock === 'order' ? 'storefront.to_order' : 'storefront.out_of_stock';
  return <div className={`stock ${stock === 'out' ? 'out' : 'in'}`}>{ctx.t(text)}</div>;
}

/** The add-to-cart form (POST, works without script): only the code and a quantity are sent; the price is the server's. */
export function AddToCart({ ctx, p, withQty }: { ctx: PageCtx; p: CardData; withQty: boolean }) {
  if (p.stock === 'out') return null;
  return (
    <form className="add" method="post" action={ctx.href('/cart/add')}>
      <input type="hidden" name="code" value={p.code} />
      {withQty ? (
        <>
          <label htmlFor={`add-qty-${p.code}`}>{ctx.t('storefront.quantity')}</label>
          <input id={`add-qty-${p.code}`} name="qty" type="number" min={1} max={MAX_LINE_QTY} defaultValue={1} required />
        </>
      ) : null}
      <button type="submit" aria-label={withQty ? undefined : `${ctx.t('storefront.add_to_cart')}: ${p.name}`}>
        {ctx.t('storefront.add_to_cart')}
      </button>
    </form>
  );
}

/** A product card; the first cards of a page load their image eagerly (LCP), the rest lazily. */
function ProductCard({ ctx, p, eager }: { ctx: PageCtx; p: CardData; eager: boolean }) {
  return (
    <li className="card" data-product={p.code}>
      <a href={p.href}>
        <PresetImage image={p.image} sizes="(min-width:1200px) 25vw, (min-width:992px) 33vw, (min-width:576px) 50vw, 100vw" alt={p.alt} load={eager ? 'eager' : 'lazy'} />
        <span className="name">{p.name}</span>
      </a>
      <PriceView ctx={ctx} price={p.price} approx={p.approx} />
      <StockView ctx={ctx} stock={p.stock} />
      <AddToCart ctx={ctx} p={p} withQty={false} />
    </li>
  );
}

export function ProductGrid({ ctx, items, eagerCount = 4 }: { ctx: PageCtx; items: CardData[]; eagerCount?: number }) {
  return (
    <ul className="grid">
      {items.map((p, i) => (
        <ProductCard key={p.code} ctx={ctx} p={p} eager={i < eagerCount} />
      ))}
    </ul>
  );
}
