/** The signed-in user: menu, companies, languages, the start of the app, bookmarks. */
import * as v from 'valibot';
import { NoPayload, defineAction } from './defineAction.ts';
import { MultiText } from './common.ts';
import { lang } from './fields.ts';

export const Permissions = v.object({
  perms: v.boolean(),
  list: v.boolean(),
  add: v.boolean(),
  set: v.boolean(),
  delete: v.boolean(),
  /** May run the page's workflow events (migration 094). */
  events: v.boolean(),
});
export interface MenuNode {
  page_code: string;
  page_title: Record<string, string>;
  url: string | null;
  icon: string;
  menu: boolean;
  perms: v.InferOutput<typeof Permissions>;
  children: MenuNode[];
}
export const MenuNode: v.GenericSchema<MenuNode> = v.object({
  page_code: v.string(),
  page_title: MultiText,
  url: v.nullable(v.string()),
  icon: v.string(),
  menu: v.boolean(),
  perms: Permissions,
  children: v.array(v.lazy(() => MenuNode)),
});
export const Company = v.object({
  company_code: v.string(),
  company_name: v.string(),
  currency_code: v.string(),
  country_code: v.string(),
});
export const UserInput = v.strictObject({});
export const UserOutput = v.object({
  user_id: v.number(),
  user_name: v.string(),
  user_email: v.string(),
  first_name: v.string(),
  last_name: v.string(),
  blocked: v.boolean(),
  language_code: v.string(),
  bookmarks: v.array(v.object({ path: v.string() })),
  companies: v.array(Company),
  /** The company this request runs in (verified X-Company, else the first). */
  company: v.nullable(v.string()),
  menu: v.array(MenuNode),
  /**
   * The workflow types whose events this user may run (the `events` right on the type's page,
   * fsm_types.page_code): the grids' buttons and Actions menu and the kanban board offer
   * events only of these. The page may be one the menu does not list (a courier clerk ships
   * from the courier list without the sales orders page).
   */
  event_types: v.array(v.string()),
  /**
   * Of those types, the events reserved to roles she holds none of (fsm_event_roles, migration
   * 122), by type: offered nowhere to her, refused by the trigger call (403 `event_role_required`).
   */
  denied_events: v.record(v.string(), v.array(v.string())),
  scope: v.array(v.string()),
  /** The session may do nothing but enrol TOTP (the `totp_required` setting and a perms flag): the app opens the profile page. */
  totp_enrol_required: v.boolean(),
});

export const Language = v.object({
  language_code: v.string(),
  iso_code: v.string(),
  language_name: v.string(),
  flag_code: v.string(),
  family_name_first: v.boolean(),
});
export const InitInput = v.strictObject({ language_code: v.optional(lang) });
export const InitOutput = v.object({
  status: v.number(),
  data: v.object({
    languages: v.array(Language),
    all_languages: v.array(Language),
    language: v.nullable(Language),
    companies: v.array(Company),
    cdn: v.string(),
    /** Where flag images come from: a URL template with `{code}` ('/flags/{code}.svg': this server; FLAG_SERVICE_URL: an outside service). */
    flags: v.string(),
  }),
});

export const SetUserLanguageInput = v.strictObject({ language_code: lang });
export const SetUserLanguageOutput = v.object({ data: v.object({ language_code: v.string() }) });

/** A bookmark is a path without the language prefix: '/products/brands'. */
export const Bookmark = v.strictObject({ path: v.pipe(v.string(), v.regex(/^(\/[A-Za-z0-9_@%~-]+)+$/, 'path must be a local path without query')) });
/** `user_bookmarks` set: the user's bookmarks, replaced by this list (order kept, duplicates dropped). */
export const UserBookmarksPayload = v.pipe(v.array(Bookmark), v.maxLength(200, 'at most 200 bookmarks'));
export const UserBookmarksSetOutput = v.object({ data: v.object({ bookmarks: v.array(v.object({ path: v.string() })) }) });
export const UserBookmarksListOutput = v.object({
  data: v.object({ rows: v.array(v.object({ path: v.string() })), total: v.number(), totalExact: v.boolean() }),
});

export const bookmarkActions = {
  user_bookmarks_list: defineAction({
    entity: 'user_bookmarks',
    action: 'list',
    page: 'authenticated',
    flag: 'list',
    input: NoPayload,
    output: UserBookmarksListOutput,
    summary: "The user's own bookmarks, in her order.",
  }),
  user_bookmarks_set: defineAction({
    entity: 'user_bookmarks',
    action: 'set',
    page: 'authenticated',
    flag: 'set',
    input: UserBookmarksPayload,
    output: UserBookmarksSetOutput,
    summary: "Replaces the user's own bookmarks by this list (order kept, duplicates and language prefixes dropped).",
  }),
};
