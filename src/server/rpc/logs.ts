import type { Procedure } from './context.ts';
import { menuPaths } from '../../core/breadcrumbs.ts';
import { splitLang } from '../../core/langs.ts';
import { menuTree } from './menu.ts';
import { oncePerRequest } from './perRequest.ts';

/** Logs a visited page; answers whether the path (without language prefix) is in the user's menu. */
export const page_log: Procedure<'page_log'> = {
  async run(ctx, { _page_name }) {
    const { db, session } = ctx;
    await db.query('insert into app.page_log (user_id, page_name) values ($1, $2)', [session.userId, _page_name]);
    const path = splitLang(_page_name.replace(/[?#].*$/, '')).path.replace(/\/+$/, '');
    const allowed = menuPaths(await oncePerRequest(ctx, 'menu', () => menuTree(db, session.userId))).has(path);
    return { data: { allowed } };
  },
};

export const page_error_log: Procedure<'page_error_log'> = {
  async run({ db, session }, { _page_name, _error }) {
    await db.query('insert into app.page_error_log (user_id, page_name, error) values ($1, $2, $3)', [session.userId, _page_name, _error]);
    return { data: { logged: true } };
  },
};
