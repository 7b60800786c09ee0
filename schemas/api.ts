/**
 * The HTTP contract (spec §7) as valibot schemas: the server validates every request
 * and response with them, codegen turns them into `openapi.yaml`, and the browser
 * client gets its types from that document.
 */
import * as v from 'valibot';

const lang = v.pipe(v.string(), v.regex(/^[a-z]{2}$/, 'a two-letter language code'));
const currencyCode = v.pipe(v.string(), v.regex(/^[A-Z]{3}$/, 'a three-letter currency code'));
const text = (max: number) => v.pipe(v.string(), v.maxLength(max));
/** Multi-language text: an object keyed by language code. */
export const MultiText = v.record(v.string(), v.string());

export const ErrorBody = v.object({ error: v.string(), message: v.string() });

// ── auth ────────────────────────────────────────────────────────────────
export const LoginInput = v.strictObject({
  email: v.pipe(v.string(), v.trim(), v.nonEmpty('email is required'), v.maxLength(254), v.email('email must be valid')),
  password: v.pipe(v.string(), v.nonEmpty('password is required'), v.maxLength(1024)),
});
export const TokenPair = v.object({ token: v.string(), refresh_token: v.string() });
export const RefreshInput = v.strictObject({ refresh_token: v.optional(text(200)) });
export const LogoutInput = v.strictObject({ refresh_token: v.optional(text(200)) });
export const LogoutOutput = v.object({ data: v.object({ revoked: v.number() }) });

// ── session ─────────────────────────────────────────────────────────────
export const Permissions = v.object({
  perms: v.boolean(),
  list: v.boolean(),
  add: v.boolean(),
  set: v.boolean(),
  delete: v.boolean(),
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
  scope: v.array(v.string()),
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
  }),
});

export const SetUserLanguageInput = v.strictObject({ language_code: lang });
export const SetUserLanguageOutput = v.object({ data: v.object({ language_code: v.string() }) });

// ── reference data ──────────────────────────────────────────────────────
export const Currency = v.object({
  currency_code: v.string(),
  currency_name: MultiText,
  currency_precision: v.number(),
});
export const CurrenciesInput = v.strictObject({ currency_code: v.optional(v.nullable(currencyCode)) });
export const CurrenciesOutput = v.object({
  data: v.object({
    currency: v.nullable(Currency),
    currencies: v.array(Currency),
    /** Value of one unit of each currency in the company's own currency. */
    company_rates: v.record(v.string(), v.number()),
  }),
});
export const ViewRatesInput = v.strictObject({ currency_code: currencyCode });
export const ViewRatesOutput = v.object({
  data: v.object({
    currency_code: v.string(),
    /** Value of one unit of each currency in the view currency. */
    rates: v.record(v.string(), v.number()),
  }),
});
export interface CategoryNode {
  product_category_id: number;
  category_name: string;
  position: number;
  children: CategoryNode[];
}
export const CategoryNode: v.GenericSchema<CategoryNode> = v.object({
  product_category_id: v.number(),
  category_name: v.string(),
  position: v.number(),
  children: v.array(v.lazy(() => CategoryNode)),
});
export const CategoryTreeInput = v.strictObject({ language_code: v.optional(lang) });
export const CategoryTreeOutput = v.array(CategoryNode);

export const Shop = v.object({
  shop_id: v.number(),
  hostname: v.string(),
  shop_name: v.string(),
  company_code: v.string(),
  currency_code: v.string(),
  language_code: v.string(),
});
export const ShopsOutput = v.array(Shop);

// ── logs ────────────────────────────────────────────────────────────────
export const PageLogInput = v.strictObject({ _page_name: v.pipe(v.string(), v.nonEmpty(), v.maxLength(500)) });
export const PageLogOutput = v.object({ data: v.object({ allowed: v.boolean() }) });
export const PageErrorLogInput = v.strictObject({
  _page_name: v.pipe(v.string(), v.maxLength(500)),
  _error: v.pipe(v.string(), v.maxLength(10_000)),
});
export const PageErrorLogOutput = v.object({ data: v.object({ logged: v.boolean() }) });

