import { use } from 'react';
import { FormattedMessage } from 'react-intl';
import { usePageTitle, useAddressLanguage } from '../chrome/pageTitle.ts';
import { useSession } from '../session/session.ts';
import { InsideMain } from './insideMain.ts';

/** Unknown routes (spec §2, §8). */
export function NotFoundPage() {
  useAddressLanguage();
  usePageTitle('errors.not_found_title');
  const lang = useSession((s) => s.lang);
  // Alone it is the page (its main landmark and h1); in a layout's main, a part of it.
  const inside = use(InsideMain);
  const Frame = inside ? 'div' : 'main';
  const Heading = inside ? 'h2' : 'h1';
  return (
    <Frame className="error-page">
      <Heading>
        <FormattedMessage id="errors.not_found_title" />
      </Heading>
      <p>
        <FormattedMessage id="errors.not_found" />
      </p>
      <a href={`/${lang}`}>
        <FormattedMessage id="errors.go_home" />
      </a>
    </Frame>
  );
}
