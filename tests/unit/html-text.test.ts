import { describe, expect, it } from 'vitest';
import { parseScreen } from '../../schemas/screen.ts';
import frontendPages from '../../screens/shops/frontend_pages.ts';
import { ClientRowModel } from '../../src/app/grid/rowModel/ClientRowModel.ts';
import { cellFromText } from '../../src/app/grid/cellValues.ts';
import { cellText } from '../../src/app/grid/cellText.ts';
import { buildGridModel } from '../../src/app/grid/columns.ts';
import { loadRichText } from '../../src/app/grid/renderers/index.tsx';
import { keysetAfter } from '../../src/app/grid/filters.ts';
import type { CellCtx } from '../../src/app/grid/types.ts';
import { htmlText, textAsHtml } from '../../src/core/htmlText.ts';
import { metaDescription } from '../../src/core/seo.ts';

describe('htmlText: rich text as a reader sees it', () => {
  it('removes inline tags without a space, so punctuation stays with its word', () => {
    expect(htmlText('<p>home goods <strong>since 2009</strong>.</p>')).toBe('home goods since 2009.');
    expect(htmlText('<P>a<EM>b</EM><i class="x">c</i><a href="/x">d</a><span\tstyle="">e</span><sub>2</sub><code>f</code><mark>g</mark><small>h</small><u>i</u><s>j</s><b>k</b></P>')).toBe(
      'abcde2fghijk',
    );
    // A tag that only starts like an inline one is a block: <section>, <summary>.
    expect(htmlText('x<section>y</section>z<summary>w</summary>v')).toBe('x y z w v');
  });

  it('gives block tags, line breaks, list items, cells, images and unknown tags a space', () => {
    expect(htmlText('<p>a</p><p>b</p><div>c</div>d<br>e<br/>f<ul><li>g</li><li>h</li></ul><h2>i</h2><table><tr><td>j</td><td>k</td></tr></table>l<img src="x">m<x-y>n</x-y>')).toBe(
      'a b c d e f g h i j k l m n',
    );
  });

  it('decodes entities in one pass: named, decimal, hex; unknown or impossible ones stay as written', () => {
    expect(htmlText('&amp; &lt;b&gt; &quot;q&quot; &apos;a&apos; &#39;s&#39; x&nbsp;y')).toBe(`& <b> "q" 'a' 's' x y`);
    expect(htmlText('&#65;&#x42;&#X43;&#0000068; &#x1F600; &#8212;')).toBe('ABCD 😀 —');
    expect(htmlText('&amp;lt; &amp;amp;')).toBe('&lt; &amp;');
    expect(htmlText('&hellip; &constructor; &toString; &#0; &#xD800; &#x110000; &#12345678; &#x; & ;')).toBe('&hellip; &constructor; &toString; &#0; &#xD800; &#x110000; &#12345678; &#x; & ;');
    // A decoded '<b>' is text, not a tag.
    expect(htmlText('&lt;strong&gt;x&lt;/strong&gt;')).toBe('<strong>x</strong>');
  });

  it('drops script and style blocks and collapses every whitespace run', () => {
    expect(htmlText('x<script>1 < 2</script>y<STYLE a=1>p{}\n</style>z')).toBe('x y z');
    expect(htmlText(' \n<p>\u00a0a\u2003\tb&#160;&#x3000;c </p>\n')).toBe('a b c');
    expect(htmlText('<p><br></p>')).toBe('');
  });

  it('is what meta descriptions are cut from (no space before a full stop after bold text)', () => {
    expect(metaDescription('<p>Wir verkaufen Haushaltswaren <strong>seit 2009</strong>.</p><p>Unser Lager</p>')).toBe('Wir verkaufen Haushaltswaren seit 2009. Unser Lager');
    expect(metaDescription(`<p>${'a'.repeat(100)} <em>${'b'.repeat(100)}</em></p>`)).toBe(`${'a'.repeat(100)} ${'b'.repeat(66)}...`);
  });
});

