import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { htmlText } from '../../src/core/htmlText.ts';
import { metaDescription } from '../../src/core/seo.ts';
import { engines, startSignedIn, type TestServer } from './harness.ts';
import type { Json } from './harness.ts';

type Row = Record<string, Json>;

/** Inputs on which core/htmlText.ts and app.html_text() must agree (each rule, and its edges). */
const INPUTS = [
  '<p>We sell home goods <strong>since 2009</strong>.</p><p>Our warehouse</p>',
  '<P>a<EM>b</EM><i class="x">c</i><a href="/x">d</a><span\tstyle="">e</span><sub>2</sub><code>f</code><mark>g</mark><small>h</small><u>i</u><s>j</s><b>k</b><wbr>l</P>',
  'x<section>y</section>z<summary>w</summary>v<strongest>u</strongest>t<b\u00a0x>s',
  '<p>a</p><p>b</p><div>c</div>d<br>e<br/>f<ul><li>g</li></ul><h2>i</h2><table><tr><td>j</td><td>k</td></tr></table>l<img src="x">m<x-y>n</x-y>',
  '&amp; &lt;b&gt; &quot;q&quot; &apos;a&apos; &#39;s&#39; x&nbsp;y',
  '&#65;&#x42;&#X43;&#0000068; &#x1F600; &#8212; &#160;|&#x3000;|&#x85;',
  '&amp;lt; &amp;amp; &amp;#65;',
  '&hellip; &constructor; &#0; &#xD800; &#xDFFF; &#x110000; &#12345678; &#x; & ; && &amp',
  '&lt;strong&gt;x&lt;/strong&gt; <<b>p>q',
  'x<script>1 < 2</script>y<SCRIPT a=1>2\n</script>z<style>p{}</STYLE>w<style>q<script>r</style>s</script>t<scriptx>u</scriptx>v',
  ` \n<p>\u00a0a\u2003\tb\u0085c\u3000\u000bd\ufeff</p>\n `,
  'Кухня и <em>градина</em> — šťastný ő ű',
  '<p><br></p>',
  '',
  `<p>${'Lorem <b>ipsum</b> dolor sit amet, '.repeat(8)}</p>`,
];

