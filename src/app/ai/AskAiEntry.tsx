/**
 * The header's way to the Ask-AI sidebar, on every page of a user who may use the AI query
 * page (Header.tsx decides): a button, and the sidebar loaded with its first opening (with the
 * catalogue's later part, which holds its words). The button says a first-part key and is part of
 * the app's chunk: a chunk of its own cost the first page more than its code (issue 49).
 */
import { Suspense, useState } from 'react';
import { lazyWithMessages } from '../i18n/lazy.tsx';
import { useT } from '../i18n/useT.ts';

const AskAiSidebar = lazyWithMessages(() => import('./AskAiSidebar.tsx'));

export default function AskAiEntry() {
  const t = useT();
  const [open, setOpen] = useState<boolean | null>(null);
  return (
    <>
      <button type="button" className="icon-button ask-ai-button" aria-label={t('ai.chat_title')} title={t('ai.chat_title')} onClick={() => setOpen(true)}>
        <svg width={20} height={20} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden>
          <path d="M21 12a8 8 0 0 1-11.6 7.1L4 21l1.9-5.4A8 8 0 1 1 21 12zM12 8v4M10 10h4" />
        </svg>
      </button>
      {open !== null && (
        <Suspense fallback={null}>
          <AskAiSidebar open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}
