import { actionContracts } from '../../../schemas/api.ts';
import { splitLang } from '../../core/langs.ts';
import type { Queryable } from '../db/types.ts';
import { implement } from './implement.ts';

const bookmarksOf = async (db: Queryable, userId: number) => (await db.query<{ path: string }>('select path from app.user_bookmarks where user_id = $1 order by position, path', [userId])).rows;

/** Replaces the user's own bookmarks with the given list (order kept, duplicates dropped). */
export const setBookmarks = implement(actionContracts.user_bookmarks_set, async ({ db, session }, input) => {
  const paths = [...new Set(input.map((b) => splitLang(b.path).path))];
  await db.transaction(async (tx) => {
    await tx.query('delete from app.user_bookmarks where user_id = $1', [session.userId]);
    await tx.query(
      `insert into app.user_bookmarks (user_id, path, position)
         select $1, path, n from unnest($2::text[]) with ordinality as u(path, n)`,
      [session.userId, paths],
    );
  });
  return { bookmarks: await bookmarksOf(db, session.userId) };
});

export const listBookmarks = implement(actionContracts.user_bookmarks_list, async ({ db, session }) => {
  const rows = await bookmarksOf(db, session.userId);
  return { rows, total: rows.length, totalExact: true };
});
