/**
 * The home page's set-up checklist (issue 46 point 5): what a company needs before its first
 * storefront order, in the order an administrator does it. Each item names the pages where it
 * is done, in preference: the server reports an item to a user who may list one of them (or to
 * anyone while none of them exists yet: a screen another release brings), the browser links the
 * first of them the user's menu has. Texts: `home.setup.<key>` (what it is) and
 * `home.setup.<key>_missing` (what is missing, one line).
 */
export const SETUP_ITEMS = [
  { key: 'company', pages: ['/settings/companies'] },
  { key: 'rates', pages: ['/finance/currency_rates', '/settings/currencies'] },
  { key: 'vats', pages: ['/settings/vats'] },
  { key: 'shop', pages: ['/shops/frontend_shops'] },
  { key: 'delivery', pages: ['/shops/delivery_methods'] },
  { key: 'payment', pages: ['/shops/payment_methods'] },
  { key: 'category', pages: ['/products/categories'] },
  { key: 'product', pages: ['/products/product_list', '/shops/frontend_shop_products'] },
] as const;

export type SetupKey = (typeof SETUP_ITEMS)[number]['key'];
export const SETUP_KEYS = SETUP_ITEMS.map((i): SetupKey => i.key);

/** A company's settings the checklist asks for (app.companies, the companies screen). */
export const COMPANY_SETTINGS = ['address_line_1', 'zip_code', 'city', 'vat_number', 'email'] as const;
