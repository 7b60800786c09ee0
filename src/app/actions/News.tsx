/**
 * "Fetch now" on the news sources (registry key `news_fetch`; server:
 * src/server/actions/news.ts): the picked sources' feeds fetched at once, whatever their
 * schedule; the toast says how many were fetched, the new items and the failures (each
 * source's own reason is in its "Last error" cell after the reload).
 */
import { useState } from 'react';
import { MAX_NEWS_FETCH } from '../../core/news.ts';
import { actions } from '../api/actions.ts';
import { toast } from '../chrome/toasts.tsx';
import { useT } from '../i18n/useT.ts';
import { useFailed } from './failed.ts';
import type { BulkActionProps } from './actionProps.ts';

export function NewsFetch({ query, onDone }: BulkActionProps) {
  const t = useT();
  const failed = useFailed();
  const [busy, setBusy] = useState(false);
  const sel = query.selection;
  const picked = sel && !sel.all && sel.count > 0 ? (sel.keys as number[]) : undefined;
  const tooMany = !!picked && picked.length > MAX_NEWS_FETCH;
  const run = async () => {
    if (!picked || tooMany) return;
    setBusy(true);
    try {
      const r = await actions.news_fetch({ news_source_ids: picked });
      toast({ variant: r.failed || r.busy ? 'warning' : 'success', id: 'news.fetched', values: { fetched: r.fetched, added: r.added, failed: r.failed, busy: r.busy } });
      onDone();
    } catch (e) {
      failed(e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      className="grid-bulk-news-fetch"
      disabled={!picked || tooMany || busy}
      title={tooMany ? t('news.fetch_too_many', { max: MAX_NEWS_FETCH }) : picked ? undefined : t('news.fetch_pick')}
      onClick={() => void run()}
    >
      {t('news.fetch_now')}
      {picked ? ` (${picked.length})` : ''}
    </button>
  );
}
