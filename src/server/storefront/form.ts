import type { Context } from 'hono';

/** A storefront form body is at most a few kilobytes (the checkout's is the largest): more is refused unread. */
const MAX_FORM_BYTES = 16 * 1024;

/**
 * A urlencoded form body, read up to MAX_FORM_BYTES as it streams in (a chunked body without
 * Content-Length is capped too); null when too large or not a form.
 */
export async function formOf(c: Context): Promise<URLSearchParams | null> {
  if (!(c.req.header('content-type') ?? '').startsWith('application/x-www-form-urlencoded')) return null;
  const body = c.req.raw.body;
  if (!body) return new URLSearchParams();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
    size += chunk.byteLength;
    if (size > MAX_FORM_BYTES) return null;
    chunks.push(chunk);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

/** Only the named fields of a form, each at most 1,000 characters (a forged extra field is never looked at). */
export function fieldsOf(form: URLSearchParams, keys: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const k of keys) {
    const v = form.get(k);
    if (v !== null) out[k] = v.slice(0, 1000);
  }
  return out;
}
