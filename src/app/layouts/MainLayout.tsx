import { Outlet } from '@tanstack/react-router';
import { useState, type MouseEvent } from 'react';
import { useIntl } from 'react-intl';
import { Footer } from '../chrome/Footer.tsx';
import { Header } from '../chrome/Header.tsx';
import { LoadingOverlay } from '../chrome/LoadingOverlay.tsx';
import { focusMain, MAIN_ID } from '../chrome/mainContent.ts';
import { MenuSidebar } from '../chrome/MenuSidebar.tsx';
import { PageHeader } from '../chrome/PageHeader.tsx';
import { UserSidebar } from '../chrome/UserSidebar.tsx';
import { InsideMain } from './insideMain.ts';

const skipToMain = (e: MouseEvent) => focusMain(e);

/** Header, page header, footer, menu and user sidebars, loading overlay (spec §2 "Main"). */
export function MainLayout() {
  const [menuOpen, setMenuOpen] = useState(false);
  const [userOpen, setUserOpen] = useState(false);
  const intl = useIntl();
  return (
    <div className="layout-main">
      {/* The first Tab stop: keyboard users pass the header's controls in one key. */}
      <a className="skip-link" href={`#${MAIN_ID}`} onClick={skipToMain}>
        {intl.formatMessage({ id: 'chrome.skip_to_content' })}
      </a>
      <Header onMenu={() => setMenuOpen(true)} onUser={() => setUserOpen(true)} />
      <MenuSidebar open={menuOpen} onOpenChange={setMenuOpen} />
      <UserSidebar open={userOpen} onOpenChange={setUserOpen} />
      {/* The page's title and breadcrumbs belong to its main landmark (axe: region). */}
      <main id={MAIN_ID} className="page-wrapper" tabIndex={-1}>
        <PageHeader />
        <div className="page-content">
          <InsideMain value>
            <Outlet />
          </InsideMain>
        </div>
      </main>
      <Footer />
      <LoadingOverlay />
    </div>
  );
}
