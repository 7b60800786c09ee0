/**
 * The user's bookmarks (custom entity user_bookmarks), typed by the HTTP contract: the
 * chrome's one api_action outside the grids.
 */
import { actions } from './actions.ts';

/** Replaces the user's bookmarks with this list; answers them as stored (order kept, duplicates dropped). */
export const saveBookmarks = actions.user_bookmarks_set;
