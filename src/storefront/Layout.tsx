import type { ReactNode } from 'react';
import type { CategoryRow, PageLink } from './data.ts';
import type { Head, PageCtx } from './context.ts';
import { ChatPanel } from './ChatPanel.tsx';
import { NewsletterForm } from './NewsletterPage.tsx';
import { STYLES } from './styles.ts';

/** JSON-LD inside <script>: '<' escaped so no text of the data can close the element. */
const ldJson = (data: object) => JSON.stringify(data).replace(/</g, '\\u003c');

/** The page around every storefront page: head (SEO per spec §9), header with search, language and delivery country, categories, footer. */
export function Layout({
  ctx,
  head,
  nonce,
  categories,
  pages,
  islands,
  children,
}: {
  ctx: PageCtx;
  head: Head;
  nonce: string;
  categories: CategoryRow[];
  pages: PageLink[];
  islands: string | null;
  children: ReactNode;
}) {
  const { t } = ctx;
  return (
    <html lang={ctx.lang.code}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{head.title}</title>
        {head.description ? <meta name="description" content={head.description} /> : null}
        {head.noindex ? <meta name="robots" content="noindex" /> : null}
        <link rel="canonical" href={head.canonical} />
        {ctx.alternates.map((a) => (
          <link key={a.lang.code} rel="alternate" hrefLang={a.lang.code} href={a.absolute} />
        ))}
        {ctx.alternates
          .filter((a) => a.lang.isDefault)
          .map((a) => (
            <link key="x-default" rel="alternate" hrefLang="x-default" href={a.absolute} />
          ))}
        <meta property="og:type" content={head.jsonLd ? 'product' : 'website'} />
        <meta property="og:title" content={head.title} />
        {head.description ? <meta property="og:description" content={head.description} /> : null}
        <meta property="og:url" content={head.canonical} />
        <meta property="og:image" content={head.ogImage} />
        <meta property="og:site_name" content={ctx.shop.name} />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <style nonce={nonce} dangerouslySetInnerHTML={{ __html: STYLES }} />
        {head.jsonLd ? <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: ldJson(head.jsonLd) }} /> : null}
        {islands ? <script type="module" src={islands} async /> : null}
      </head>
      <body>
        <a className="skip" href="#main">
          {t('storefront.skip')}
        </a>
        <header className="top">
          <div className="wrap">
            <a className="brand" href={ctx.href('/')}>
              {ctx.shop.name}
            </a>
            <form className="search" role="search" action={ctx.href('/search')} method="get">
              <label className="visually-hidden" htmlFor="q">
                {t('storefront.search')}
              </label>
              <input id="q" name="q" type="search" placeholder={t('storefront.search_placeholder')} />
              <button type="submit">{t('storefront.search')}</button>
            </form>
            <form className="country" action={ctx.href('/country')} method="get">
              <label htmlFor="country">{t('storefront.deliver_to')}</label>
              <select id="country" name="c" defaultValue={ctx.country.code}>
                {ctx.country.choices.map((c) => (
                  <option key={c.code} value={c.code}>
                    {c.name}
                  </option>
                ))}
              </select>
              <input type="hidden" name="back" value={ctx.path} />
              <button type="submit">{t('storefront.country_change')}</button>
            </form>
            <a className="cart-button" href={ctx.href('/cart')} data-cart-count={ctx.cartCount} data-close={t('storefront.close')}>
              {t('storefront.cart_button', { count: ctx.cartCount })}
            </a>
            {ctx.chat ? (
              <button type="button" className="chat-open" data-island="chat-open" aria-controls="chat" aria-expanded="false" hidden>
                {t('storefront.chat_open')}
              </button>
            ) : null}
            {ctx.alternates.length > 1 ? (
              <nav className="langs" aria-label={t('storefront.language')}>
                {ctx.alternates.map((a) => (
                  <a key={a.lang.code} href={a.href} hrefLang={a.lang.code} lang={a.lang.code} aria-current={a.lang.code === ctx.lang.code ? 'true' : undefined}>
                    {a.lang.code.toUpperCase()}
                  </a>
                ))}
              </nav>
            ) : null}
          </div>
        </header>
        <nav className="cats" aria-label={t('storefront.categories')}>
          <ul>
            {categories.map((c) => (
              <li key={c.id}>
                <a href={ctx.href(`/c/${c.slug}`)}>{c.name}</a>
              </li>
            ))}
          </ul>
        </nav>
        <main id="main" className="wrap">
          {children}
        </main>
        {ctx.chat ? <ChatPanel ctx={ctx} /> : null}
        <footer>
          <div className="wrap">
            <ul aria-label={t('storefront.pages')}>
              {pages.map((p) => (
                <li key={`${p.kind}/${p.code}`}>
                  <a href={ctx.href(`/${p.kind === 'quill' ? 'page' : 'info'}/${p.code}`)}>{p.title}</a>
                </li>
              ))}
              <li>
                <a href={ctx.href('/stores')}>{t('storefront.stores')}</a>
              </li>
            </ul>
            <p>
              {t('storefront.deliver_to')}: <span data-country={ctx.country.code}>{ctx.country.name}</span>
            </p>
            <section aria-labelledby="nl-title">
              <h2 id="nl-title">{t('storefront.newsletter')}</h2>
              <NewsletterForm ctx={ctx} id="nl" />
            </section>
          </div>
        </footer>
      </body>
    </html>
  );
}
