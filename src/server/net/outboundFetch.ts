/**
 * The one way the server fetches a URL a user gave (issue 42: news feeds): a GET that
 * reaches only public addresses, however the URL spells its host and wherever it redirects.
 *
 * - Only http(s), no user name or password in the URL (each hop's URL too).
 * - The host is resolved first and every address judged (addresses.ts): loopback, private,
 *   link-local, CGNAT, multicast, reserved, unspecified, IPv4-mapped/compatible IPv6 and
 *   `localhost` are refused, and a name with any such address among its answers is refused.
 * - The connection goes to the addresses judged, not to a second lookup (a `lookup` that
 *   answers them), so a DNS answer that changes between check and connect (rebinding) is
 *   never used; request-filtering-agent checks the socket's address once more.
 * - Redirects are followed here, at most `maxRedirects`, each hop through the same checks.
 * - One deadline for the whole exchange, every hop and the body included; the body of a 2xx
 *   answer read up to `maxBytes` (a larger Content-Length refused before reading).
 *
 * A refusal or failure is an OutboundError whose code says nothing about the inside network:
 * the guard never connects to a refused address, so a caller cannot tell an internal port
 * that is open from one that is closed. A URL that names a refused address (decided from
 * its text alone) is `blocked_address`; a name whose DNS answer is refused is `network`,
 * like a name that does not resolve, so internal DNS names are not told apart either.
 *
 * `allowHosts` (host:port, OUTBOUND_ALLOW_HOSTS) lets the tests reach their fake servers on
 * 127.0.0.1; it matches the URL's host as written (after URL parsing) and its port, so a
 * name that resolves to an allowed address is still refused.
 */
import type { LookupAddress } from 'node:dns';
import { lookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from 'request-filtering-agent';
import { addressRange, isLocalhostName, urlHost } from './addresses.ts';

export type OutboundErrorCode = 'blocked_address' | 'network' | 'timeout' | 'too_large' | 'redirects';

export class OutboundError extends Error {
  constructor(
    readonly code: OutboundErrorCode,
    /** The HTTP status when an answer came (too_large, redirects). */
    readonly status: number | null = null,
    why?: string,
  ) {
    super(`outbound fetch: ${code}${why ? ` (${why})` : ''}`);
  }
}

interface OutboundRequest {
  /** The whole exchange, every hop, connect to last byte. */
  timeoutMs: number;
  /** A 2xx answer's body at most: reading stops beyond it (too_large). */
  maxBytes: number;
  headers?: Record<string, string>;
  /** Redirects followed at most (default 5); one more is `redirects`. */
  maxRedirects?: number;
}

export interface OutboundResponse {
  /** The address the answer came from (after redirects). */
  url: string;
  status: number;
  headers: Headers;
  /** The body of a 2xx answer; empty for any other status (not read). */
  body: Uint8Array;
}

/** The interface the callers take (a test double answers it without a network). */
export interface OutboundFetch {
  get(url: string, req: OutboundRequest): Promise<OutboundResponse>;
}

/** A name's addresses (dns.lookup by default: what the system resolver, /etc/hosts included, says). */
export type Resolve = (name: string) => Promise<LookupAddress[]>;

export interface OutboundOptions {
  /** Test only: host:port entries fetched whatever their addresses (OUTBOUND_ALLOW_HOSTS). */
  allowHosts?: readonly string[];
  resolve?: Resolve;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const systemResolve: Resolve = (name) => lookup(name, { all: true, verbatim: true });

/** host:port as the URL parser writes it (the default port of http when none is given). */
function hostKey(u: URL): string {
  return `${u.hostname}:${u.port || (u.protocol === 'https:' ? '443' : '80')}`;
}

/** An allow-list entry (host:port) in the form hostKey gives; undefined when it is none. */
export function allowHostKey(entry: string): string | undefined {
  const t = entry.trim();
  if (!/:\d{1,5}$/.test(t)) return undefined;
  try {
    const u = new URL(`http://${t}`);
    return u.pathname === '/' && !u.search && !u.hash && !u.username && !u.password ? hostKey(u) : undefined;
  } catch {
    return undefined;
  }
}

/** A hop's URL, or blocked_address: only http(s), no credentials. */
function checkedUrl(u: URL): URL {
  if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new OutboundError('blocked_address', null, 'not http(s)');
  if (u.username || u.password) throw new OutboundError('blocked_address', null, 'credentials in the URL');
  return u;
}

/** `p`, or a rejection when `signal` aborts first (a DNS lookup cannot be cancelled, only left). */
function untilAborted<T>(p: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(new OutboundError('timeout'));
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    p.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** The addresses a hop may connect to, or the refusal. */
async function addressesOf(u: URL, allowed: boolean, resolve: Resolve, signal: AbortSignal): Promise<LookupAddress[]> {
  const host = urlHost(u);
  if ('address' in host) {
    if (!allowed && addressRange(host.address) !== 'public') throw new OutboundError('blocked_address', null, 'a non-public address');
    return [{ address: host.address, family: isIP(host.address) }];
  }
  if (!allowed && isLocalhostName(host.name)) throw new OutboundError('blocked_address', null, 'localhost');
  let found: LookupAddress[];
  try {
    found = await untilAborted(resolve(host.name), signal);
  } catch (e) {
    throw e instanceof OutboundError ? e : new OutboundError('network', null, 'not resolved');
  }
  if (!found.length) throw new OutboundError('network', null, 'not resolved');
  // Said as a name that does not resolve: the answer is the inside network's fact.
  if (!allowed && found.some((a) => addressRange(a.address) !== 'public')) throw new OutboundError('network', null, 'resolves to a non-public address');
  return found;
}

/** A `lookup` for net.connect that answers only the addresses already judged. */
function pinnedLookup(addresses: LookupAddress[]): LookupFunction {
  return (_name, options, cb) => {
    const family = options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : Number(options.family ?? 0);
    const fit = family ? addresses.filter((a) => a.family === family) : addresses;
    if (!fit.length) return cb(Object.assign(new Error('no address of the family asked'), { code: 'ENOTFOUND' }), '');
    if (options.all) cb(null, fit);
    else cb(null, fit[0]!.address, fit[0]!.family);
  };
}

interface Hop {
  status: number;
  headers: Headers;
  location?: string;
  body: Uint8Array;
}

function headersOf(res: http.IncomingMessage): Headers {
  const h = new Headers();
  for (const [name, value] of Object.entries(res.headers)) {
    for (const v of value === undefined ? [] : [value].flat()) {
      try {
        h.append(name, v);
      } catch {
        /* a value Headers does not take is left out */
      }
    }
  }
  return h;
}

/** One GET to the addresses judged. */
function exchange(u: URL, addresses: LookupAddress[], allowed: boolean, req: OutboundRequest, signal: AbortSignal): Promise<Hop> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(new OutboundError('timeout'));
    // Per request, no keep-alive: a socket is never reused for another hop's host.
    const filter = { keepAlive: false, allowIPAddressList: allowed ? addresses.map((a) => a.address) : [] };
    const agent = u.protocol === 'https:' ? new RequestFilteringHttpsAgent(filter) : new RequestFilteringHttpAgent(filter);
    let settled = false;
    // Its callbacks run after it is made: `request` is set whenever they call finish.
    const finish = (e: OutboundError | null, hop?: Hop) => {
      if (settled) return;
      settled = true;
      signal.removeEventListener('abort', onAbort);
      request.destroy();
      agent.destroy();
      if (e) reject(e);
      else resolve(hop!);
    };
    const onAbort = () => finish(new OutboundError('timeout'));
    const options: http.RequestOptions = { method: 'GET', headers: req.headers, agent, lookup: pinnedLookup(addresses) };
    const request = (u.protocol === 'https:' ? https : http).request(u, options, (res) => {
      const status = res.statusCode ?? 0;
      const headers = headersOf(res);
      const location = res.headers.location;
      if (REDIRECTS.has(status) && location) return finish(null, { status, headers, location, body: new Uint8Array() });
      if (status < 200 || status >= 300) return finish(null, { status, headers, body: new Uint8Array() });
      if (Number(res.headers['content-length'] ?? Number.NaN) > req.maxBytes) return finish(new OutboundError('too_large', status));
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.byteLength;
        if (size > req.maxBytes) finish(new OutboundError('too_large', status));
        else chunks.push(chunk);
      });
      res.on('end', () => finish(null, { status, headers, body: new Uint8Array(Buffer.concat(chunks, size)) }));
      res.on('error', () => finish(new OutboundError('network')));
      res.on('close', () => finish(new OutboundError('network')));
    });
    // Connection refused, reset, TLS, the agent's own refusal: one code, the cause not said.
    request.on('error', () => finish(new OutboundError('network')));
    signal.addEventListener('abort', onAbort, { once: true });
    request.end();
  });
}

