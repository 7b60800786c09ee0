import { Link, useRouter } from '@tanstack/react-router';
import { CheckCircle2, Circle, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { menuPaths } from '../../core/breadcrumbs.ts';
import { withLang } from '../../core/langs.ts';
import { actions, type AnswerOf } from '../api/actions.ts';
import { useT } from '../i18n/useT.ts';
import { knownPaths } from '../router/routePaths.ts';
import { useSession } from '../session/session.ts';

type Item = AnswerOf<'setup_checklist'>['items'][number];

const dismissedKey = (user: number, company: string | undefined) => `setup-checklist-dismissed|${user}|${company ?? ''}`;

/**
 * The home page's set-up checklist (issue 46 point 5): what the company still lacks before its
 * first storefront order, from the server (setup_checklist: only the items whose page the user
 * may list). Each item links to its page when the user's menu has it and the app has its route
 * (a screen another release brings appears by itself once it is there). Gone once all is done,
 * or dismissed (per user and company, in this browser).
 */
export default function SetupChecklist() {
  const t = useT();
  const lang = useSession((s) => s.lang);
  const user = useSession((s) => s.user);
  const company = useSession((s) => s.company);
  const known = knownPaths(useRouter());
  const key = dismissedKey(user?.user_id ?? 0, company);
  // The answer for the user and company it was asked for (a switch in the header asks again).
  const [answer, setAnswer] = useState<{ key: string; items: Item[] }>();
  const [dismissedNow, setDismissedNow] = useState<string>();
  useEffect(() => {
    let current = true;
    actions.setup_checklist(undefined, { fresh: true }).then(
      (r) => current && setAnswer({ key, items: r.items }),
      () => current && setAnswer({ key, items: [] }),
    );
    return () => void (current = false);
  }, [key]);
  const items = answer?.key === key ? answer.items : undefined;
  const dismissed = dismissedNow === key || localStorage.getItem(key) === '1';
  if (!user || !items || dismissed || items.every((i) => i.done)) return null;
  const menu = menuPaths(user.menu);
  const done = items.filter((i) => i.done).length;
  const dismiss = () => {
    localStorage.setItem(key, '1');
    setDismissedNow(key);
  };
  return (
    <section className="setup-checklist" aria-labelledby="setup-checklist-title">
      <div className="setup-checklist-head">
        <h2 id="setup-checklist-title">{t('home.setup_title')}</h2>
        <span className="setup-checklist-progress">{t('home.setup_progress', { done, total: items.length })}</span>
        <button type="button" className="icon-button setup-checklist-dismiss" title={t('home.setup_dismiss')} aria-label={t('home.setup_dismiss')} onClick={dismiss}>
          <X size={16} aria-hidden />
        </button>
      </div>
      <ul>
        {items.map((i) => {
          const label = t(`home.setup_${i.key}`);
          const page = i.page && menu.has(i.page) && known.has(i.page) ? i.page : undefined;
          return (
            <li key={i.key} data-setup={i.key} data-done={i.done || undefined}>
              {i.done ? <CheckCircle2 className="setup-mark setup-mark-done" size={18} aria-hidden /> : <Circle className="setup-mark" size={18} aria-hidden />}
              <span className="visually-hidden">{t(i.done ? 'home.setup_done' : 'home.setup_to_do')}</span>
              <span className="setup-item">
                {page ? <Link to={withLang(page, lang)}>{label}</Link> : label}
                {!i.done && <span className="setup-missing">{t(`home.setup_${i.key}_missing`, { codes: i.missing.join(', '), count: i.missing.length })}</span>}
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
