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
 * route's own read: router/screenStart.ts `screenReady`): the grid takes it in its first
 * render, so it starts restored and asks for its rows at once.
 */
export const firstStateReads = new Map<string, GridStateListResult['rows']>();

/** A state as grid_state's read answers it: the server checked its shape (core/savedGridState.ts). */
export const checkedByServer = (state: GridStateListResult['rows'][number]['state'] | undefined): CheckedSaved | null => (state ?? null) as CheckedSaved | null;
