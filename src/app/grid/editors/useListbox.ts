import { useEffect, useEffectEvent, type RefObject } from 'react';

/**
 * What every popup list of options does while open: Escape on its anchor closes the
 * list before anything else sees it (a Radix dialog listens on the document and would
 * close itself), and the active option (`${listId}-${active}`) stays in view.
 */
export function useListbox(open: boolean, close: () => void, anchor: RefObject<HTMLElement | null>, listId: string, active: number): void {
  // The listener need not follow `close`'s identity (a new function each render): it calls the latest.
  const onClose = useEffectEvent(close);
  useEffect(() => {
    if (!open) return;
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.key !== 'Escape' || e.target !== anchor.current) return;
      e.preventDefault();
      e.stopPropagation();
      onClose();
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [open, anchor]);

  useEffect(() => {
    if (open && active >= 0) document.getElementById(`${listId}-${active}`)?.scrollIntoView({ block: 'nearest' });
  }, [open, active, listId]);
}
