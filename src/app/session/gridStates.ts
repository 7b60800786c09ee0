import type { CheckedSaved } from '../grid/columnState.ts';
import { session } from './session.ts';

/** A grid's key: the user and the form. */
export const gridKey = (form: string) => {
  const u = session.get().user as Record<string, unknown> | null;
  return `${String(u?.user_id ?? u?.user_email ?? '')}|${form}`;
};

/**
 * Saved grid states kept for the session by gridKey, checked; null: the user has none (or
 * the server could not say). The grid's state (grid/features/viewState) keeps them, and the
 * route reads them to ask for a screen's first rows before the grid is there (router/screenStart.ts).
 */
export const gridStates = new Map<string, CheckedSaved | null>();