/** The guard: `allowHosts` only in tests. */
export function outboundFetch(opts: OutboundOptions = {}): OutboundFetch {
  const allow = new Set((opts.allowHosts ?? []).map((e) => allowHostKey(e)).filter((k) => k !== undefined));
  const resolve = opts.resolve ?? systemResolve;
  return {
    async get(url, req) {
      const signal = AbortSignal.timeout(req.timeoutMs);
      let u: URL;
      try {
        u = checkedUrl(new URL(url));
      } catch (e) {
        throw e instanceof OutboundError ? e : new OutboundError('blocked_address', null, 'not a URL');
      }
      for (let hop = 0; ; hop++) {
        const allowed = allow.has(hostKey(u));
        const answer = await exchange(u, await addressesOf(u, allowed, resolve, signal), allowed, req, signal);
        if (answer.location === undefined) return { url: u.href, status: answer.status, headers: answer.headers, body: answer.body };
        if (hop >= (req.maxRedirects ?? 5)) throw new OutboundError('redirects', answer.status, 'too many redirects');
        let next: URL;
        try {
          next = new URL(answer.location, u);
        } catch {
          throw new OutboundError('redirects', answer.status, 'an unreadable Location');
        }
        u = checkedUrl(next);
      }
    },
  };
}

/** The guard with no allow list: public addresses only. */
export const publicOutbound: OutboundFetch = outboundFetch();

/** The server's guard: public addresses only, unless the (test-only) OUTBOUND_ALLOW_HOSTS names some. */
export const configuredOutbound = (config: { outboundAllowHosts: readonly string[] }): OutboundFetch =>
  config.outboundAllowHosts.length ? outboundFetch({ allowHosts: config.outboundAllowHosts }) : publicOutbound;
