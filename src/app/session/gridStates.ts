import type { CheckedSaved } from '../grid/columnState.ts';
import type { GridStateListResult } from '../grid/dataProvider/contract.ts';

/**
 * Saved grid states kept for the session by gridKey, checked; null: the user has none (or
 * the server could not say). The grid's state (grid/features/viewState) keeps them, and the
 * route reads them to ask for a screen's first rows before the grid is there (router/screenStart.ts).
 */
export const gridStates = new Map<string, CheckedSaved | null>();

/**
 * A screen's saved-state read that answered before its grid was there (the page's start, the
 * route's own read: router/screenStart.ts `screenReady`), with the shape check loaded: the
 * grid takes it in its first render, so it starts restored and asks for its rows at once.
 */
export interface FirstStateRead {
  rows: GridStateListResult['rows'];
  checkSaved(raw: unknown): CheckedSaved | null;
}
export const firstStateReads = new Map<string, FirstStateRead>();

/** The shape check of states from the server (valibot): its own chunk, asked for beside the state's read. */
export const loadShape = () => import('../grid/features/viewState/savedShape.ts');