describe('textAsHtml: plain text as rich text', () => {
  it('makes a paragraph per block, keeps lines, escapes every markup character, and reads back as the text', () => {
    expect(textAsHtml('Eiche & Stahl\n\n  <b>nicht fett</b>\nzweite Zeile\n\n\n')).toBe('<p>Eiche &amp; Stahl</p><p>&lt;b&gt;nicht fett&lt;/b&gt;<br>zweite Zeile</p>');
    expect(textAsHtml('')).toBe('');
    for (const t of ['a "quoted" word', 'x < y > z', 'one\n\ntwo']) expect(htmlText(textAsHtml(t))).toBe(t.replace(/\s+/g, ' '));
  });
});

describe('rich-text (html) columns in the grid', () => {
  const model = buildGridModel(parseScreen(frontendPages, 'screens/shops/frontend_pages.ts'));
  const body = model.byField.get('page_body')!;
  const title = model.byField.get('page_title')!;
  const ctx: CellCtx = {
    lang: 'en',
    fmt: { int: String, number: String, money: String, weight: String, volume: String, date: String, datetime: String },
    t: (id) => id,
    lookup: () => undefined,
    multi: (v) => (v && typeof v === 'object' ? String((v as Record<string, string>).en ?? '') : ''),
  };
  const value = { en: '<p>Tools <strong>since 2009</strong>.</p><p>Same&nbsp;day &amp; more.</p>' };

  it('renders and copies the text, as text (no markup), by its own chunk; other multi columns unchanged', async () => {
    const args = { value, row: {}, col: body, ctx, canEdit: false };
    const { default: RichText } = await loadRichText();
    expect(RichText(args)).toBe('Tools since 2009. Same day & more.');
    expect(RichText({ ...args, value: { en: '<b>other</b>' } })).toBe('other');
    expect(cellText(body, value, {}, ctx)).toBe('Tools since 2009. Same day & more.');
    expect(cellText(title, { en: '<b>kept</b>' }, {}, ctx)).toBe('<b>kept</b>');
    expect(RichText({ ...args, col: title, value: { en: '<b>kept</b>' } })).toBe('<b>kept</b>');
  });

  it('refuses pasted or filled text (it would replace the formatting): the form edits it', () => {
    expect(cellFromText(body, 'plain', value, ctx)).toEqual({ ok: false, message: 'grid.rich_text_form' });
    expect(cellFromText(title, 'plain', { en: 'x' }, ctx)).toEqual({ ok: true, value: { en: 'plain' } });
  });

  it('sends no keyset cursor for a sort by rich text (the server sorts by app.html_text, the row holds markup): windows go by offset', () => {
    expect(
      keysetAfter(
        { page_body: value, page_id: 3 },
        [
          { colId: 'page_body', sort: 'asc' },
          { colId: 'page_id', sort: 'asc' },
        ],
        model.byField,
        'en',
      ),
    ).toBeUndefined();
    expect(
      keysetAfter(
        { page_title: { en: 'T' }, page_id: 3 },
        [
          { colId: 'page_title', sort: 'asc' },
          { colId: 'page_id', sort: 'asc' },
        ],
        model.byField,
        'en',
      ),
    ).toEqual(['T', 3]);
  });

  it('filters and sorts in memory by the visible text, not by tag names', () => {
    const rows = [
      { id: 1, body: { en: '<p>Selling <strong>since 2009</strong>.</p>' } },
      { id: 2, body: { en: '<h2>Zebra</h2>' } },
      { id: 3, body: { en: '<p><em>Apple</em> strong</p>' } },
    ];
    const m = new ClientRowModel(rows, {
      columns: [
        { field: 'id', valueType: 'int' },
        { field: 'body', valueType: 'multi', html: true },
      ],
      keys: ['id'],
      rowId: (r) => String(r.id),
      sync: true,
    });
    const ids = (filter?: string, sort?: 'asc') =>
      [...m.query({ sortModel: sort ? [{ colId: 'body', sort }] : [], filterModel: filter ? { body: { filterType: 'text', type: 'contains', filter } } : {}, lang: 'en' })].map((i) => m.rows[i]!.id);
    expect(ids('2009.')).toEqual([1]);
    expect(ids('strong')).toEqual([3]);
    expect(ids('h2')).toEqual([]);
    expect(ids(undefined, 'asc')).toEqual([3, 1, 2]);
  });
});
