/**
 * A form with unsaved input is left only after the user agrees to drop it — whichever way
 * they leave: Cancel or Esc (the dialog asks `askDiscard`), the browser's Back and Forward
 * or any link of the app (the router's blocker asks the same question), closing the tab or
 * reloading it (the browser's own "Leave site?" through beforeunload).
 */
import { useBlocker } from '@tanstack/react-router';
import { useCallback, useLayoutEffect, useRef } from 'react';
import { confirm } from '../chrome/confirm.ts';

/** "Discard your changes?": true when the user drops the input, false to keep editing. */
export const askDiscard = (): Promise<boolean> => confirm({ titleId: 'forms.discard_title', bodyId: 'forms.discard_body', okId: 'forms.discard', cancelId: 'forms.keep_editing', variant: 'danger' });

/**
 * While mounted: a navigation away while `dirty()` answers true waits for `askDiscard`; so
 * does the tab's closing (the browser asks). Dropped, the input goes (`onDiscard`: the
 * dialog closes, also when the way back leads to the same page).
 */
export function useLeaveGuard(dirty: () => boolean, onDiscard: () => void): void {
  const latest = useRef({ dirty, onDiscard });
  useLayoutEffect(() => {
    latest.current = { dirty, onDiscard };
  });
  // Stable, so the blocker is registered once per mount; each call reads the form as it is then.
  const shouldBlockFn = useCallback(async () => {
    if (!latest.current.dirty()) return false;
    if (!(await askDiscard())) return true;
    latest.current.onDiscard();
    return false;
  }, []);
  const enableBeforeUnload = useCallback(() => latest.current.dirty(), []);
  useBlocker({ shouldBlockFn, enableBeforeUnload });
}
