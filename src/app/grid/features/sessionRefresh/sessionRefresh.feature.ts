import { useEffect, useRef } from 'react';
import type { ScreenDescriptor } from '../../../../../schemas/screen.ts';
import { refreshSession } from '../../../session/auth.ts';

/**
 * A write to a screen of the user's own companies (`source.userCompanies`) changes her session:
 * the company she just created is hers to pick, a renamed one shows its new name. The session
 * (the header's companies; the company, when she had none) is read again after each such write:
 * `savedTick` moves on every save and delete in the grid, `reloadKey` on each save of a form.
 */
export function useSessionRefresh(screen: ScreenDescriptor, savedTick: number, reloadKey: unknown): void {
  const first = useRef({ savedTick, reloadKey });
  const on = !!screen.source.userCompanies;
  useEffect(() => {
    if (on && (savedTick !== first.current.savedTick || reloadKey !== first.current.reloadKey)) void refreshSession();
  }, [on, savedTick, reloadKey]);
}
