-- News (issue 24): RSS/Atom sources and the items fetched from them.
--
-- Shared by the companies, like brands and countries: a feed is public text, the same for
-- every company, so one fetch serves them all and a source is fetched once per interval
-- however many companies read it. Access is by page (/news/news_list, /news/news_sources).
--
-- The server fetches due sources (src/server/news/fetcher.ts): it claims them with
-- FOR UPDATE SKIP LOCKED, moving next_fetch_at a lease on in the claiming statement, so any
-- number of processes fetch each source once per interval.

create table app.news_sources (
  news_source_id serial primary key,
  -- feed_url first: a duplicate is said as "Feed URL already exists".
  feed_url text not null unique,
  source_name text not null,
  language_code text not null references app.languages,
  country_code text references app.countries,
  category text not null default '',
  active boolean not null default true,
  -- Minutes between two scheduled fetches.
  fetch_interval_min int not null default 60,
  -- When the scheduler takes it next (a claim moves it a lease on, the fetch's end one interval on).
  next_fetch_at timestamptz not null default now(),
  last_fetched_at timestamptz,
  -- Why the last fetch failed, as a code the browser says in the user's language (news.error_<code>); null: it worked.
  last_error text,
  -- The HTTP status of the last answer (null: none came).
  last_status int,
  row_version int not null default 1
);
-- Only http(s): the server fetches nothing else (no file:, ftp:, data: …).
alter table app.news_sources add constraint news_feed_url check (feed_url ~* '^https?://[^/?#[:space:]]+[^[:space:]]*$' and length(feed_url) <= 2000);
alter table app.news_sources add constraint news_fetch_interval check (fetch_interval_min between 5 and 10080);
alter table app.news_sources add constraint news_last_error check (last_error in ('timeout', 'network', 'http_status', 'too_large', 'invalid_feed', 'too_many_items'));
create index news_sources_due on app.news_sources (next_fetch_at) where active;

-- Items are deduplicated by URL across all sources: an article two feeds carry (a site's
-- main feed and its category feed) is listed once, under the source that brought it first.
create table app.news_items (
  news_item_id bigint generated always as identity primary key,
  news_source_id int not null references app.news_sources on delete cascade,
  url text not null unique,
  title text not null,
  -- The feed's date of the item, else when it was first fetched.
  published_on timestamptz not null,
  fetched_at timestamptz not null default now()
);
alter table app.news_items add constraint news_item_url check (url ~* '^https?://' and length(url) <= 2000);
create index news_items_source on app.news_items (news_source_id);
create index news_items_published on app.news_items (published_on desc, news_item_id desc);

-- A source with its item count (the sources grid).
create view app.v_news_sources as
select s.news_source_id, s.feed_url, s.source_name, s.language_code, s.country_code, s.category, s.active, s.fetch_interval_min,
       s.last_fetched_at, s.last_error, s.last_status, s.next_fetch_at,
       (select count(*)::int from app.news_items i where i.news_source_id = s.news_source_id) as item_count, s.row_version
from app.news_sources s;

-- The news list: each item with its source's name, category, language and country.
create view app.v_news as
select i.news_item_id, i.title, i.url, s.source_name as news_source_name, i.published_on, s.category, s.language_code, s.country_code,
       i.news_source_id, i.fetched_at
from app.news_items i
join app.news_sources s on s.news_source_id = i.news_source_id;