// ── AI ──────────────────────────────────────────────────────────────────
export const AiQueryInput = v.strictObject({
  question: v.pipe(v.string('Question must be a non-empty string.'), v.trim(), v.nonEmpty('Question must be a non-empty string.'), v.maxLength(4000)),
  options: v.optional(v.record(v.string(), v.unknown())),
});

// ── api_action ──────────────────────────────────────────────────────────
export const actions = ['list', 'filter', 'set', 'add', 'delete'] as const;
export const ApiActionInput = v.strictObject({
  entity: v.pipe(v.string(), v.nonEmpty('entity is required'), v.maxLength(100)),
  action: v.picklist(actions, `action must be one of ${actions.join(', ')}`),
  payload: v.optional(v.unknown()),
});
export const ApiActionOutput = v.object({ data: v.unknown() });

/** AG Grid's server-side row-model request, every part optional. */
export const SortModel = v.array(
  v.strictObject({ colId: v.string(), sort: v.picklist(['asc', 'desc'], 'sort must be asc or desc') }),
);
const scalar = v.union([v.string(), v.number(), v.boolean()]);
export const FilterItem = v.strictObject({
  filterType: v.optional(v.picklist(['text', 'number', 'date', 'set'])),
  type: v.optional(v.string()),
  filter: v.optional(v.nullable(scalar)),
  filterTo: v.optional(v.nullable(scalar)),
  dateFrom: v.optional(v.nullable(v.string())),
  dateTo: v.optional(v.nullable(v.string())),
  values: v.optional(v.array(v.nullable(scalar))),
});
export const ListPayload = v.strictObject({
  startRow: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))),
  endRow: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))),
  sortModel: v.optional(SortModel),
  filterModel: v.optional(v.record(v.string(), FilterItem)),
  /** Language of multi-language columns for filters and sort; default: the user's language. */
  language: v.optional(lang),
  /** Keyset window: the sort values of the last row already loaded (client passes them back). */
  after: v.optional(v.array(v.nullable(scalar))),
});
export const ListOutput = v.object({ data: v.object({ rows: v.array(v.record(v.string(), v.unknown())), total: v.number() }) });
export const DeletePayload = v.strictObject({ keys: v.pipe(v.array(v.unknown()), v.minLength(1), v.maxLength(10_000)) });
export const DeleteOutput = v.object({ data: v.object({ deleted: v.number() }) });

/**
 * Every named procedure of /rpc/{name}: who may call it, its input and its output.
 * auth 'none': the Authorization header is not read (login, refresh); 'optional': a
 * guest may call, a token is still checked when sent; 'user': a signed-in user only.
 */
export const procedures = {
  login: { auth: 'none', input: LoginInput, output: TokenPair },
  refresh_token: { auth: 'none', input: RefreshInput, output: TokenPair },
  logout: { auth: 'none', input: LogoutInput, output: LogoutOutput },
  user: { auth: 'user', input: UserInput, output: UserOutput },
  set_user_language: { auth: 'user', input: SetUserLanguageInput, output: SetUserLanguageOutput },
  init: { auth: 'optional', input: InitInput, output: InitOutput },
  currencies: { auth: 'user', input: CurrenciesInput, output: CurrenciesOutput },
  view_currency_rates: { auth: 'user', input: ViewRatesInput, output: ViewRatesOutput },
  category_tree: { auth: 'optional', input: CategoryTreeInput, output: CategoryTreeOutput },
  page_log: { auth: 'user', input: PageLogInput, output: PageLogOutput },
  page_error_log: { auth: 'user', input: PageErrorLogInput, output: PageErrorLogOutput },
  api_action: { auth: 'user', input: ApiActionInput, output: ApiActionOutput },
} as const;
export type ProcedureName = keyof typeof procedures;
export type Auth = (typeof procedures)[ProcedureName]['auth'];
