import { Link, useRouter } from '@tanstack/react-router';
import { useIntl } from 'react-intl';
import { useMemo, type KeyboardEvent } from 'react';
import { pruneMenu, titleIn, titlesByUrl } from '../../core/breadcrumbs.ts';
import { knownPaths } from '../router/routePaths.ts';
import { withLang, type Lang } from '../../core/langs.ts';
import type { MenuNode } from '../api/types.ts';
import { EMPTY, useSession } from '../session/session.ts';
import { Sidebar } from './Sidebar.tsx';

/** The user's menu tree (only nodes flagged `menu`), with the bookmarks on top. */
export function MenuSidebar({ open, onOpenChange }: { open: boolean; onOpenChange: (o: boolean) => void }) {
  const intl = useIntl();
  const lang = useSession((s) => s.lang);
  const known = knownPaths(useRouter());
  const fullMenu = useSession((s) => s.user?.menu ?? EMPTY);
  const menu = useMemo(() => pruneMenu(fullMenu, known), [fullMenu, known]);
  const allBookmarks = useSession((s) => s.user?.bookmarks ?? EMPTY);
  const bookmarks = useMemo(() => allBookmarks.filter((b) => known.has(b.path)), [allBookmarks, known]);
  const close = () => onOpenChange(false);
  const titleOf = titlesByUrl(menu, lang);
  return (
    <Sidebar
      open={open}
      onOpenChange={onOpenChange}
      side="left"
      title={intl.formatMessage({ id: 'chrome.menu' })}
      closeLabel={intl.formatMessage({ id: 'common.close' })}
      initialFocus={(content) => content.querySelector<HTMLElement>('nav a.active') ?? content.querySelector<HTMLElement>('.sidebar-body a, .sidebar-body summary')}
    >
      <div className="menu-keys" onKeyDown={menuKeys}>
        {bookmarks.length > 0 && (
          <section className="menu-section">
            <h2 className="menu-heading">{intl.formatMessage({ id: 'chrome.bookmarks' })}</h2>
            <ul className="menu-list">
              {bookmarks.map((b) => (
                <li key={b.path}>
                  <Link to={withLang(b.path, lang)} onClick={close}>
                    {titleOf.get(b.path) ?? b.path}
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        )}
        <nav aria-label={intl.formatMessage({ id: 'chrome.menu' })}>
          <MenuTree nodes={menu} lang={lang} onNavigate={close} />
        </nav>
      </div>
    </Sidebar>
  );
}

/**
 * Arrow keys walk the menu's links and group headings as a tree view would (Tab still
 * goes through them): Down/Up the next/previous one shown, Home/End the first/last.
 */
function menuKeys(e: KeyboardEvent<HTMLElement>) {
  if (e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
  if (!['ArrowDown', 'ArrowUp', 'Home', 'End'].includes(e.key)) return;
  const items = [...e.currentTarget.querySelectorAll<HTMLElement>('a, summary')].filter((el) => el.getClientRects().length > 0);
  const at = items.indexOf(document.activeElement as HTMLElement);
  const next = e.key === 'Home' ? 0 : e.key === 'End' ? items.length - 1 : e.key === 'ArrowDown' ? Math.min(items.length - 1, at + 1) : Math.max(0, at - 1);
  const el = items[next];
  if (!el) return;
  e.preventDefault();
  el.focus();
}

function MenuTree({ nodes, lang, onNavigate }: { nodes: MenuNode[]; lang: Lang; onNavigate: () => void }) {
  const shown = nodes.filter((n) => n.menu);
  if (!shown.length) return null;
  return (
    <ul className="menu-list">
      {shown.map((n) => (
        <li key={n.page_code}>
          {n.url ? (
            <>
              <Link to={withLang(n.url, lang)} onClick={onNavigate} activeProps={{ className: 'active' }}>
                {titleIn(n.page_title, lang)}
              </Link>
              {/* Pages under a page (2frontendPages → colDefs). */}
              <MenuTree nodes={n.children} lang={lang} onNavigate={onNavigate} />
            </>
          ) : (
            <details open>
              <summary>{titleIn(n.page_title, lang)}</summary>
              <MenuTree nodes={n.children} lang={lang} onNavigate={onNavigate} />
            </details>
          )}
        </li>
      ))}
    </ul>
  );
}
