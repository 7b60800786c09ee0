import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUNTRY_CACHE_MAX, countryDetector, visitorAddress } from '../../src/server/storefront/country.ts';

/** A fake IP-to-country service on 127.0.0.1: the answer depends on the address asked about. */
describe('country detection against a local text service', () => {
  let server: Server;
  let url: string;
  const calls: string[] = [];
  const held: ServerResponse[] = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      const ip = decodeURIComponent((req.url ?? '').slice(1));
      calls.push(ip);
      if (ip === '10.0.0.1') return res.end('1;SK;SVK;Slovakia');
      if (ip === '10.0.0.2') return void res.writeHead(500).end('oops');
      if (ip === '10.0.0.3') return void held.push(res); // never answered while the test runs: only the detector's own time-out ends its wait
      if (ip === '10.0.0.4') return res.end('0;;;WRONG INPUT');
      res.end(`1;CZ;CZE;Czechia`);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/{ip}`;
  });
  afterAll(() => {
    for (const res of held) res.end('1;HU;HUN;Hungary');
    return new Promise((r) => server.close(r));
  });

  it('answers the code, empty on failure, a wrong answer or a timeout', async () => {
    const d = countryDetector(url, 300);
    expect(await d.detect('10.0.0.1')).toBe('SK');
    expect(await d.detect('10.0.0.2')).toBe('');
    expect(await d.detect('10.0.0.3')).toBe('');
    expect(held).toHaveLength(1); // it was asked, and gave up waiting
    expect(await d.detect('10.0.0.4')).toBe('');
    expect(await countryDetector(undefined, 300).detect('10.0.0.1')).toBe('');
    // Nothing listens there: empty, not an error.
    expect(await countryDetector('http://127.0.0.1:9/{ip}', 300).detect('10.0.0.1')).toBe('');
  });

  it('caches per address for its TTL, shares one request among callers, and stays bounded', async () => {
    let now = 0;
    const d = countryDetector(url, 1000, () => now);
    calls.length = 0;
    expect(await Promise.all([d.detect('10.0.0.1'), d.detect('10.0.0.1')])).toEqual(['SK', 'SK']);
    expect(await d.detect('10.0.0.1')).toBe('SK');
    expect(calls).toEqual(['10.0.0.1']);
    now += 7 * 3600_000;
    await d.detect('10.0.0.1');
    expect(calls).toEqual(['10.0.0.1', '10.0.0.1']);
    expect(COUNTRY_CACHE_MAX).toBeGreaterThan(0);
  });

  it('takes the socket address unless TRUST_PROXY says a proxy sets X-Forwarded-For', () => {
    expect(visitorAddress('::ffff:10.1.1.1', '1.2.3.4', false)).toBe('10.1.1.1');
    expect(visitorAddress('10.1.1.1', '9.9.9.9, 1.2.3.4', true)).toBe('1.2.3.4');
    expect(visitorAddress('10.1.1.1', undefined, true)).toBe('10.1.1.1');
  });
});
