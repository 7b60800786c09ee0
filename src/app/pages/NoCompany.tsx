import { Link } from '@tanstack/react-router';
import { Building2 } from 'lucide-react';
import { menuPaths } from '../../core/breadcrumbs.ts';
import { withLang } from '../../core/langs.ts';
import { useT } from '../i18n/useT.ts';
import { EMPTY, useSession } from '../session/session.ts';

const COMPANIES = '/settings/companies';

/**
 * In place of a company's screen for a user who works in no company yet (a new database's
 * first administrator before she creates one): what is missing and, when she may, the way to it —
 * not a failed request or a "not allowed".
 */
export default function NoCompany() {
  const t = useT();
  const lang = useSession((s) => s.lang);
  const mayCreate = useSession((s) => menuPaths(s.user?.menu ?? EMPTY).has(COMPANIES));
  return (
    <div className="no-company" role="status">
      <Building2 aria-hidden="true" size={20} />
      <div>
        <p>{t('messages.no_company')}</p>
        <p>{mayCreate ? <Link to={withLang(COMPANIES, lang)}>{t('messages.no_company_create')}</Link> : t('messages.no_company_ask')}</p>
      </div>
    </div>
  );
}
