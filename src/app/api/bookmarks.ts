/**
 * The user's bookmarks (custom entity user_bookmarks), typed by the HTTP contract: the
 * chrome's one api_action outside the grids.
 */
import type { components } from '../../generated/api.ts';
import { api } from './client.ts';

/** Replaces the user's bookmarks with this list; answers them as stored (order kept, duplicates dropped). */
export const saveBookmarks = (bookmarks: components['schemas']['UserBookmarksPayload']) => api.action<'UserBookmarksSetOutput'>('user_bookmarks', 'set', bookmarks);
