import { Component, use, type ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { isChunkLoadError, reloadForChunkError } from '../router/chunkReload.ts';
import { session } from '../session/session.ts';
import { usePageTitle, useAddressLanguage } from '../chrome/pageTitle.ts';
import { InsideMain } from './insideMain.ts';

/**
 * Spec §2: 'Page not found' for 404, otherwise 'An error occurred', with a link home.
 * A failed chunk load reloads the page instead (at most once a minute).
 */
export function ErrorPage({ error }: { error: unknown }) {
  if (isChunkLoadError(error) && reloadForChunkError()) return null;
  return <ErrorView status={(error as { status?: number })?.status} />;
}

function ErrorView({ status }: { status: number | undefined }) {
  useAddressLanguage();
  usePageTitle(status === 404 ? 'errors.page_not_found' : 'errors.an_error_occurred');
  // Alone it is the page (its main landmark and h1); in a layout's main, a part of it.
  const inside = use(InsideMain);
  const Frame = inside ? 'div' : 'main';
  const Heading = inside ? 'h2' : 'h1';
  return (
    <FallbackBoundary>
      <Frame className="error-page">
        <Heading>
          <FormattedMessage id={status === 404 ? 'errors.page_not_found' : 'errors.an_error_occurred'} />
        </Heading>
        {status && status !== 404 ? <p className="error-status">{status}</p> : null}
        <a href={`/${session.get().lang}`}>
          <FormattedMessage id="errors.go_home" />
        </a>
      </Frame>
    </FallbackBoundary>
  );
}

/** When the error page itself fails: plain text, no intl. */
class FallbackBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="error-page" role="main">
        <h1>An error occurred while showing the error page</h1>
        <a href="/">Home</a>
      </div>
    );
  }
}
