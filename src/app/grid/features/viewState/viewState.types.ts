import type { CheckedSaved, SavedState, ViewState } from '../../columnState.ts';

export interface GridStateApi {
  state: ViewState;
  /** Restored (or not persisted): rows may be fetched. */
  ready: boolean;
  /** Bumps when the state was replaced from outside the inputs (restore, view, reset): filter inputs re-read it. */
  epoch: number;
  /** The state's save: waiting for its pause after a change, or sent and not answered yet (null: neither). */
  saving: 'waiting' | 'sending' | null;
  /** A change by the user: applied, and its save scheduled. `replace`: the filter inputs show the new values. */
  change(update: (s: ViewState) => ViewState, replace?: boolean): void;
}

/** What the grid reads of its state: as the view currency shows it, and the change path. */
export interface ViewStateApi {
  gs: GridStateApi;
  /** The state as the view currency shows it (columnState.ts `inViewCurrency`). */
  vs: ViewState;
  change: GridStateApi['change'];
  /** The views menu's side (a persisted state only): the state as saved, and applying a saved one. */
  views: { current(): SavedState; apply(state: CheckedSaved | null): void } | undefined;
}
