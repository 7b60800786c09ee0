/**
 * News feeds (issue 24): the rules the browser and the server share. A source's last fetch
 * failure is stored as one of these codes and said in the user's language
 * (the option set `options.last_error.<code>` of its descriptor); migrations 057 and 090 check the same list.
 * `blocked_address`: the URL names an address the server never fetches (outboundFetch.ts).
 */
export const NEWS_ERROR_CODES = ['timeout', 'network', 'http_status', 'too_large', 'invalid_feed', 'too_many_items', 'blocked_address'] as const;
export type NewsErrorCode = (typeof NEWS_ERROR_CODES)[number];

/** Sources per "fetch now" at most: each download is bounded in time, so the answer comes within a few of them. */
export const MAX_NEWS_FETCH = 20;

/** A feed's address: http(s) with a host, nothing else is fetched (the descriptor's pattern and rule news_feed_url say the same). */
export const FEED_URL_PATTERN = '^[Hh][Tt][Tt][Pp][Ss]?://[^/?#\\s]+\\S*$';

/** Whether `url` is an http(s) URL the server may fetch or a reader may open: parsed, and only these two schemes. */
export function isWebUrl(url: string): boolean {
  try {
    const u = new URL(url);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname !== '';
  } catch {
    return false;
  }
}
