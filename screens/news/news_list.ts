import { defineScreen } from '../../schemas/screen.ts';

/**
 * The news fetched from the news sources (issue 24), newest first: each item opens its
 * article in a new tab (the `link` renderer: http(s) only, rel="noopener noreferrer").
 * Category, language and country are its source's. Read-only: the fetcher writes the items
 * (deduplicated by URL across sources). Shared by the companies (migration 057).
 */
export default defineScreen({
  form: 'news_list',
  menu: { icon: 'newspaper', order: 1 },
  source: {
    relation: 'app.v_news',
    key: 'news_item_id',
    sort: [{ colId: 'published_on', sort: 'desc' }],
  },
  columns: {
    news_item_id: { type: 'int', hidden: true },
    title: { label: 'news_title', width: 250, pinned: 'left' },
    url: { label: 'news_url', renderer: 'link', width: 250 },
    news_source_name: { width: 200 },
    published_on: { type: 'datetime', width: 150 },
    category: { label: 'news_category', width: 150 },
    language_code: { options: ['en', 'de', 'hu', 'sk', 'ro', 'cs', 'bg'], renderer: 'languageCode', width: 100 },
    country_code: { type: 'ref', lookup: 'countries_brief', renderer: 'country', width: 150 },
  },
});