describe.each(engines)('rich-text (html) columns read as text on %s', (engine) => {
  let s: TestServer, admin: string;
  beforeAll(async () => void ({ s, admin } = await startSignedIn(engine)));
  afterAll(() => s?.close());

  const list = async (payload: unknown): Promise<Row[]> => {
    const r = await s.action(admin, 'frontend_pages', 'list', payload);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.data.rows;
  };
  const contains = (filter: string, language = 'en') => list({ language, filterModel: { page_body: { filterType: 'text', type: 'contains', filter } } });

  it('app.html_text and app.meta_description agree with core/htmlText.ts and core/seo.ts', async () => {
    for (const html of INPUTS) {
      const r = await s.db.query<{ t: string; m: string }>('select app.html_text($1) as t, app.meta_description($1) as m', [html]);
      expect(r.rows[0]!.t, JSON.stringify(html)).toBe(htmlText(html));
      expect(r.rows[0]!.m, JSON.stringify(html)).toBe(metaDescription(html));
    }
    expect((await s.db.query<{ t: string | null }>('select app.html_text(null) as t')).rows[0]!.t).toBeNull();
  });

  it('stores meta descriptions without a space before punctuation after bold text', async () => {
    const about = (await list({ filterModel: { page_code: { filterType: 'text', type: 'equals', filter: 'about-us' } } }))[0]!;
    expect(about.meta_description.en).toBe('We have been selling tools, furniture and home goods since 2009. Our warehouse ships most orders on the same day.');
    expect(about.meta_description.de).toContain('seit 2009. Unser Lager');
  });

  it('filters by the visible text in the request language, never by tag names', async () => {
    const pages = await list({});
    const withText = (lang: string, text: string) =>
      pages.filter((p) =>
        htmlText(p.page_body[lang] ?? '')
          .toLowerCase()
          .includes(text),
      ).length;
    expect(withText('en', 'since 2009.')).toBeGreaterThan(0);
    expect((await contains('since 2009.')).length).toBe(withText('en', 'since 2009.'));
    expect((await contains('seit 2009.', 'de')).length).toBe(withText('de', 'seit 2009.'));
    expect(pages.some((p) => String(p.page_body.en).includes('<strong>'))).toBe(true);
    expect(await contains('strong')).toEqual([]);
    expect(await contains('<p>')).toEqual([]);
    // Other operators read the same text; a value is a parameter, not SQL.
    const first = htmlText(pages[0]!.page_body.en);
    const starts = await list({ filterModel: { page_body: { filterType: 'text', type: 'startsWith', filter: first.slice(0, 12) } } });
    expect(starts.length).toBeGreaterThan(0);
    expect(starts.every((p) => htmlText(p.page_body.en).startsWith(first.slice(0, 12)))).toBe(true);
    expect(await contains("'); drop table app.frontend_pages; --")).toEqual([]);
  });

  it('sorts by the visible text, and keyset windows continue it without a gap', async () => {
    // By markup '<h2>Zebra' would come before '<p>Aardvark'; by text it is the other way round.
    const shop = (await list({}))[0]!.shop_id;
    for (const [code, body] of [
      ['sort-z', '<h2>Zebra</h2>'],
      ['sort-a', '<p><em>Aardvark</em></p>'],
    ]) {
      const r = await s.action(admin, 'frontend_pages', 'add', { shop_id: shop, page_code: code, page_title: { de: code }, page_body: { de: body } });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    }
    const sortModel = [{ colId: 'page_body', sort: 'asc' }];
    const all = await list({ sortModel, language: 'de', filterModel: { page_code: { filterType: 'text', type: 'startsWith', filter: 'sort-' } } });
    expect(all.map((p) => p.page_code)).toEqual(['sort-a', 'sort-z']);
    const every = await list({ sortModel, language: 'de' });
    const first = await list({ sortModel, language: 'de', startRow: 0, endRow: 4 });
    const last = first.at(-1)!;
    const rest = await list({ sortModel, language: 'de', startRow: 4, endRow: 1000, after: [htmlText(last.page_body.de), last.page_id] });
    expect([...first, ...rest].map((p) => p.page_id)).toEqual(every.map((p) => p.page_id));
  });

  it('exports the HTML, and an import of the file gives every page back as it was (round trip)', async () => {
    const r = await fetch(`${s.url}/api/export/frontend_pages`, {
      method: 'POST',
      body: JSON.stringify({
        format: 'csv',
        language: 'en',
        columns: [
          { field: 'page_id', header: 'ID' },
          { field: 'page_body', header: 'Content' },
        ],
      }),
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
    });
    expect(r.status).toBe(200);
    const csv = await r.text();
    const rows = Papa.parse<string[]>(csv, { skipEmptyLines: true }).data.slice(1);
    const pages = new Map((await list({})).map((p) => [String(p.page_id), p]));
    expect(rows.length).toBe(pages.size);
    for (const [id, html] of rows) expect(html).toBe(pages.get(id!)!.page_body.en ?? '');
    expect(rows.some(([, html]) => html!.includes('<strong>'))).toBe(true);

    const send = (fields: Record<string, string>) => {
      const fd = new FormData();
      fd.set('file', new Blob([csv]), 'pages.csv');
      for (const [k, v] of Object.entries(fields)) fd.set(k, v);
      return fetch(`${s.url}/api/import/frontend_pages`, { method: 'POST', body: fd, headers: { authorization: `Bearer ${admin}` } });
    };
    const info = await (await send({ mode: 'inspect', language: 'en' })).json();
    expect(info.fields.map((f: { field: string }) => f.field)).toContain('page_body');
    const done = await send({ mode: 'commit', language: 'en', mapping: JSON.stringify(['page_id', 'page_body']) });
    expect(done.status).toBe(200);
    const result = await done.json();
    expect(result.errors).toEqual([]);
    for (const p of await list({})) expect(p.page_body).toEqual(pages.get(String(p.page_id))!.page_body);
  });
});
