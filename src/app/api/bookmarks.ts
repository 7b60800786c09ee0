/**
 * The user's bookmarks (custom entity user_bookmarks), typed by the HTTP contract: the
 * chrome's one api_action outside the grids.
 */
// On the list route: each call from its own module, not the namespace of all (api/actions.ts), which would bring them all.
import { user_bookmarks_set } from '../../generated/actions/user_bookmarks_set.ts';

/** Replaces the user's bookmarks with this list; answers them as stored (order kept, duplicates dropped). */
export const saveBookmarks = user_bookmarks_set;
