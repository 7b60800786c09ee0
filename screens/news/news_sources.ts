import { defineScreen } from '../../schemas/screen.ts';
import { FEED_URL_PATTERN, NEWS_ERROR_CODES } from '../../src/core/news.ts';

/**
 * News sources (issue 24): the RSS and Atom feeds the server fetches every
 * `fetch_interval_min` minutes while active (src/server/news/fetcher.ts), with what the last
 * fetch found: when, its failure's code said in the user's language, the HTTP status and the
 * items stored. Shared by the companies (migration 057). "Fetch now" fetches the picked ones.
 */
export default defineScreen({
  form: 'news_sources',
  menu: { icon: 'rss', order: 2 },
  source: {
    relation: 'app.v_news_sources',
    key: 'news_source_id',
    write: 'app.news_sources',
    generatedKey: true,
    version: 'row_version',
    sort: [{ colId: 'source_name', sort: 'asc' }],
  },
  columns: {
    news_source_id: { type: 'int', hidden: true },
    source_name: { label: 'news_source_name', editable: true, required: true, maxLength: 200, width: 200, pinned: 'left' },
    feed_url: { editable: true, required: true, maxLength: 2000, pattern: FEED_URL_PATTERN, patternHint: 'https://…', renderer: 'link', width: 250 },
    language_code: { editable: true, required: true, options: ['en', 'de', 'hu', 'sk', 'ro', 'cs', 'bg'], renderer: 'languageCode', editor: 'language', width: 100 },
    country_code: { type: 'ref', lookup: 'countries_brief', renderer: 'country', editable: true, width: 150 },
    category: { label: 'news_category', editable: true, maxLength: 100, width: 150 },
    active: { type: 'bool', renderer: 'activeFlag', editable: true, default: true, width: 100 },
    fetch_interval_min: { type: 'int', editable: true, min: 5, max: 10080, default: 60, width: 100 },
    last_fetched_at: { type: 'datetime', width: 150 },
    last_error: { options: [...NEWS_ERROR_CODES], width: 200 },
    last_status: { type: 'int', width: 100, hidden: true },
    item_count: { type: 'int', width: 100 },
  },
  actions: { add: true, delete: true, bulk: ['news_fetch'] },
});
