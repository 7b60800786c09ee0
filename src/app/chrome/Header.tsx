import { useIntl } from 'react-intl';
import { menuPaths } from '../../core/breadcrumbs.ts';
import { setCompany, setCurrency } from '../session/auth.ts';
import AskAiEntry from '../ai/AskAiEntry.tsx';
import { EMPTY, useSession } from '../session/session.ts';
import { BookmarkPin } from './BookmarkPin.tsx';
import { Logo, MenuIcon, UserIcon } from './icons.tsx';
import { LanguageSelect } from './LanguageSelect.tsx';

export function Header({ onMenu, onUser }: { onMenu: () => void; onUser: () => void }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const companies = useSession((s) => s.user?.companies ?? EMPTY);
  const company = useSession((s) => s.company);
  const currencies = useSession((s) => s.currencies);
  const currency = useSession((s) => s.currency);
  const signedIn = useSession((s) => !!s.token);
  // Ask-AI for whoever may open the AI query page (the server checks the same right).
  const mayAsk = useSession((s) => menuPaths(s.user?.menu ?? EMPTY).has('/ai-query'));
  return (
    <header className="app-header">
      <button type="button" className="icon-button" aria-label={t('chrome.menu')} onClick={onMenu}>
        <MenuIcon />
      </button>
      {/* The logo opens the menu tree (spec §2). Its name starts with the words it shows (WCAG 2.5.3: label in name), then says what it does. */}
      <button type="button" className="logo-button" onClick={onMenu}>
        <Logo />
        <span className="logo-text">{t('app.name')}</span>
        <span className="visually-hidden"> {t('chrome.menu_tree')}</span>
      </button>
      <div className="header-spacer" />
      {companies.length > 0 && (
        <select className="select" aria-label={t('common.company')} value={company ?? ''} onChange={(e) => void setCompany(e.target.value)}>
          {companies.map((c) => (
            <option key={c.company_code} value={c.company_code}>
              {c.company_name}
            </option>
          ))}
        </select>
      )}
      {currencies.length > 1 && (
        <label className="header-field">
          <span className="header-label">{t('common.currency')}</span>
          <select className="select" value={currency ?? ''} onChange={(e) => void setCurrency(e.target.value)}>
            {currencies.map((c) => (
              <option key={c.currency_code} value={c.currency_code}>
                {c.currency_code}
              </option>
            ))}
          </select>
        </label>
      )}
      <LanguageSelect />
      <BookmarkPin />
      {/* The button only (a first-part key, in the app's chunk: a chunk of its own cost more than its code); its sidebar loads with its first opening. */}
      {signedIn && mayAsk && <AskAiEntry />}
      <button type="button" className="icon-button" aria-label={t('chrome.user')} onClick={onUser}>
        <UserIcon signedIn={signedIn} />
      </button>
    </header>
  );
}
