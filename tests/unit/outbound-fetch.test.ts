/**
 * The outbound guard (src/server/net/outboundFetch.ts, addresses.ts; issue 42): which
 * addresses a user-given URL may reach, in every spelling of a host; that a refused URL is
 * refused before any connection; that a name is resolved once and the connection goes to
 * the address checked (a rebinding resolver's second answer is never used); redirects
 * checked hop by hop; the size and time caps; the allow list only as configured; and the
 * news download over a test double of the guard's interface.
 */
import type { LookupAddress } from 'node:dns';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configFromEnv } from '../../src/server/config.ts';
import { addressRange, isLocalhostName, urlHost } from '../../src/server/net/addresses.ts';
import { OutboundError, outboundFetch, type OutboundFetch, type OutboundResponse, type Resolve } from '../../src/server/net/outboundFetch.ts';
import { downloadFeed, FeedFetchError } from '../../src/server/news/download.ts';

/** The refusal `p` ends with (fails the test when it succeeds or throws anything else). */
async function refusal(p: Promise<unknown>): Promise<OutboundError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof OutboundError) return e;
    throw e;
  }
  throw new Error('expected a refusal');
}

/** How the guard reads a URL's host: 'public', or the range that refuses it. */
const verdict = (url: string): string => {
  const h = urlHost(new URL(url));
  return 'address' in h ? addressRange(h.address) : isLocalhostName(h.name) ? 'localhost' : 'name';
};

describe('addresses', () => {
  it('reads every spelling of 127.0.0.1 as loopback', () => {
    for (const url of [
      'http://127.0.0.1/',
      'http://2130706433/',
      'http://0x7f000001/',
      'http://0x7F.0.0.1/',
      'http://0177.0.0.1/',
      'http://127.1/',
      'http://127.0.1/',
      'http://127.255.255.254:8080/',
    ]) {
      expect(urlHost(new URL(url)), url).toEqual({ address: url.includes('127.255') ? '127.255.255.254' : '127.0.0.1' });
      expect(verdict(url), url).toBe('loopback');
    }
    expect(verdict('http://[::1]/')).toBe('loopback');
    expect(verdict('http://[0:0:0:0:0:0:0:1]/')).toBe('loopback');
  });

  it('refuses IPv4-mapped and IPv4-compatible IPv6 in every spelling, whatever IPv4 address they carry', () => {
    for (const url of ['http://[::ffff:127.0.0.1]/', 'http://[::ffff:7f00:1]/', 'http://[0:0:0:0:0:ffff:127.0.0.1]/', 'http://[::FFFF:8.8.8.8]/']) expect(verdict(url), url).toBe('ipv4Mapped');
    for (const url of ['http://[::127.0.0.1]/', 'http://[::7f00:1]/', 'http://[::10.0.0.1]/', 'http://[::8.8.8.8]/']) expect(verdict(url), url).toBe('ipv4Compatible');
  });

  it('refuses localhost by name (any case, trailing dot, subdomains) without asking a resolver', () => {
    for (const url of ['http://localhost/', 'http://LOCALHOST/', 'http://localhost./', 'http://api.localhost/']) expect(verdict(url), url).toBe('localhost');
    expect(verdict('http://localhost.example.com/')).toBe('name');
  });

  it('names the range of each address that is not public', () => {
    const cases: [string, string][] = [
      ['127.0.0.1', 'loopback'],
      ['::1', 'loopback'],
      ['0.0.0.0', 'unspecified'],
      ['0.1.2.3', 'unspecified'],
      ['::', 'unspecified'],
      ['10.1.2.3', 'private'],
      ['172.16.0.1', 'private'],
      ['172.31.255.255', 'private'],
      ['192.168.1.1', 'private'],
      ['169.254.169.254', 'linkLocal'],
      ['fe80::1', 'linkLocal'],
      ['fc00::1', 'uniqueLocal'],
      ['fd12:3456::1', 'uniqueLocal'],
      ['100.64.0.1', 'carrierGradeNat'],
      ['100.127.255.254', 'carrierGradeNat'],
      ['224.0.0.1', 'multicast'],
      ['239.255.255.250', 'multicast'],
      ['ff02::1', 'multicast'],
      ['240.0.0.1', 'reserved'],
      ['192.0.2.1', 'reserved'],
      ['198.18.0.1', 'reserved'],
      ['2001:db8::1', 'reserved'],
      ['255.255.255.255', 'broadcast'],
      ['::ffff:7f00:1', 'ipv4Mapped'],
      ['::7f00:1', 'ipv4Compatible'],
      ['64:ff9b::a00:1', 'rfc6052'],
      ['2002:7f00:1::1', '6to4'],
      ['2001::1', 'teredo'],
      ['fec0::1', 'deprecatedSiteLocal'],
    ];
    expect(cases.map(([a]) => [a, addressRange(a)])).toEqual(cases);
    for (const a of ['8.8.8.8', '1.1.1.1', '93.184.215.14', '172.32.0.1', '100.128.0.1', '2001:4860:4860::8888', '2a00:1450:4001::1']) expect(addressRange(a), a).toBe('public');
    expect(addressRange('example.com')).toBe('invalid');
  });
});

