import { useLocation, useNavigate } from '@tanstack/react-router';
import { useIntl } from 'react-intl';
import { LANGS, isLang, splitLang, withLang } from '../../core/langs.ts';
import { useSession } from '../session/session.ts';

/** Native names, so every user finds their language whatever the current one is. */
const LANGUAGE_NAMES = { en: 'English', de: 'Deutsch', hu: 'Magyar', sk: 'Slovenčina', ro: 'Română', cs: 'Čeština', bg: 'Български' } as const;

/** The UI languages that are active. Switching keeps the page: same path under the new prefix (the route applies the cookie and the user's language). */
export function LanguageSelect() {
  const lang = useSession((s) => s.lang);
  // The active ones (the languages screen), the current one always; before sign-in (no list yet) all.
  const active = useSession((s) => s.languages);
  const location = useLocation();
  const navigate = useNavigate();
  const intl = useIntl();
  return (
    <select
      className="select language-select"
      aria-label={intl.formatMessage({ id: 'common.language' })}
      value={lang}
      onChange={(e) => {
        if (!isLang(e.target.value)) return;
        const { path } = splitLang(location.pathname);
        void navigate({ href: withLang(path, e.target.value) + (location.searchStr ?? '') + (location.hash ? `#${location.hash}` : '') });
      }}
    >
      {LANGS.filter((l) => l === lang || !active.length || active.some((a) => a.language_code === l)).map((l) => (
        <option key={l} value={l}>
          {LANGUAGE_NAMES[l]}
        </option>
      ))}
    </select>
  );
}
