import { Link, useLocation, useRouter } from '@tanstack/react-router';
import { useIntl } from 'react-intl';
import { breadcrumbs } from '../../core/breadcrumbs.ts';
import { helpHref } from '../../core/guide.ts';
import { splitLang, withLang } from '../../core/langs.ts';
import { routeTitle } from '../router/routePaths.ts';
import { useSession } from '../session/session.ts';
import { HelpIcon } from './icons.tsx';

/**
 * Spec §2: the title is the last breadcrumb; the trail starts with Home and is shown
 * only with more than one item. Landing pages (index) reset it to Home. Titles are the
 * catalogue keys the generated route tree carries (the same texts the menu seed holds). Beside
 * the title, the help button opens the staff guide's page of the screen's area.
 */
export function PageHeader() {
  const intl = useIntl();
  const lang = useSession((s) => s.lang);
  const router = useRouter();
  const { path } = splitLang(useLocation().pathname);
  // A screen's title comes with its labels (core/catalogueParts.ts): blank for the moment they load, never the key.
  const crumbs = breadcrumbs(path, (p) => routeTitle(router, p)).map((c) => ({ ...c, text: c.id in intl.messages ? intl.formatMessage({ id: c.id }) : '' }));
  const title = crumbs[crumbs.length - 1]!.text;
  // The help button: the staff guide's page of the screen's area (the server resolves it: core/guide.ts), in a new tab.
  const help = intl.formatMessage({ id: 'chrome.help' });
  return (
    <div className="page-header">
      <div className="page-title-row">
        <h1 className="page-title">{title}</h1>
        <a className="page-help" href={helpHref(lang, path)} target="_blank" rel="noopener" aria-label={help} title={help}>
          <HelpIcon />
        </a>
      </div>
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