describe('the guard', () => {
  let server: Server;
  let port = 0;
  const hits: string[] = [];
  const limits = { timeoutMs: 3000, maxBytes: 1024 };
  beforeAll(async () => {
    server = createServer((req, res) => {
      const path = req.url ?? '/';
      hits.push(path);
      if (path === '/feed') res.writeHead(200, { 'content-type': 'text/xml; charset=utf-8' }).end('<rss/>');
      else if (path === '/big') res.writeHead(200).end('x'.repeat(2048));
      else if (path === '/declared') res.writeHead(200, { 'content-length': String(1 << 20) }).write('x');
      else if (path === '/slow')
        res.writeHead(200).write('x'); // never ends
      else if (path.startsWith('/go?')) res.writeHead(302, { location: decodeURIComponent(path.slice(4)) }).end();
      else res.writeHead(404).end();
    });
    // Every loopback address (dual stack where the host has IPv6): a refusal is the guard's, not a closed port's.
    await new Promise<void>((resolve) => {
      server.once('error', () => server.listen(0, '127.0.0.1', resolve));
      server.listen(0, '::', resolve);
    });
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));
  const allowed = () => outboundFetch({ allowHosts: [`127.0.0.1:${port}`] });
  const go = (to: string) => `http://127.0.0.1:${port}/go?${encodeURIComponent(to)}`;

  it('refuses each spelling of a loopback or internal address before connecting', async () => {
    const guard = outboundFetch();
    hits.length = 0;
    for (const host of [
      '127.0.0.1',
      '2130706433',
      '0x7f000001',
      '127.1',
      '0177.0.0.1',
      'localhost',
      'localhost.',
      '[::1]',
      '[::ffff:127.0.0.1]',
      '[::127.0.0.1]',
      '0.0.0.0',
      '169.254.169.254',
      '10.0.0.1',
      '100.64.0.1',
      '224.0.0.1',
      '240.0.0.1',
      '255.255.255.255',
      '[fe80::1]',
      '[fc00::1]',
    ]) {
      const e = await refusal(guard.get(`http://${host}:${port}/feed`, limits));
      expect([host, e.code, e.status]).toEqual([host, 'blocked_address', null]);
    }
    expect(hits).toEqual([]);
  });

  it('takes only http(s) URLs without credentials', async () => {
    const guard = allowed();
    for (const url of [`ftp://127.0.0.1:${port}/feed`, 'file:///etc/passwd', `http://user:secret@127.0.0.1:${port}/feed`, `http://user@127.0.0.1:${port}/feed`, 'not a url', 'gopher://example.com/'])
      expect((await refusal(guard.get(url, limits))).code, url).toBe('blocked_address');
  });

  it('resolves a name once, refuses it when any answer is not public (said as not resolving), and connects to the address it checked', async () => {
    const asked: string[] = [];
    // A rebinding resolver: a first answer, then another.
    const resolver =
      (answers: Record<string, LookupAddress[][]>): Resolve =>
      async (name) => {
        asked.push(name);
        const next = answers[name]?.shift();
        if (!next) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
        return next;
      };
    const guard = outboundFetch({
      allowHosts: [`feed.test:${port}`],
      resolve: resolver({
        'public.test': [[{ address: '127.0.0.1', family: 4 }]],
        'mixed.test': [
          [
            { address: '8.8.8.8', family: 4 },
            { address: '192.168.0.10', family: 4 },
          ],
        ],
        'v6.test': [[{ address: 'fd00::1', family: 6 }]],
        // Allowed by name (the tests' way to their fakes): its first answer is used, its second (a documentation address that goes nowhere) never asked for.
        'feed.test': [[{ address: '127.0.0.1', family: 4 }], [{ address: '192.0.2.1', family: 4 }]],
      }),
    });
    hits.length = 0;
    for (const name of ['public.test', 'mixed.test', 'v6.test', 'missing.test']) {
      const e = await refusal(guard.get(`http://${name}:${port}/feed`, limits));
      expect([name, e.code, e.status]).toEqual([name, 'network', null]);
    }
    expect(hits).toEqual([]);
    const got = await guard.get(`http://feed.test:${port}/feed`, limits);
    expect([got.status, new TextDecoder().decode(got.body), got.headers.get('content-type')]).toEqual([200, '<rss/>', 'text/xml; charset=utf-8']);
    expect(asked).toEqual(['public.test', 'mixed.test', 'v6.test', 'missing.test', 'feed.test']);
  });

  it('checks every redirect hop: a loopback target, another spelling of the allowed host, a non-http scheme are refused; at most maxRedirects hops', async () => {
    const guard = allowed();
    hits.length = 0;
    for (const to of [
      `http://localhost:${port}/feed`,
      `http://127.0.0.2:${port}/feed`,
      `http://[::1]:${port}/feed`,
      'http://169.254.169.254/latest/meta-data/',
      'file:///etc/passwd',
      `http://u:p@127.0.0.1:${port}/feed`,
    ])
      expect((await refusal(guard.get(go(to), limits))).code, to).toBe('blocked_address');
    expect(hits.every((h) => h.startsWith('/go?'))).toBe(true);
    const moved = await guard.get(go('/feed'), limits);
    expect([moved.url, moved.status]).toEqual([`http://127.0.0.1:${port}/feed`, 200]);
    const loop = `/go?${encodeURIComponent(`/go?${encodeURIComponent('/feed')}`)}`;
    expect((await guard.get(`http://127.0.0.1:${port}${loop}`, { ...limits, maxRedirects: 2 })).status).toBe(200);
    const e = await refusal(guard.get(`http://127.0.0.1:${port}${loop}`, { ...limits, maxRedirects: 1 }));
    expect([e.code, e.status]).toEqual(['redirects', 302]);
  });

  it('caps the body and the time, and reads no body of an error answer', async () => {
    const guard = allowed();
    expect(await refusal(guard.get(`http://127.0.0.1:${port}/big`, limits))).toMatchObject({ code: 'too_large', status: 200 });
    expect(await refusal(guard.get(`http://127.0.0.1:${port}/declared`, limits))).toMatchObject({ code: 'too_large', status: 200 });
    expect(await refusal(guard.get(`http://127.0.0.1:${port}/slow`, { ...limits, timeoutMs: 300 }))).toMatchObject({ code: 'timeout', status: null });
    const missing = await guard.get(`http://127.0.0.1:${port}/nothing`, limits);
    expect([missing.status, missing.body.byteLength]).toEqual([404, 0]);
  });

  it('allows only what OUTBOUND_ALLOW_HOSTS names, each with its port; nothing by default', () => {
    expect(configFromEnv({}).outboundAllowHosts).toEqual([]);
    expect(configFromEnv({ OUTBOUND_ALLOW_HOSTS: '127.0.0.1:8081, [::1]:9000' }).outboundAllowHosts).toEqual(['127.0.0.1:8081', '[::1]:9000']);
    for (const bad of ['127.0.0.1', 'localhost', 'http://127.0.0.1:80', '127.0.0.1:80/x']) expect(() => configFromEnv({ OUTBOUND_ALLOW_HOSTS: bad }), bad).toThrow(/OUTBOUND_ALLOW_HOSTS/);
  });
});

