/**
 * The saved view applied to a grid, per user and form: the views menu marks it (ViewMenu.tsx)
 * and the grid's state saving (features/viewState) saves its id with the state, so a reload marks it again (the
 * server answers the view with the state while the user may still see it). Kept for the tab.
 */
import { createStore, useStore } from '../../../session/createStore.ts';

export interface Mark {
  id: number;
  name: string;
  /** The grid's saved-form state the view stands for (`canon`); undefined: the grid's state at the next render. */
  state?: string;
}

const store = createStore<Record<string, Mark | null>>({});

export { gridKey } from '../../../session/session.ts';
export const getMark = (key: string) => store.get()[key] ?? null;
export const setMark = (key: string, mark: Mark | null) => store.set({ [key]: mark });
export const useMark = (key: string) => useStore(store, (s) => s[key] ?? null);
export const onMarks = store.subscribe;

/** JSON with object keys sorted: one state, one text. */
export { canon } from '../../../../core/canonJson.ts';
