import { Link } from '@tanstack/react-router';
import { useIntl } from 'react-intl';
import { withLang } from '../../core/langs.ts';
import { logout } from '../session/auth.ts';
import { setTheme, usePrefs } from '../session/prefs.ts';
import { useSession } from '../session/session.ts';
import { Sidebar } from './Sidebar.tsx';

export function UserSidebar({ open, onOpenChange }: { open: boolean; onOpenChange: (o: boolean) => void }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const theme = usePrefs((p) => p.theme);
  const lang = useSession((s) => s.lang);
  return (
    <Sidebar open={open} onOpenChange={onOpenChange} side="right" title={t('chrome.user')} closeLabel={t('common.close')}>
      <UserFacts />
      <Link className="btn btn-secondary btn-block user-profile-link" to={withLang('/profile', lang)} onClick={() => onOpenChange(false)}>
        {t('auth.profile')}
      </Link>
      <label className="form-field">
        <span>{t('chrome.grid_theme')}</span>
        <select className="select" value={theme} onChange={(e) => setTheme(e.target.value === 'alpine' ? 'alpine' : 'balham')}>
          <option value="balham">Balham</option>
          <option value="alpine">Alpine</option>
        </select>
      </label>
      <button type="button" className="btn btn-secondary btn-block" onClick={() => logout('/login')}>
        {t('chrome.logout')}
      </button>
    </Sidebar>
  );
}

/**
 * Who is signed in, in which company. A component of its own: its labels (column labels, the
 * catalogue's later part) are said only once the sidebar is open, whose dialog waits for that part.
 */
function UserFacts() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const user = useSession((s) => s.user);
  const company = useSession((s) => s.user?.companies.find((c) => c.company_code === s.company));
  if (!user) return null;
  return (
    <dl className="user-facts">
      <dt>{t('fields.user_name')}</dt>
      <dd>{[user.first_name, user.last_name].filter(Boolean).join(' ') || user.user_name}</dd>
      <dt>{t('fields.user_email')}</dt>
      <dd>{user.user_email}</dd>
      {company && (
        <>
          <dt>{t('common.company')}</dt>
          <dd>{company.company_name}</dd>
        </>
      )}
    </dl>
  );
}
