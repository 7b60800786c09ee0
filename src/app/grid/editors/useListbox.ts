import { useEffect, type RefObject } from 'react';

/**
 * What every popup list of options does while open: Escape on its anchor closes the
 * list before anything else sees it (a Radix dialog listens on the document and would
 * close itself), and the active option (`${listId}-${active}`) stays in view.
 */
export function useListbox(open: boolean, close: () => void, anchor: RefObject<HTMLElement | null>, listId: string, active: number): void {
  useEffect(() => {
    if (!open) return;
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.key !== 'Escape' || e.target !== anchor.current) return;
      e.preventDefault();
      e.stopPropagation();
      close();
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
    // `close` only sets state: the listener need not follow its identity.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, anchor]);

  useEffect(() => {
    if (open && active >= 0) document.getElementById(`${listId}-${active}`)?.scrollIntoView({ block: 'nearest' });
  }, [open, active, listId]);
}
