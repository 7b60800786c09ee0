/**
 * News (issue 24) on both engines, against feeds served by a node http server on 127.0.0.1
 * inside the test: RSS and Atom parsed (relative links resolved), items deduplicated by URL
 * on a second fetch and across sources, a malformed feed, an error status, a timeout, a
 * huge body (endless, or declared too long) and too many items each stored on their source
 * as a code while the other sources are fetched; two fetchers at once fetch each source
 * once; the demo sources are never fetched; "fetch now" and the screens' permission checks;
 * feed URLs only http(s).
 *
 * The outbound guard (issue 42): the fake feed server is reached only because the test
 * server's OUTBOUND_ALLOW_HOSTS (and the `via` guard of the direct calls) names its
 * 127.0.0.1:port; a second fake, "internal", stands for a service inside the network: no
 * spelling of a loopback address, no redirect and no DNS answer gets a feed fetched from it.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { LookupAddress } from 'node:dns';
import type { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDb } from '../../src/server/db/open.ts';
import type { Db } from '../../src/server/db/types.ts';
import { outboundFetch, type Resolve } from '../../src/server/net/outboundFetch.ts';
import { fetchDue, fetchSources, startNewsFetcher } from '../../src/server/news/fetcher.ts';
import { engines, serverHelpers, startSignedIn, type Json, type TestServer } from './harness.ts';

type Row = Record<string, Json>;
const MIN = 60_000;

const rss = (items: { title: string; link: string; date?: string }[]) =>
  `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0"><channel><title>Test RSS</title><link>http://127.0.0.1/</link><description>d</description>
${items.map((i) => `<item><title>${i.title}</title><link>${i.link}</link>${i.date ? `<pubDate>${i.date}</pubDate>` : ''}</item>`).join('\n')}
</channel></rss>`;

const atom = (base: string) => `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom"><title>Test Atom</title><id>urn:test</id><updated>2026-11-20T08:00:00Z</updated>
<entry><title type="text">Atom eins – Lager &amp; Logistik</title><link rel="alternate" href="/atom/1"/><id>urn:1</id><updated>2026-11-20T08:00:00Z</updated><published>2026-11-19T07:30:00Z</published></entry>
<entry><title>Atom zwei</title><link href="${base}/atom/2"/><id>urn:2</id><updated>2026-11-18T10:00:00Z</updated></entry>
<entry><title>Shared with RSS</title><link href="${base}/rss/1"/><id>urn:3</id><updated>2026-11-17T10:00:00Z</updated></entry>
<entry><title type="html">&lt;b&gt;Fett&lt;/b&gt; &amp;amp; mehr</title><link href="/atom/3"/><id>urn:5</id><updated>2026-11-16T10:00:00Z</updated></entry>
<entry><title>Script link</title><link href="javascript:alert(1)"/><id>urn:4</id></entry>
</feed>`;

/** A feed server on loopback: what each path answers, and how often each was asked. `internalPort`: where its redirects to the internal fake go. */
async function feedServer(internalPort: number) {
  const hits = new Map<string, number>();
  const sockets = new Set<Socket>();
  let rssExtra = false;
  let base = '';
  const routes: Record<string, (req: IncomingMessage, res: ServerResponse) => void> = {
    '/rss.xml': (_q, res) => {
      const items = [
        { title: 'RSS one', link: `${base}/rss/1`, date: 'Tue, 24 Nov 2026 10:00:00 GMT' },
        { title: 'RSS two &amp; more', link: `${base}/rss/2`, date: 'Mon, 23 Nov 2026 09:00:00 GMT' },
        { title: 'RSS without date', link: `${base}/rss/3` },
        { title: 'RSS one again', link: `${base}/rss/1` },
      ];
      if (rssExtra) items.unshift({ title: 'RSS new', link: `${base}/rss/4`, date: 'Wed, 25 Nov 2026 06:00:00 GMT' });
      res.writeHead(200, { 'content-type': 'application/rss+xml; charset=utf-8' }).end(rss(items));
    },
    '/atom.xml': (_q, res) => res.writeHead(200, { 'content-type': 'application/atom+xml' }).end(atom(base)),
    '/latin2.xml': (_q, res) => {
      // ISO-8859-2 declared in the XML only: "Žltý kôň" (Ž = 0xAE, ý = 0xFD, ô = 0xF4, ň = 0xF2).
      const head = Buffer.from(`<?xml version="1.0" encoding="ISO-8859-2"?><rss version="2.0"><channel><title>L</title><item><title>`, 'latin1');
      const title = Buffer.from([0xae, 0x6c, 0x74, 0xfd, 0x20, 0x6b, 0xf4, 0xf2]);
      const tail = Buffer.from(`</title><link>${base}/latin2/1</link></item></channel></rss>`, 'latin1');
      res.writeHead(200, { 'content-type': 'text/xml' }).end(Buffer.concat([head, title, tail]));
    },
    '/malformed.xml': (_q, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<html><body><h1>Not a feed</h1><p>Sorry <b>'),
    '/missing.xml': (_q, res) => res.writeHead(404, { 'content-type': 'text/plain' }).end('not here'),
    '/slow.xml': (_q, res) => void res.writeHead(200, { 'content-type': 'application/rss+xml' }).write('<?xml version="1.0"?><rss version="2.0"><channel>'), // never ends
    '/endless.xml': (_q, res) => {
      res.writeHead(200, { 'content-type': 'application/rss+xml' });
      res.write('<?xml version="1.0"?><rss version="2.0"><channel><title>Endless</title>');
      const chunk = `<item><title>${'x'.repeat(1000)}</title><link>${base}/endless</link></item>`;
      const pump = () => {
        while (!res.destroyed && res.write(chunk));
        if (!res.destroyed) res.once('drain', pump);
      };
      pump();
    },
    '/declared.xml': (_q, res) => {
      res.writeHead(200, { 'content-type': 'application/rss+xml', 'content-length': String(50 * 1024 * 1024) });
      res.write('<?xml version="1.0"?>'); // promises 50 MiB, sends nothing more
    },
    '/many.xml': (_q, res) => res.writeHead(200, { 'content-type': 'application/rss+xml' }).end(rss(Array.from({ length: 30 }, (_, i) => ({ title: `Many ${i + 1}`, link: `${base}/many/${i + 1}` })))),
  };
  // Redirects: to the internal fake, to this fake by another spelling of its host, to a file, within this fake.
  const redirect = (to: () => string) => (_q: IncomingMessage, res: ServerResponse) => res.writeHead(302, { location: to() }).end();
  routes['/to-internal.xml'] = redirect(() => `http://127.0.0.1:${internalPort}/feed.xml`);
  routes['/to-localhost.xml'] = redirect(() => `${base.replace('127.0.0.1', 'localhost')}/rss.xml`);
  routes['/to-file.xml'] = redirect(() => 'file:///etc/passwd');
  routes['/moved.xml'] = redirect(() => '/latin2.xml');
  routes['/loop.xml'] = redirect(() => '/loop.xml');
  for (let i = 1; i <= 3; i++) routes[`/twice${i}.xml`] = (_q, res) => setTimeout(() => res.writeHead(200).end(rss([{ title: `Twice ${i}`, link: `${base}/twice/${i}` }])), 100);
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    hits.set(path, (hits.get(path) ?? 0) + 1);
    (routes[path] ?? ((_q, r) => r.writeHead(404).end()))(req, res);
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  return {
    base,
    /** 127.0.0.1:port, the allow-list entry. */
    hostPort: base.slice('http://'.length),
    hits,
    url: (path: string) => `${base}${path}`,
    addRssItem: () => void (rssExtra = true),
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}

/**
 * A service inside the network: on every loopback address (IPv6 and IPv4 where the host has
 * both), answering any path with a feed of one "internal" item; `hits` counts its requests.
 */
async function internalServer() {
  let hits = 0;
  const server = createServer((_req, res) => {
    hits++;
    res.writeHead(200, { 'content-type': 'application/rss+xml' }).end(rss([{ title: 'INTERNAL secret', link: 'http://intranet.example.invalid/secret' }]));
  });
  await new Promise<void>((resolve) => {
    server.once('error', () => server.listen(0, '127.0.0.1', resolve)); // a host without IPv6: IPv4 only
    server.listen(0, '::', resolve);
  });
  return {
    port: (server.address() as { port: number }).port,
    hits: () => hits,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

describe.each(engines)('news on %s', (engine) => {
  let s: TestServer, admin: string, catalog: string, warehouse: string;
  let feeds: Awaited<ReturnType<typeof feedServer>>;
  let internal: Awaited<ReturnType<typeof internalServer>>;
  /** The direct calls' guard: the fake feed server allowed, as the test server's OUTBOUND_ALLOW_HOSTS allows it. */
  let via: { outbound: ReturnType<typeof outboundFetch> };
  const { ok, rows, one } = serverHelpers(() => s);
  beforeAll(async () => {
    internal = await internalServer();
    feeds = await feedServer(internal.port);
    via = { outbound: outboundFetch({ allowHosts: [feeds.hostPort] }) };
    ({ s, admin, catalog, warehouse } = await startSignedIn(engine, { env: { OUTBOUND_ALLOW_HOSTS: feeds.hostPort } }));
  });
  afterAll(async () => {
    await feeds?.close();
    await internal?.close();
    await s?.close();
  });

  /** A source added as a user adds it (the grid's add), active unless said. */
  const addSource = async (path: string, fields: Row = {}) =>
    (await ok(admin, 'news_sources', 'add', { source_name: path.slice(1), feed_url: feeds.url(path), language_code: 'de', country_code: 'DE', category: 'Testfeeds', ...fields })).row as Row;
  const source = (id: number) => one('select * from app.v_news_sources where news_source_id = $1', [id]);
  const itemsOf = (id: number) => rows('select title, url, published_on, fetched_at from app.news_items where news_source_id = $1 order by url', [id]);
  /** Only these sources take part in a scheduled pass (the others are switched off). */
  const onlyActive = (ids: number[]) => s.db.query('update app.news_sources set active = (news_source_id = any($1::int[]))', [ids]);

  it('lists the demo news for admin, shared by the companies, filtered by category; others get 403', async () => {
    const all = await ok(admin, 'news_list', 'list', { startRow: 0, endRow: 100 }, 'SK01');
    expect(all.rows.length).toBeGreaterThanOrEqual(20);
    expect(Object.keys(all.rows[0]).sort()).toEqual(['category', 'country_code', 'language_code', 'news_item_id', 'news_source_name', 'published_on', 'title', 'url'].sort());
    const dates = all.rows.map((r: Row) => r.published_on as string);
    expect(dates).toEqual([...dates].sort().reverse()); // newest first
    // The same news in another company: shared.
    expect((await ok(admin, 'news_list', 'list', { startRow: 0, endRow: 100 }, 'HU01')).rows).toEqual(all.rows);
    const hu = await ok(admin, 'news_list', 'list', { startRow: 0, endRow: 100, filterModel: { category: { filterType: 'text', type: 'equals', filter: 'Logisztika' } } });
    expect(hu.rows.length).toBe(5);
    expect(hu.rows.every((r: Row) => r.language_code === 'hu' && r.country_code === 'HU' && r.news_source_name === 'Logisztikai Hírek')).toBe(true);
    // The demo sources are inactive and under example.invalid: nothing of them is ever due.
    const demo = await rows("select feed_url, active, last_error, item_count from app.v_news_sources where feed_url like '%.example.invalid/%' order by news_source_id");
    expect(demo.length).toBe(4);
    expect(demo.every((d) => !d.active && d.item_count > 0)).toBe(true);
    expect(demo.map((d) => d.last_error)).toEqual([null, null, null, 'timeout']);

    for (const [token, form, action, payload] of [
      [catalog, 'news_list', 'list', { startRow: 0, endRow: 10 }],
      [warehouse, 'news_sources', 'list', { startRow: 0, endRow: 10 }],
      [catalog, 'news_sources', 'add', { source_name: 'x', feed_url: feeds.url('/rss.xml'), language_code: 'en' }],
      [warehouse, 'news_fetch', 'set', { news_source_ids: [1] }],
    ] as const) {
      const r = await s.action(token, form, action, payload, 'SK01');
      expect(r.status, `${form} ${action}`).toBe(403);
      expect(r.body.error).toBe('forbidden');
    }
    expect((await rows("select 1 from app.news_sources where source_name = 'x'")).length).toBe(0);
  });

  it('takes only http(s) feed URLs, each once; the interval within bounds', async () => {
    for (const feed_url of ['ftp://127.0.0.1/feed.xml', 'javascript:alert(1)', 'file:///etc/passwd', 'http://', '127.0.0.1/feed.xml']) {
      const r = await s.action(admin, 'news_sources', 'add', { source_name: 'bad', feed_url, language_code: 'en' });
      expect(r.status, feed_url).toBe(400);
      expect(r.body).toMatchObject({ error: 'invalid_value', params: { field: 'payload.feed_url' } });
    }
    // Whoever writes (SQL too), the rule holds.
    await expect(s.db.query("insert into app.news_sources (feed_url, source_name, language_code) values ('file:///etc/passwd', 'f', 'en')")).rejects.toThrow(/news_feed_url/);
    const src = await addSource('/unique.xml');
    const dup = await s.action(admin, 'news_sources', 'add', { source_name: 'again', feed_url: feeds.url('/unique.xml'), language_code: 'en' });
    expect(dup.status).toBe(409);
    expect(dup.body.error).toBe('already_exists');
    const interval = await s.action(admin, 'news_sources', 'set', { news_source_id: src.news_source_id, row_version: src.row_version, fetch_interval_min: 1 });
    expect(interval.status).toBe(400);
    expect(await rows("select 1 from app.news_sources where source_name in ('bad', 'again')")).toEqual([]);
    await ok(admin, 'news_sources', 'delete', { keys: [src.news_source_id] });
  });

  it('parses RSS and Atom, resolves relative links, keeps only http(s) ones, and deduplicates by URL on the next fetch and across sources', async () => {
    const r = await addSource('/rss.xml', { category: 'Handel' });
    const a = await addSource('/atom.xml', { category: 'Logistik', language_code: 'en', country_code: 'AT' });
    await onlyActive([r.news_source_id, a.news_source_id]);
    const now = new Date();
    const first = await fetchDue(s.db, now, { ...via, timeoutMs: 5000, parallel: 1 });
    expect(first).toEqual([
      { news_source_id: r.news_source_id, added: 3, error: null, status: 200 },
      { news_source_id: a.news_source_id, added: 3, error: null, status: 200 }, // its third item is the RSS one's: listed once
    ]);
    expect(feeds.hits.get('/rss.xml')).toBe(1);
    expect(feeds.hits.get('/atom.xml')).toBe(1);
    const rssItems = await itemsOf(r.news_source_id);
    expect(rssItems.map((i) => [i.title, i.url])).toEqual([
      ['RSS one', `${feeds.base}/rss/1`],
      ['RSS two & more', `${feeds.base}/rss/2`],
      ['RSS without date', `${feeds.base}/rss/3`],
    ]);
    expect(rssItems[0]!.published_on).toBe('2026-11-24T10:00:00.000Z');
    expect(rssItems[2]!.published_on).toBe(now.toISOString()); // no date: when it was first fetched
    expect((await itemsOf(a.news_source_id)).map((i) => [i.title, i.url, i.published_on])).toEqual([
      ['Atom eins – Lager & Logistik', `${feeds.base}/atom/1`, '2026-11-19T07:30:00.000Z'],
      ['Atom zwei', `${feeds.base}/atom/2`, '2026-11-18T10:00:00.000Z'],
      ['Fett & mehr', `${feeds.base}/atom/3`, '2026-11-16T10:00:00.000Z'], // markup in a title read as its text
    ]);
    expect(await source(r.news_source_id)).toMatchObject({
      last_fetched_at: now.toISOString(),
      last_error: null,
      last_status: 200,
      item_count: 3,
      next_fetch_at: new Date(now.getTime() + 60 * MIN).toISOString(),
    });

    // Not due again before its interval; then the feed has one new item besides the known ones.
    expect(await fetchDue(s.db, new Date(now.getTime() + 59 * MIN), via)).toEqual([]);
    feeds.addRssItem();
    const second = await fetchDue(s.db, new Date(now.getTime() + 60 * MIN), { ...via, timeoutMs: 5000 });
    expect(second.map((x) => [x.news_source_id, x.added, x.error])).toEqual([
      [r.news_source_id, 1, null],
      [a.news_source_id, 0, null],
    ]);
    expect(feeds.hits.get('/rss.xml')).toBe(2);
    expect((await rows('select url, count(*)::int as n from app.news_items group by url having count(*) > 1')).length).toBe(0);
    expect((await source(r.news_source_id)).item_count).toBe(4);

    // The news list shows them with their source's name, category, language and country; filtered by category.
    const list = await ok(admin, 'news_list', 'list', { startRow: 0, endRow: 50, filterModel: { category: { filterType: 'text', type: 'equals', filter: 'Logistik' } } });
    expect(list.rows.map((x: Row) => [x.title, x.news_source_name, x.language_code, x.country_code])).toEqual([
      ['Atom eins – Lager & Logistik', 'atom.xml', 'en', 'AT'],
      ['Atom zwei', 'atom.xml', 'en', 'AT'],
      ['Fett & mehr', 'atom.xml', 'en', 'AT'],
    ]);
  });

  it('reads a feed in the encoding its XML declares', async () => {
    const l = await addSource('/latin2.xml', { active: false });
    const { results } = await fetchSources(s.db, [l.news_source_id], new Date(), via);
    expect(results).toEqual([{ news_source_id: l.news_source_id, added: 1, error: null, status: 200 }]);
    expect((await itemsOf(l.news_source_id))[0]!.title).toBe('Žltý kôň');
  });

  it('stores a malformed feed, an error status, a timeout, a huge body and too many items as codes on their sources, and fetches the others', async () => {
    const good = await addSource('/many.xml');
    const bad = await addSource('/malformed.xml');
    const missing = await addSource('/missing.xml');
    const slow = await addSource('/slow.xml');
    const endless = await addSource('/endless.xml');
    const declared = await addSource('/declared.xml');
    const ids = [good, bad, missing, slow, endless, declared].map((x) => x.news_source_id as number);
    await onlyActive(ids);
    const before = (await one('select count(*)::int as n from app.news_items')).n as number;
    const t = Date.now();
    const now = new Date();
    const results = await fetchDue(s.db, now, { ...via, timeoutMs: 1500, maxBytes: 256 * 1024, maxItems: 12 });
    expect(Date.now() - t).toBeLessThan(10_000);
    expect(results.map((x) => [x.news_source_id, x.error, x.status, x.added])).toEqual([
      [good.news_source_id, 'too_many_items', 200, 12],
      [bad.news_source_id, 'invalid_feed', 200, 0],
      [missing.news_source_id, 'http_status', 404, 0],
      [slow.news_source_id, 'timeout', null, 0],
      [endless.news_source_id, 'too_large', 200, 0],
      [declared.news_source_id, 'too_large', 200, 0],
    ]);
    expect(feeds.hits.get('/endless.xml')).toBe(1);
    expect((await one('select count(*)::int as n from app.news_items')).n).toBe(before + 12);
    // Each failure is on its source, said by its code, and the source is due again after its interval.
    const stored = await rows(
      'select news_source_id, last_error, last_status, last_fetched_at, next_fetch_at, item_count from app.v_news_sources where news_source_id = any($1::int[]) order by news_source_id',
      [ids],
    );
    expect(stored.map((x) => [x.last_error, x.last_status, x.item_count])).toEqual([
      ['too_many_items', 200, 12],
      ['invalid_feed', 200, 0],
      ['http_status', 404, 0],
      ['timeout', null, 0],
      ['too_large', 200, 0],
      ['too_large', 200, 0],
    ]);
    expect(stored.every((x) => x.last_fetched_at === now.toISOString() && x.next_fetch_at === new Date(now.getTime() + 60 * MIN).toISOString())).toBe(true);
    // The grid reads them too (the browser says each code in the user's language).
    const grid = await ok(admin, 'news_sources', 'list', { startRow: 0, endRow: 50, filterModel: { last_error: { filterType: 'set', values: ['timeout'] } } });
    expect(grid.rows.map((x: Row) => x.feed_url).sort()).toEqual([feeds.url('/slow.xml'), 'https://obchod-technika.example.invalid/rss.xml'].sort());

    // A later fetch that works clears the error.
    await s.db.query('update app.news_sources set feed_url = $2 where news_source_id = $1', [bad.news_source_id, feeds.url('/twice3.xml')]);
    const { results: again } = await fetchSources(s.db, [bad.news_source_id], new Date(), via);
    expect(again).toEqual([{ news_source_id: bad.news_source_id, added: 1, error: null, status: 200 }]);
    expect((await source(bad.news_source_id)).last_error).toBe(null);
  });

  it('fetches each due source once when two fetchers run at once (two claims)', async () => {
    const ids: number[] = [];
    for (const p of ['/twice1.xml', '/twice2.xml']) ids.push((await addSource(p)).news_source_id as number);
    await onlyActive(ids);
    // Two processes: on a server two connection pools; PGlite has one connection, so its claims follow each other.
    const [p1, p2]: [Db, Db] = engine === 'postgres' ? await Promise.all([openDb({ databaseUrl: s.databaseUrl }), openDb({ databaseUrl: s.databaseUrl })]) : [s.db, s.db];
    try {
      const now = new Date();
      const [a, b] = await Promise.all([fetchDue(p1, now, { ...via, batch: 1, parallel: 1 }), fetchDue(p2, now, { ...via, batch: 1, parallel: 1 })]);
      expect([...a, ...b].map((x) => x.news_source_id).sort()).toEqual([...ids].sort());
      expect([feeds.hits.get('/twice1.xml'), feeds.hits.get('/twice2.xml')]).toEqual([1, 1]);
      expect(await fetchDue(p1, now, via)).toEqual([]);
    } finally {
      if (engine === 'postgres') await Promise.all([p1.close(), p2.close()]);
    }
    expect((await rows('select count(*)::int as n from app.news_items where url = any($1::text[])', [[`${feeds.base}/twice/1`, `${feeds.base}/twice/2`]]))[0]!.n).toBe(2);
  });

  it('fetches the picked sources now (news_fetch), active or not, and refuses unknown ones and too many', async () => {
    const src = await addSource('/twice2.xml', { active: false, feed_url: `${feeds.base}/twice2.xml?now=1` });
    const r = await ok(admin, 'news_fetch', 'set', { news_source_ids: [src.news_source_id] });
    expect(r).toEqual({ fetched: 1, added: 0, failed: 0, busy: 0 }); // its one item came with another source: known by URL
    expect(await source(src.news_source_id)).toMatchObject({ last_status: 200, last_error: null, active: false });
    const unknown = await s.action(admin, 'news_fetch', 'set', { news_source_ids: [src.news_source_id, 999_999] });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe('not_found');
    const many = await s.action(admin, 'news_fetch', 'set', { news_source_ids: Array.from({ length: 21 }, (_, i) => i + 1) });
    expect(many.status).toBe(400);
    expect((await s.action(admin, 'news_fetch', 'set', { news_source_ids: ['1'] })).status).toBe(400);
  });

  it('fetches on its own every NEWS_TICK_MS while the server runs', async () => {
    const src = await addSource('/twice1.xml', { feed_url: `${feeds.base}/twice1.xml?tick=1` });
    await onlyActive([src.news_source_id]);
    const lines: string[] = [];
    const runner = startNewsFetcher(s.db, { ...via, intervalMs: 20, log: (l) => lines.push(l) });
    try {
      await vi.waitFor(async () => expect((await source(src.news_source_id)).last_fetched_at).toBeTruthy(), { timeout: 10_000, interval: 20 });
    } finally {
      await runner.stop();
    }
    expect(await source(src.news_source_id)).toMatchObject({ last_status: 200, last_error: null });
    expect(lines).toEqual([]);
  });
  /** Inactive sources with these feed URLs, added as a user adds them: only a fetch asked for takes them. */
  const addUrls = async (urls: string[]) => {
    const ids: number[] = [];
    for (const feed_url of urls) ids.push((await addSource('/x', { feed_url, source_name: feed_url.slice(0, 100), active: false })).news_source_id as number);
    return ids;
  };
  const internalItems = () => rows("select url from app.news_items where title like 'INTERNAL%'");

  it('refuses a feed on any spelling of a loopback address: not fetched, nothing stored, one code; the allow-listed fake is fetched, and refused without the allow list', async () => {
    const p = internal.port;
    const spellings = [
      `http://127.0.0.1:${p}/a.xml`,
      `http://2130706433:${p}/b.xml`,
      `http://0x7f000001:${p}/c.xml`,
      `http://127.1:${p}/d.xml`,
      `http://0177.0.0.1:${p}/e.xml`,
      `http://localhost:${p}/f.xml`,
      `http://LOCALHOST.:${p}/g.xml`,
      `http://[::ffff:127.0.0.1]:${p}/h.xml`,
      `http://[::1]:${p}/i.xml`,
      `http://0.0.0.0:${p}/j.xml`,
    ];
    const refused = await addUrls(spellings);
    const [allowed] = await addUrls([feeds.url('/latin2.xml?allowed=1')]);
    // "Fetch now" as a user asks for it: the server's guard, whose allow list (OUTBOUND_ALLOW_HOSTS) names the fake feed server only.
    const r = await ok(admin, 'news_fetch', 'set', { news_source_ids: [...refused, allowed] });
    expect(r).toMatchObject({ fetched: spellings.length + 1, failed: spellings.length });
    expect(internal.hits()).toBe(0);
    const stored = await rows('select feed_url, last_error, last_status, item_count from app.v_news_sources where news_source_id = any($1::int[]) order by news_source_id', [[...refused, allowed!]]);
    expect(stored.map((x) => [x.feed_url, x.last_error, x.last_status, x.item_count])).toEqual([
      ...spellings.map((u) => [u, 'blocked_address', null, 0]),
      [feeds.url('/latin2.xml?allowed=1'), null, 200, 0], // its item came with an earlier source
    ]);
    expect(await internalItems()).toEqual([]);
    // The allow list is not on by default: the guard without it refuses the fake too.
    const { results } = await fetchSources(s.db, [allowed!], new Date());
    expect(results).toEqual([{ news_source_id: allowed, added: 0, error: 'blocked_address', status: null }]);
  });

  it('checks every redirect: to the internal service, to the allowed fake by another spelling, to a file: refused; within the fake: followed, at most 5', async () => {
    const paths = ['/to-internal.xml', '/to-localhost.xml', '/to-file.xml', '/loop.xml', '/moved.xml'];
    const ids = await addUrls(paths.map((p) => feeds.url(p)));
    const rssHits = feeds.hits.get('/rss.xml') ?? 0;
    const { results } = await fetchSources(s.db, ids, new Date(), via);
    expect(results.map((x) => [x.news_source_id, x.error, x.status])).toEqual([
      [ids[0], 'blocked_address', null],
      [ids[1], 'blocked_address', null],
      [ids[2], 'blocked_address', null],
      [ids[3], 'http_status', 302],
      [ids[4], null, 200],
    ]);
    expect(internal.hits()).toBe(0);
    expect(feeds.hits.get('/rss.xml') ?? 0).toBe(rssHits); // localhost is not the allowed host, whatever its address
    expect(feeds.hits.get('/loop.xml')).toBe(6); // the first request and five redirects
    expect(await internalItems()).toEqual([]);
  });

  it('refuses a public-looking name whose DNS answer holds a loopback, private or link-local address, said as a name that does not resolve', async () => {
    const answers: Record<string, LookupAddress[]> = {
      'feeds.example.com': [{ address: '127.0.0.1', family: 4 }],
      'mixed.example.com': [
        { address: '93.184.215.14', family: 4 },
        { address: '10.0.0.5', family: 4 },
      ],
      'metadata.example.com': [{ address: '169.254.169.254', family: 4 }],
      'v6.example.com': [{ address: '::ffff:127.0.0.1', family: 6 }],
    };
    const asked: string[] = [];
    const resolve: Resolve = async (name) => {
      asked.push(name);
      const found = answers[name];
      if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
      return found;
    };
    // The allowed fake's own port: the allow list names 127.0.0.1 as written, not whatever resolves to it.
    const port = new URL(feeds.base).port;
    const names = [...Object.keys(answers), 'nowhere.example.com'];
    const ids = await addUrls(names.map((n) => `http://${n}:${port}/rss.xml`));
    const rssHits = feeds.hits.get('/rss.xml') ?? 0;
    const { results } = await fetchSources(s.db, ids, new Date(), { outbound: outboundFetch({ allowHosts: [feeds.hostPort], resolve }) });
    expect(results.map((x) => [x.error, x.status, x.added])).toEqual(names.map(() => ['network', null, 0]));
    expect(asked.sort()).toEqual([...names].sort());
    expect(feeds.hits.get('/rss.xml') ?? 0).toBe(rssHits);
    expect((await rows('select last_error from app.news_sources where news_source_id = any($1::int[])', [ids])).map((x) => x.last_error)).toEqual(names.map(() => 'network'));
  });
});
