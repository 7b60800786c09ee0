import * as v from 'valibot';
import { splitLang } from '../../core/langs.ts';
import { parseInput } from '../http/errors.ts';
import type { Queryable } from '../db/types.ts';
import type { CustomAction } from './custom.ts';

/** A bookmark is a path without the language prefix: '/products/brands'. */
const Payload = v.pipe(
  v.array(v.strictObject({ path: v.pipe(v.string(), v.regex(/^(\/[A-Za-z0-9_@%~-]+)+$/, 'path must be a local path without query')) })),
  v.maxLength(200, 'at most 200 bookmarks'),
);

const bookmarksOf = async (db: Queryable, userId: number) =>
  (await db.query<{ path: string }>('select path from app.user_bookmarks where user_id = $1 order by position, path', [userId])).rows;

/** Replaces the user's own bookmarks with the given list (order kept, duplicates dropped). */
export const setBookmarks: CustomAction = {
  page: 'authenticated',
  flag: 'set',
  async run({ db, session }, payload) {
    const paths = [...new Set(parseInput(Payload, payload).map((b) => splitLang(b.path).path))];
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
