import { Link, useRouter } from '@tanstack/react-router';
import { Suspense } from 'react';
import { useIntl } from 'react-intl';
import { pruneMenu, titleIn, titlesByUrl } from '../../core/breadcrumbs.ts';
import { knownPaths } from '../router/routePaths.ts';
import { withLang } from '../../core/langs.ts';
import { useSession } from '../session/session.ts';
import { usePageTitle } from '../chrome/pageTitle.ts';
import { lazyWithMessages } from '../i18n/lazy.tsx';

/** What the company still lacks before its first storefront order (issue 46): its texts are in the catalogue's later part. */
const SetupChecklist = lazyWithMessages(() => import('./SetupChecklist.tsx'));

/** The landing page: the set-up checklist while the company lacks something, the user's bookmarks and areas (breadcrumbs reset here). */
export function HomePage() {
  const intl = useIntl();
  const lang = useSession((s) => s.lang);
  const user = useSession((s) => s.user);
  usePageTitle('chrome.home');
  const known = knownPaths(useRouter());
  if (!user) return null;
  const areas = pruneMenu(user.menu, known).filter((n) => n.menu);
  const titleOf = titlesByUrl(user.menu, lang);
  const bookmarks = user.bookmarks.filter((b) => known.has(b.path));
  return (
    <div className="home">
      <p className="home-welcome">{intl.formatMessage({ id: 'home.welcome' }, { name: user.first_name || user.user_name })}</p>
      <Suspense fallback={null}>
        <SetupChecklist />
      </Suspense>
      {bookmarks.length > 0 && (
        <section>
          <h2>{intl.formatMessage({ id: 'chrome.bookmarks' })}</h2>
          <ul className="tile-list">
            {bookmarks.map((b) => (
              <li key={b.path}>
                <Link className="tile" to={withLang(b.path, lang)}>
                  {titleOf.get(b.path) ?? b.path}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
      <section>
        <h2>{intl.formatMessage({ id: 'home.areas' })}</h2>
        <ul className="area-grid">
          {areas.map((a) => (
            <li key={a.page_code} className="area">
              <h3>{titleIn(a.page_title, lang)}</h3>
              <ul>
                {(a.url ? [a] : a.children.filter((c) => c.menu && c.url)).map((p) => (
                  <li key={p.page_code}>
                    <Link to={withLang(p.url!, lang)}>{titleIn(p.page_title, lang)}</Link>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
