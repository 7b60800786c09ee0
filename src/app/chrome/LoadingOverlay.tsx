import { useRouterState } from '@tanstack/react-router';
import { useIntl } from 'react-intl';

/** Covers the page while a route (and its screen chunk) loads. */
export function LoadingOverlay() {
  const loading = useRouterState({ select: (s) => s.status === 'pending' });
  const intl = useIntl();
  if (!loading) return null;
  return (
    <div className="loading-overlay" role="status" aria-live="polite">
      <span className="spinner" aria-hidden />
      <span className="visually-hidden">{intl.formatMessage({ id: 'grid.loading' })}</span>
    </div>
  );
}
