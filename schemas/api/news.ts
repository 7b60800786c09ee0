/** News sources fetched on demand. */
import * as v from 'valibot';
import { defineAction } from './defineAction.ts';
import { MAX_NEWS_FETCH } from '../../src/core/news.ts';

/** `news_fetch` set (/news/news_sources): the sources fetched now, active or not. */
export const NewsFetchPayload = v.strictObject({
  news_source_ids: v.pipe(v.array(v.pipe(v.number(), v.integer(), v.minValue(1))), v.minLength(1, 'at least one source'), v.maxLength(MAX_NEWS_FETCH, `at most ${MAX_NEWS_FETCH} sources`)),
});
/** Sources fetched, new items stored, sources whose fetch failed (their last_error), sources another process was fetching at that moment. */
export const NewsFetchOutput = v.object({ data: v.object({ fetched: v.number(), added: v.number(), failed: v.number(), busy: v.number() }) });

export const newsActions = {
  news_fetch: defineAction({
    entity: 'news_fetch',
    action: 'set',
    page: '/news/news_sources',
    flag: 'set',
    input: NewsFetchPayload,
    output: NewsFetchOutput,
    summary: 'The picked news sources fetched now, active or not (an unknown source: 404 `not_found`).',
  }),
};
