import { UserBookmarksPayload } from '../../../schemas/api.ts';
import { splitLang } from '../../core/langs.ts';
import { parseInput } from '../http/errors.ts';
import type { Queryable } from '../db/types.ts';
import type { CustomAction } from './custom.ts';

const bookmarksOf = async (db: Queryable, userId: number) => (await db.query<{ path: string }>('select path from app.user_bookmarks where user_id = $1 order by position, path', [userId])).rows;

/** Replaces the user's own bookmarks with the given list (order kept, duplicates dropped). */
export const setBookmarks: CustomAction = {
  page: 'authenticated',
  flag: 'set',
  async run({ db, session }, payload) {
    const paths = [...new Set(parseInput(UserBookmarksPayload, payload).map((b) => splitLang(b.path).path))];
    await db.transaction(async (tx) => {
      await tx.query('delete from app.user_bookmarks where user_id = $1', [session.userId]);
      await tx.query(
        `insert into app.user_bookmarks (user_id, path, position)
         select $1, path, n from unnest($2::text[]) with ordinality as u(path, n)`,
        [session.userId, paths],
      );
    });
    return { bookmarks: await bookmarksOf(db, session.userId) };
  },
};

export const listBookmarks: CustomAction = {
  page: 'authenticated',
  flag: 'list',
  async run({ db, session }) {
    const rows = await bookmarksOf(db, session.userId);
    return { rows, total: rows.length, totalExact: true };
  },
};
