import { Outlet } from '@tanstack/react-router';
import { Suspense, useState } from 'react';
import { Footer } from '../chrome/Footer.tsx';
import { Header } from '../chrome/Header.tsx';
import { LoadingOverlay } from '../chrome/LoadingOverlay.tsx';
import { MenuSidebar } from '../chrome/MenuSidebar.tsx';
import { PageHeader } from '../chrome/PageHeader.tsx';
import { UserSidebar } from '../chrome/UserSidebar.tsx';
import { lazyWithMessages } from '../i18n/lazy.tsx';

// The Ask-AI sidebar (its answers' tables and charts) loads with its first opening.
const AskAiSidebar = lazyWithMessages(() => import('../ai/AskAiSidebar.tsx'));

/** Header, page header, footer, menu and user sidebars, loading overlay (spec §2 "Main"). */
export function MainLayout() {
  const [menuOpen, setMenuOpen] = useState(false);
  const [userOpen, setUserOpen] = useState(false);
  const [aiOpen, setAiOpen] = useState(false);
  const [aiOpened, setAiOpened] = useState(false);
  if (aiOpen && !aiOpened) setAiOpened(true);
  return (
    <div className="layout-main">
      <Header onMenu={() => setMenuOpen(true)} onUser={() => setUserOpen(true)} onAskAi={() => setAiOpen(true)} />
      <MenuSidebar open={menuOpen} onOpenChange={setMenuOpen} />
      <UserSidebar open={userOpen} onOpenChange={setUserOpen} />
      {aiOpened && (
        <Suspense fallback={null}>
          <AskAiSidebar open={aiOpen} onOpenChange={setAiOpen} />
        </Suspense>
      )}
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
