import type { BlockRow, StoreRow } from './data.ts';
import type { PageCtx } from './context.ts';

/** A same-shop link ('/garden') in the page's language; outside links stay as they are. */
const blockHref = (ctx: PageCtx, url: string) => (url.startsWith('/') && !url.startsWith('//') ? ctx.href(url) : url);

/** Column blocks ("2frontendPages"): 12-column widths; texts are sanitized HTML (sanitizeHtml before render). */
export function Blocks({ ctx, blocks }: { ctx: PageCtx; blocks: BlockRow[] }) {
  return (
    <div className="blocks">
      {blocks.map((b) => (
        <section key={b.col_def_id} className={`w${b.col_width} ${b.css_class}`.trim()}>
          {b.title ? <h2>{b.title}</h2> : null}
          {b.block_type === 'image' ? (
            b.link_url ? (
              <a href={blockHref(ctx, b.link_url)} aria-label={b.title ? undefined : b.link_url}>
                <img src={b.media_url} alt={b.title} width={800} height={533} loading="lazy" />
              </a>
            ) : (
              <img src={b.media_url} alt={b.title} width={800} height={533} loading="lazy" />
            )
          ) : b.block_type === 'video' ? (
            <a href={b.media_url}>{b.title || b.media_url}</a>
          ) : (
            <div dangerouslySetInnerHTML={{ __html: b.body }} />
          )}
        </section>
      ))}
    </div>
  );
}

/** A Quill page (sanitized HTML) or a block page. */
export function FrontendPage({ ctx, title, html, blocks }: { ctx: PageCtx; title: string; html: string; blocks: BlockRow[] | null }) {
  return (
    <article>
      <h1>{title}</h1>
      {blocks ? <Blocks ctx={ctx} blocks={blocks} /> : <div dangerouslySetInnerHTML={{ __html: html }} />}
    </article>
  );
}

export function StoresPage({ ctx, stores }: { ctx: PageCtx; stores: StoreRow[] }) {
  return (
    <>
      <h1>{ctx.t('storefront.stores')}</h1>
      <ul className="stores">
        {stores.map((s) => (
          <li key={s.store_location_id}>
            <h2>{s.store_name}</h2>
            <address>
              {s.address_line_1}
              <br />
              {s.zip_code} {s.city}
              {s.country ? `, ${s.country}` : ''}
            </address>
            {s.phone ? (
              <p>
                {ctx.t('storefront.phone')}: <a href={`tel:${s.phone.replace(/[^+\d]/g, '')}`}>{s.phone}</a>
              </p>
            ) : null}
            {s.opening_hours ? (
              <p>
                {ctx.t('storefront.opening_hours')}: {s.opening_hours}
              </p>
            ) : null}
            {s.latitude !== null && s.longitude !== null ? (
              <p>
                <a href={`https://www.openstreetmap.org/?mlat=${s.latitude}&mlon=${s.longitude}#map=16/${s.latitude}/${s.longitude}`} rel="noopener">
                  {ctx.t('storefront.map')}
                </a>
              </p>
            ) : null}
          </li>
        ))}
      </ul>
    </>
  );
}

export function NotFoundPage({ ctx }: { ctx: PageCtx }) {
  return (
    <>
      <h1>{ctx.t('storefront.not_found_title')}</h1>
      <p>{ctx.t('storefront.not_found_text')}</p>
      <p>
        <a href={ctx.href('/')}>{ctx.t('storefront.back_home')}</a>
      </p>
    </>
  );
}

/** A form post refused before it was read: from another site (403) or too large (413). Nothing was changed. */
export function FormRefusedPage({ ctx, why }: { ctx: PageCtx; why: 'origin' | 'too_large' }) {
  return (
    <>
      <h1>{ctx.t('storefront.form_refused_title')}</h1>
      <p>{ctx.t(why === 'origin' ? 'storefront.form_refused_origin' : 'storefront.form_refused_too_large')}</p>
      <p>
        <a href={ctx.href('/')}>{ctx.t('storefront.back_home')}</a>
      </p>
    </>
  );
}
