import { useLocation } from '@tanstack/react-router';
import { useIntl } from 'react-intl';
import { splitLang } from '../../core/langs.ts';
import { saveBookmarks } from '../api/bookmarks.ts';
import { EMPTY, session, useSession } from '../session/session.ts';
import { PinIcon } from './icons.tsx';
import { toast } from './toasts.tsx';
import { describeError } from '../api/said.ts';

/** Spec §2: toggles a bookmark of the current page, stored without the language prefix, only if non-empty. */
export function BookmarkPin() {
  const intl = useIntl();
  const path = splitLang(useLocation().pathname).path.replace(/\/+$/, '');
  const bookmarks = useSession((s) => s.user?.bookmarks ?? EMPTY);
  if (!path) return null;
  const pinned = bookmarks.some((b) => b.path === path);
  const toggle = async () => {
    const next = pinned ? bookmarks.filter((b) => b.path !== path) : [...bookmarks, { path }];
    try {
      const r = await saveBookmarks(next);
      session.set((s) => ({ user: s.user && { ...s.user, bookmarks: r.bookmarks } }));
    } catch (e) {
      toast({ variant: 'danger', id: 'messages.error_saving_data', values: { status: describeError(e) } });
    }
  };
  return (
    <button
      type="button"
      className={`icon-button bookmark-pin${pinned ? ' pinned' : ''}`}
      aria-pressed={pinned}
      aria-label={intl.formatMessage({ id: pinned ? 'chrome.bookmark_remove' : 'chrome.bookmark_add' })}
      title={intl.formatMessage({ id: pinned ? 'chrome.bookmark_remove' : 'chrome.bookmark_add' })}
      onClick={() => void toggle()}
    >
      <PinIcon filled={pinned} />
    </button>
  );
}