describe('the news download over a double of the guard', () => {
  const double = (answer: OutboundResponse | OutboundError): OutboundFetch & { asked: string[] } => {
    const asked: string[] = [];
    return {
      asked,
      async get(url) {
        asked.push(url);
        if (answer instanceof OutboundError) throw answer;
        return answer;
      },
    };
  };
  const limits = { timeoutMs: 1000, maxBytes: 1000 };
  const codeOf = async (p: Promise<unknown>) => {
    try {
      await p;
    } catch (e) {
      if (e instanceof FeedFetchError) return [e.code, e.status];
    }
    return null;
  };

  it('decodes by the charset, keeps the final URL, and turns each refusal into the code stored on the source', async () => {
    const body = new Uint8Array([0x3c, 0x61, 0x3e, 0xe9, 0x3c, 0x2f, 0x61, 0x3e]); // <a>é</a> in latin1
    const ok = double({ url: 'https://news.example.com/final.xml', status: 200, headers: new Headers({ 'content-type': 'text/xml; charset=iso-8859-1' }), body });
    expect(await downloadFeed('https://news.example.com/feed.xml', limits, ok)).toEqual({ url: 'https://news.example.com/final.xml', status: 200, text: '<a>é</a>' });
    expect(ok.asked).toEqual(['https://news.example.com/feed.xml']);
    expect(await codeOf(downloadFeed('x', limits, double({ url: 'x', status: 500, headers: new Headers(), body: new Uint8Array() })))).toEqual(['http_status', 500]);
    expect(await codeOf(downloadFeed('x', limits, double(new OutboundError('blocked_address'))))).toEqual(['blocked_address', null]);
    expect(await codeOf(downloadFeed('x', limits, double(new OutboundError('redirects', 301))))).toEqual(['http_status', 301]);
    expect(await codeOf(downloadFeed('x', limits, double(new OutboundError('too_large', 200))))).toEqual(['too_large', 200]);
    expect(await codeOf(downloadFeed('x', limits, double(new OutboundError('timeout'))))).toEqual(['timeout', null]);
  });
});
