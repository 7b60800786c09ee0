import type { Context } from 'hono';
import type { ReactNode } from 'react';
import { renderToReadableStream } from 'react-dom/server';
import type { Head, PageCtx } from '../../storefront/context.ts';
import { Layout } from '../../storefront/Layout.tsx';
import type { CategoryRow, PageLink } from './queries.ts';
import { newNonce } from '../http/csp.ts';
import { intlOf } from '../mail/render.ts';

/**
 * Storefront pages' Content-Security-Policy: no inline script (the islands script is a
 * file of this origin; JSON-LD is data, not run), the inline stylesheet by nonce, images
 * from this origin and any https host (the CDN, banners).
 */
const storefrontCsp = (nonce: string) =>
  `default-src 'self'; script-src 'self'; style-src 'self' 'nonce-${nonce}'; img-src 'self' https: data:; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'self'`;

/** A page streamed as React renders it (renderToReadableStream): the head goes out before the body's last query result is written. */
export async function renderPage(
  c: Context,
  o: { ctx: PageCtx; head: Head; categories: CategoryRow[]; pages: PageLink[]; islands: string | null; body: ReactNode; status: 200 | 400 | 403 | 404 | 409 | 413 | 422 },
): Promise<Response> {
  const nonce = newNonce();
  const stream = await renderToReadableStream(
    <Layout ctx={o.ctx} head={o.head} nonce={nonce} categories={o.categories} pages={o.pages} islands={o.islands}>
      {o.body}
    </Layout>,
    { onError: (e) => console.error('storefront render:', e) },
  );
  c.header('Content-Type', 'text/html; charset=utf-8');
  c.header('Content-Security-Policy', storefrontCsp(nonce));
  // Pages carry the visitor's country and prices of the moment: not stored by shared caches.
  c.header('Cache-Control', 'private, no-cache');
  c.header('Vary', 'Cookie');
  // 'no-referrer' (the back office's) makes the browser send `Origin: null` on the page's form
  // POSTs, which the cart's CSRF check refuses; same-origin keeps other sites told nothing.
  c.header('Referrer-Policy', 'same-origin');
  return c.body(stream, o.status);
}

/** The neutral 404 of a host or path no (active) shop answers: no shop's name, no back office. */
export function neutralNotFound(c: Context): Response {
  const t = (id: string) => intlOf('en').formatMessage({ id });
  c.header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'");
  c.header('Cache-Control', 'no-store');
  return c.html(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${t('storefront.not_found_title')}</title></head><body style="font-family:system-ui,sans-serif;margin:4rem auto;max-width:32rem;text-align:center"><h1>${t('storefront.not_found_title')}</h1><p>${t('storefront.not_found_text')}</p></body></html>`,
    404,
  );
}
