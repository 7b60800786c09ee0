/**
 * One feed's text, fetched through the outbound guard (src/server/net/outboundFetch.ts):
 * only public addresses, each redirect checked, the whole request (connect, redirects,
 * headers, body) within `timeoutMs`, the body read up to `maxBytes` (a declared
 * Content-Length above it refused before reading). A failure is a FeedFetchError with the
 * code stored on the source (core/news.ts), never a hang, an unbounded buffer or a fact
 * about the inside network.
 */
import type { NewsErrorCode } from '../../core/news.ts';
import { OutboundError, type OutboundFetch, type OutboundResponse } from '../net/outboundFetch.ts';

export class FeedFetchError extends Error {
  constructor(
    readonly code: NewsErrorCode,
    /** The HTTP status when an answer came. */
    readonly status: number | null = null,
  ) {
    super(`feed fetch failed: ${code}${status ? ` (HTTP ${status})` : ''}`);
  }
}

export interface Downloaded {
  /** The address the answer came from (after redirects): relative item links resolve against it. */
  url: string;
  status: number;
  text: string;
}

export interface DownloadLimits {
  timeoutMs: number;
  maxBytes: number;
}

const ACCEPT = 'application/rss+xml, application/atom+xml, application/xml;q=0.9, text/xml;q=0.9, */*;q=0.1';

/** The text encoding: the Content-Type's charset, else the XML declaration's, else UTF-8 (a label TextDecoder does not know is read as UTF-8). */
function decoderFor(contentType: string | null, head: Uint8Array): TextDecoder {
  const declared =
    /charset\s*=\s*"?([\w.:-]+)/i.exec(contentType ?? '')?.[1] ?? /^\s*<\?xml[^>]*\bencoding\s*=\s*["']([\w.:-]+)["']/i.exec(new TextDecoder('latin1').decode(head.subarray(0, 256)))?.[1];
  try {
    return new TextDecoder(declared ?? 'utf-8');
  } catch {
    return new TextDecoder('utf-8');
  }
}

/** Fetches `url` within the limits through the outbound guard (public addresses only, every redirect checked). */
export async function downloadFeed(url: string, limits: DownloadLimits, outbound: OutboundFetch): Promise<Downloaded> {
  let res: OutboundResponse;
  try {
    res = await outbound.get(url, { timeoutMs: limits.timeoutMs, maxBytes: limits.maxBytes, headers: { accept: ACCEPT, 'user-agent': 'back-office-news/1 (+RSS/Atom reader)' } });
  } catch (e) {
    if (!(e instanceof OutboundError)) throw new FeedFetchError('network');
    // Too many redirects or an unreadable Location: the server's answer, said by its status.
    throw new FeedFetchError(e.code === 'redirects' ? 'http_status' : e.code, e.status);
  }
  if (res.status < 200 || res.status >= 300) throw new FeedFetchError('http_status', res.status);
  return { url: res.url, status: res.status, text: decoderFor(res.headers.get('content-type'), res.body).decode(res.body) };
}
