/**
 * The daily rate feed on the rates screen (registry key `rate_feed`; server:
 * src/server/actions/rates.ts): what the feed last did — the day and time of the last rates
 * fetched, or that the last fetch failed, why, and that the last rates are kept — and
 * "Fetch now", after which the grid reloads with what it stored.
 */
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { formatDay, formatDayTime } from '../../core/format.ts';
import { actions, type AnswerOf } from '../api/actions.ts';
import { toast } from '../chrome/toasts.tsx';
import { useT } from '../i18n/useT.ts';
import { useFailed } from './failed.ts';
import type { BulkActionProps } from './actionProps.ts';

type Status = AnswerOf<'rate_feed_status'>;

/** Why the last fetch failed, in words (core/rates.ts RATE_FEED_ERRORS). */
const REASONS: Record<NonNullable<Status['last_error']>, string> = {
  timeout: 'rates.error_timeout',
  network: 'rates.error_network',
  http_status: 'rates.error_http_status',
  too_large: 'rates.error_too_large',
  invalid_feed: 'rates.error_invalid_feed',
  blocked_address: 'rates.error_blocked_address',
};

/** Whether the last failure came after the last success: the rates of that success are in force. */
const failedLast = (s: Status): boolean => !!s.last_failed_at && (!s.last_fetched_at || Date.parse(s.last_failed_at) > Date.parse(s.last_fetched_at));

export function RateFeed({ onDone }: BulkActionProps) {
  const t = useT();
  const { locale } = useIntl();
  const failed = useFailed();
  const [status, setStatus] = useState<Status | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    let live = true;
    actions.rate_feed_status().then(
      (s) => live && setStatus(s),
      () => {},
    );
    return () => {
      live = false;
    };
  }, []);
  const fetchNow = async () => {
    setBusy(true);
    try {
      const s = await actions.rate_feed_fetch();
      setStatus(s);
      toast(failedLast(s) ? { variant: 'warning', id: 'rates.fetch_failed' } : { variant: 'success', id: 'rates.fetched_now', values: { day: formatDay(s.last_rate_date, locale) } });
      onDone();
    } catch (e) {
      failed(e);
    } finally {
      setBusy(false);
    }
  };
  if (!status) return null;
  const host = status.host ?? '';
  const lines: { text: string; warn?: boolean }[] = [];
  if (!status.enabled) lines.push({ text: t('rates.feed_off') });
  else if (status.last_fetched_at) lines.push({ text: t('rates.feed_fetched', { day: formatDay(status.last_rate_date, locale), at: formatDayTime(status.last_fetched_at, locale), host }) });
  else lines.push({ text: t('rates.feed_never', { host }) });
  if (failedLast(status)) {
    const reason = t(REASONS[status.last_error ?? 'network'], { status: status.last_status ?? '' });
    lines.push({ text: t('rates.feed_failed', { at: formatDayTime(status.last_failed_at, locale), reason }), warn: true });
  }
  return (
    <>
      {status.enabled && (
        <button type="button" className="grid-bulk-rate-fetch" disabled={busy} onClick={() => void fetchNow()}>
          {t('rates.fetch_now')}
        </button>
      )}
      <span className="rate-feed-status" role="status" data-failed={failedLast(status) || undefined}>
        {lines.map((l) => (
          <span key={l.text} className={l.warn ? 'rate-feed-failed' : undefined}>
            {l.text}{' '}
          </span>
        ))}
      </span>
    </>
  );
}
