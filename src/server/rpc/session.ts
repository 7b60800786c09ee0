import type { Queryable } from '../db/types.ts';
import { badRequest } from '../http/errors.ts';
import { OWN_FLAGS } from '../../core/images.ts';
import type { Procedure } from './context.ts';
import { deniedEvents, eventTypes, menuTree } from './menu.ts';
import { oncePerRequest } from './perRequest.ts';

const companiesOf = (db: Queryable, codes: string[]) =>
  db.query<{ company_code: string; company_name: string; currency_code: string; country_code: string }>(
    `select c.company_code, c.company_name, c.currency_code, c.country_code
     from unnest($1::text[]) with ordinality as u(code, n) join app.companies c on c.company_code = u.code
     order by u.n`,
    [codes],
  );

export const user: Procedure<'user'> = {
  async run(ctx) {
    const { db, session } = ctx;
    const u = await db.query<{
      user_id: number;
      user_name: string;
      user_email: string;
      first_name: string;
      last_name: string;
      blocked: boolean;
      language_code: string;
      bookmarks: { path: string }[];
      scope: string[];
    }>(
      `select u.user_id, u.user_name, u.user_email, u.first_name, u.last_name, u.blocked, u.language_code,
              coalesce((select json_agg(json_build_object('path', b.path) order by b.position, b.path)
                        from app.user_bookmarks b where b.user_id = u.user_id), '[]') as bookmarks,
              coalesce((select array_agg(r.role_code order by r.role_code) from app.user_roles ur
                        join app.roles r on r.role_id = ur.role_id and r.active where ur.user_id = u.user_id), '{}') as scope
       from app.users u where u.user_id = $1`,
      [session.userId],
    );
    const row = u.rows[0]!;
    return {
      ...row,
      companies: (await oncePerRequest(ctx, 'companies', () => companiesOf(db, session.companies))).rows,
      company: session.company,
      menu: await oncePerRequest(ctx, 'menu', () => menuTree(db, session.userId)),
      event_types: await eventTypes(db, session.userId),
      denied_events: await deniedEvents(db, session.userId),
      totp_enrol_required: session.enrolOnly === true,
    };
  },
};

interface LanguageRow {
  language_code: string;
  iso_code: string;
  language_name: string;
  flag_code: string;
  family_name_first: boolean;
  active: boolean;
}

export const init: Procedure<'init'> = {
  async run(ctx, { language_code }) {
    const { db, session, config } = ctx;
    const langs = await db.query<LanguageRow>(
      `select language_code, iso_code, language_name, flag_code, family_name_first, active
       from app.languages order by position, language_code`,
    );
    const strip = ({ active: _a, ...l }: LanguageRow) => l;
    const wanted = language_code ?? session?.languageCode ?? 'en';
    const language = langs.rows.find((l) => l.language_code === wanted && l.active);
    const cdn = await db.query<{ value: string }>(`select value from app.settings where key = 'cdn'`);
    return {
      status: 200,
      data: {
        languages: langs.rows.filter((l) => l.active).map(strip),
        all_languages: langs.rows.map(strip),
        language: language ? strip(language) : null,
        companies: session ? (await oncePerRequest(ctx, 'companies', () => companiesOf(db, session.companies))).rows : [],
        cdn: cdn.rows[0]?.value ?? '',
        flags: config.flagServiceUrl ?? OWN_FLAGS,
      },
    };
  },
};

/** The language switch of the UI also becomes the user's language (multi-language filters, menu). */
export const set_user_language: Procedure<'set_user_language'> = {
  async run({ db, session }, { language_code }) {
    const r = await db.query('update app.users set language_code = $1 where user_id = $2 and exists (select 1 from app.languages where language_code = $1 and active)', [
      language_code,
      session.userId,
    ]);
    if (!r.rowCount) throw badRequest(`body.language_code: "${language_code}" is not a UI language`);
    return { data: { language_code } };
  },
};
