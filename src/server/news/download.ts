/**
 * One feed's bytes over http(s), bounded: the whole request (connect, headers, body) within
 * `timeoutMs` (an AbortSignal), the body read up to `maxBytes` and cancelled beyond it (a
 * declared Content-Length above it is refused before reading). A failure is a
 * FeedFetchError with the code stored on the source (core/news.ts), never a hang or an
 * unbounded buffer.
 */
import type { NewsErrorCode } from '../../core/news.ts';
import { isWebUrl } from '../../core/news.ts';

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

/** Fetches `url` within the limits; only http(s) (redirects included: fetch follows no other scheme). */
export async function downloadFeed(url: string, limits: DownloadLimits): Promise<Downloaded> {
  if (!isWebUrl(url)) throw new FeedFetchError('network');
  const signal = AbortSignal.timeout(limits.timeoutMs);
  const failed = () => new FeedFetchError(signal.aborted ? 'timeout' : 'network');
  let res: Response;
  try {
    res = await fetch(url, { signal, redirect: 'follow', headers: { accept: ACCEPT, 'user-agent': 'back-office-news/1 (+RSS/Atom reader)' } });
  } catch {
    throw failed();
  }
  const cancel = () => res.body?.cancel().catch(() => {});
  if (!res.ok) {
    await cancel();
    throw new FeedFetchError('http_status', res.status);
  }
  const declared = Number(res.headers.get('content-length') ?? Number.NaN);
  if (declared > limits.maxBytes) {
    await cancel();
    throw new FeedFetchError('too_large', res.status);
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (res.body) {
    const reader = res.body.getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        size += value.byteLength;
        if (size > limits.maxBytes) {
          await reader.cancel().catch(() => {});
          throw new FeedFetchError('too_large', res.status);
        }
        chunks.push(value);
      }
    } catch (e) {
      if (e instanceof FeedFetchError) throw e;
      throw failed();
    }
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    bytes.set(c, at);
    at += c.byteLength;
  }
  return { url: res.url || url, status: res.status, text: decoderFor(res.headers.get('content-type'), bytes).decode(bytes) };
}
