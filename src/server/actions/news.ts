/**
 * `news_fetch` (set on /news/news_sources): the picked sources fetched now, whether active
 * or due (src/server/news/fetcher.ts claims them like the schedule does, so a source another
 * process is fetching at this moment is not fetched twice: it counts as busy). News is
 * shared by the companies (migration 057): the page permission is the only scope.
 */
import { actionContracts } from '../../../schemas/api.ts';
import { HttpError } from '../http/errors.ts';
import { configuredOutbound } from '../net/outboundFetch.ts';
import { fetchSources } from '../news/fetcher.ts';
import { implement } from './implement.ts';

export const newsFetch = implement(actionContracts.news_fetch, async ({ db, config }, input) => {
  const ids = [...new Set(input.news_source_ids)];
  const found = await db.query<{ id: number }>('select news_source_id as id from app.news_sources where news_source_id = any($1::int[])', [ids]);
  if (found.rows.length !== ids.length) {
    const have = new Set(found.rows.map((r) => r.id));
    throw new HttpError(404, 'not_found', `payload.news_source_ids: news source ${ids.find((id) => !have.has(id))} does not exist`);
  }
  const { results, busy } = await fetchSources(db, ids, new Date(), { outbound: configuredOutbound(config) });
  return { fetched: results.length, added: results.reduce((a, r) => a + r.added, 0), failed: results.filter((r) => r.error).length, busy: busy.length };
});
