import type { ReactNode } from 'react';
import { LanguageSelect } from '../chrome/LanguageSelect.tsx';
import { Logo } from '../chrome/icons.tsx';

/** A centred card with the logo and a language selector (spec §2); the card is the page's main landmark. */
export function LoginLayout({ children }: { children: ReactNode }) {
  return (
    <div className="layout-login">
      <main className="login-card">
        <div className="login-card-head">
          <Logo size={56} />
          <LanguageSelect />
        </div>
        {children}
      </main>
    </div>
  );
}
