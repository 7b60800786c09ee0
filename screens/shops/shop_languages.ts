import { defineScreen } from '../../schemas/screen.ts';

/**
 * Detail of frontend_shops, the shop/language form of spec §2: the languages a shop sells
 * in. One default (the shop's language_code; flagging another moves it), each reached
 * under the shop's hostname or a domain of its own, with an optional path prefix.
 */
export default defineScreen({
  form: 'shop_languages',
  page: '/shops/frontend_shops',
  source: {
    relation: 'app.v_shop_languages',
    key: ['shop_id', 'language_code'],
    write: 'app.shop_languages',
    company: 'company_code',
    writeCompany: false,
    version: 'row_version',
    sort: [
      { colId: 'shop_id', sort: 'asc' },
      { colId: 'position', sort: 'asc' },
    ],
    // Ticking a default unticks the shop's old default (trigger): the grid reads its rows again.
    siblingWrites: true,
  },
  columns: {
    shop_id: { type: 'ref', lookup: 'shops_brief', width: 200 },
    language_code: { options: ['en', 'de', 'hu', 'sk', 'ro', 'cs', 'bg'], renderer: 'languageCode', editor: 'language', width: 150 },
    is_default: { type: 'bool', renderer: 'checkbox', editable: true, width: 100 },
    enabled: { type: 'bool', renderer: 'activeFlag', editable: true, default: true, width: 100 },
    url_prefix: { editable: true, maxLength: 40, pattern: '^(/[a-z0-9-]+)?$', width: 100 },
    domain: { editable: true, maxLength: 253, pattern: '^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$', width: 200 },
    storefront_url: { renderer: 'link', width: 250 },
    position: { type: 'int', editable: true, min: 0, max: 1000, width: 100 },
  },
  actions: { add: true, delete: true },
});
