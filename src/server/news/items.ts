/**
 * A feed's text → the items to store, by @rowanmanning/feed-parser (RSS 0.9x/1.0/2.0 and
 * Atom, lenient with real-world feeds). Each item needs an http(s) link (relative ones
 * resolved against the feed's address): the link is what items are deduplicated by and
 * what the news list opens, so an item without one, or with a javascript: or data: link,
 * is left out. At most `maxItems` are taken (feeds list the newest first).
 */
import { parseFeed } from '@rowanmanning/feed-parser';
import { htmlText } from '../../core/htmlText.ts';
import { isWebUrl } from '../../core/news.ts';
import { FeedFetchError } from './download.ts';

interface FeedItem {
  url: string;
  title: string;
  /** ISO time, or null when the feed gives none (stored as the time it was first fetched). */
  published_on: string | null;
}

export interface ParsedFeed {
  items: FeedItem[];
  /** The feed had more items than were taken. */
  capped: boolean;
}

const MAX_URL = 2000;
const MAX_TITLE = 500;
/** What PostgreSQL text cannot hold besides NUL: lone surrogates. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** A title that carries markup or entities (Atom's type="html", feeds that escape twice) is read as the text it shows. */
const MARKUP = /<\/?[a-z][^>]*>|&(?:#[0-9]{1,7}|#x[0-9a-f]{1,6}|[a-z]+);/i;

const clean = (raw: string, max: number): string => {
  const s = MARKUP.test(raw) ? htmlText(raw) : raw;
  const t = s.replaceAll('\u0000', '').replace(LONE_SURROGATE, '').replace(/\s+/g, ' ').trim();
  return t.length > max ? `${t.slice(0, max - 1).trimEnd()}…` : t;
};

/** The feed's items (deduplicated by link within the feed); a text that is no feed is FeedFetchError('invalid_feed'). */
export function feedItems(text: string, feedUrl: string, maxItems: number): ParsedFeed {
  let feed: ReturnType<typeof parseFeed>;
  try {
    feed = parseFeed(text);
  } catch {
    throw new FeedFetchError('invalid_feed');
  }
  const items: FeedItem[] = [];
  const seen = new Set<string>();
  for (const it of feed.items) {
    if (items.length >= maxItems) return { items, capped: true };
    const link = it.url ?? (it.id && /^https?:\/\//i.test(it.id) ? it.id : null);
    if (!link) continue;
    let url: string;
    try {
      url = new URL(link.trim(), feedUrl).href;
    } catch {
      continue;
    }
    if (!isWebUrl(url) || url.length > MAX_URL || seen.has(url)) continue;
    seen.add(url);
    const date = it.published ?? it.updated;
    items.push({ url, title: clean(it.title ?? '', MAX_TITLE) || url.slice(0, MAX_TITLE), published_on: date && !Number.isNaN(date.getTime()) ? date.toISOString() : null });
  }
  return { items, capped: false };
}
