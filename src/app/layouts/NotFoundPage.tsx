import { FormattedMessage } from 'react-intl';
import { usePageTitle, useAddressLanguage } from '../chrome/pageTitle.ts';
import { useSession } from '../session/session.ts';

/** Unknown routes (spec §2, §8). */
export function NotFoundPage() {
  useAddressLanguage();
  usePageTitle('errors.not_found_title');
  const lang = useSession((s) => s.lang);
  return (
    <div className="error-page" role="main">
      <h1>
        <FormattedMessage id="errors.not_found_title" />
      </h1>
      <p>
        <FormattedMessage id="errors.not_found" />
      </p>
      <a href={`/${lang}`}>
        <FormattedMessage id="errors.go_home" />
      </a>
    </div>
  );
}
