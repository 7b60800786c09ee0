import { Link, useLocation } from '@tanstack/react-router';
import { useIntl } from 'react-intl';
import { breadcrumbs } from '../../core/breadcrumbs.ts';
import { splitLang, withLang } from '../../core/langs.ts';
import { EMPTY, useSession } from '../session/session.ts';

/**
 * Spec §2: the title is the last breadcrumb; the trail starts with Home and is shown
 * only with more than one item. Landing pages (index) reset it to Home.
 */
export function PageHeader() {
  const intl = useIntl();
  const lang = useSession((s) => s.lang);
  const menu = useSession((s) => s.user?.menu ?? EMPTY);
  const { path } = splitLang(useLocation().pathname);
  const crumbs = breadcrumbs(path === '/' ? [] : menu, path, lang, intl.formatMessage({ id: 'chrome.home' }));
  const title = crumbs[crumbs.length - 1]!.text;
  return (
    <div className="page-header">
      <h1 className="page-title">{title}</h1>
      {crumbs.length > 1 && (
        <nav aria-label={intl.formatMessage({ id: 'chrome.breadcrumbs' })}>
          <ol className="breadcrumbs">
            {crumbs.map((c, i) => (
              <li key={i} aria-current={i === crumbs.length - 1 ? 'page' : undefined}>
                {c.to && i < crumbs.length - 1 ? <Link to={withLang(c.to, lang)}>{c.text}</Link> : <span>{c.text}</span>}
              </li>
            ))}
          </ol>
        </nav>
      )}
    </div>
  );
}
