import { Outlet } from '@tanstack/react-router';
import { useState } from 'react';
import { Footer } from '../chrome/Footer.tsx';
import { Header } from '../chrome/Header.tsx';
import { LoadingOverlay } from '../chrome/LoadingOverlay.tsx';
import { MenuSidebar } from '../chrome/MenuSidebar.tsx';
import { PageHeader } from '../chrome/PageHeader.tsx';
import { UserSidebar } from '../chrome/UserSidebar.tsx';

/** Header, page header, footer, menu and user sidebars, loading overlay (spec §2 "Main"). */
export function MainLayout() {
  const [menuOpen, setMenuOpen] = useState(false);
  const [userOpen, setUserOpen] = useState(false);
  return (
    <div className="layout-main">
      <Header onMenu={() => setMenuOpen(true)} onUser={() => setUserOpen(true)} />
      <MenuSidebar open={menuOpen} onOpenChange={setMenuOpen} />
      <UserSidebar open={userOpen} onOpenChange={setUserOpen} />
      <div className="page-wrapper">
        <PageHeader />
        <main className="page-content">
          <Outlet />
        </main>
      </div>
      <Footer />
      <LoadingOverlay />
    </div>
  );
}
