import type { Context } from 'hono';
import type { Queryable } from '../db/types.ts';
import { sitemapCategories, sitemapRows, type Shop } from './queries.ts';
import { absoluteUrl, hostOf } from './site.ts';

const xml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** robots.txt of a shop's host: everything but search results, and where its sitemap is. */
export function robotsTxt(c: Context, shop: Shop, host: string): Response {
  c.header('Cache-Control', 'public, max-age=3600');
  return c.text(`User-agent: *\nDisallow: /search\nDisallow: /*/search\nDisallow: /country\n\nSitemap: https://${host}/sitemap.xml\n`);
}

/**
 * sitemap.xml of a shop's host: home, categories, products and pages in each language served
 * on this host, each with its hreflang alternates in every language of the shop (spec §9).
 */
export async function sitemapXml(c: Context, db: Queryable, shop: Shop, host: string): Promise<Response> {
  const [rows, cats] = await Promise.all([sitemapRows(db, shop.id), sitemapCategories(db, shop.id)]);
  const here = shop.languages.filter((l) => hostOf(shop, l) === host);
  const out: string[] = ['<?xml version="1.0" encoding="UTF-8"?>', '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">'];
  const add = (pathOf: (lang: string) => string | null, lastmod: string | null) => {
    for (const l of here) {
      const p = pathOf(l.code);
      if (p === null) continue;
      out.push(`<url><loc>${xml(absoluteUrl(shop, l, p))}</loc>${lastmod ? `<lastmod>${lastmod.slice(0, 10)}</lastmod>` : ''}`);
      for (const a of shop.languages) {
        const ap = pathOf(a.code);
        if (ap !== null) out.push(`<xhtml:link rel="alternate" hreflang="${a.code}" href="${xml(absoluteUrl(shop, a, ap))}"/>`);
      }
      out.push('</url>');
    }
  };
  add(() => '/', null);
  for (const r of rows) {
    if (r.kind === 'product') add(() => `/product/${r.key}`, r.lastmod);
    else add(() => `/${r.kind}/${r.key}`, r.lastmod);
  }
  // Categories: one entry per category, its slug differs per language.
  const slugs = new Map<string, Map<string, string>>();
  for (const r of cats) {
    const m = slugs.get(String(r.id)) ?? new Map<string, string>();
    m.set(r.lang, r.slug);
    slugs.set(String(r.id), m);
  }
  for (const m of slugs.values()) add((lang) => (m.has(lang) ? `/c/${m.get(lang)}` : null), null);
  out.push('</urlset>');
  c.header('Content-Type', 'application/xml; charset=utf-8');
  c.header('Cache-Control', 'public, max-age=3600');
  return c.body(out.join('\n'));
}
