import { Outlet } from '@tanstack/react-router';
import { ConfirmDialog } from '../chrome/ConfirmDialog.tsx';
import { ProgressBar } from '../chrome/ProgressBar.tsx';
import { Toaster } from '../chrome/toasts.tsx';
import { I18nProvider } from '../i18n/I18nProvider.tsx';
import { useSession } from '../session/session.ts';

/** Everything every page shares: the language, toasts, the confirmation dialog, the progress bar. */
export function Root() {
  const lang = useSession((s) => s.lang);
  return (
    <I18nProvider lang={lang}>
      <ProgressBar />
      <Outlet />
      <Toaster />
      <ConfirmDialog />
    </I18nProvider>
  );
}
