-- News (issue 42): a feed whose URL names an address the server never fetches (loopback,
-- private, link-local, … in any spelling; src/server/net/outboundFetch.ts) is stored as
-- `blocked_address` on its source, one more code of core/news.ts NEWS_ERROR_CODES.
alter table app.news_sources drop constraint news_last_error;
alter table app.news_sources add constraint news_last_error check (last_error in ('timeout', 'network', 'http_status', 'too_large', 'invalid_feed', 'too_many_items', 'blocked_address'));
