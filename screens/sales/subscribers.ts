import { defineScreen } from '../../schemas/screen.ts';

/**
 * Newsletter subscribers per shop (spec grid "subscribers"; the storefront will add them,
 * staff correct them). One per shop and e-mail (stored in lower case: a duplicate is 409
 * already_exists on the e-mail); confirmed = double opt-in done; the language defaults to
 * the shop's and must be one it sells in (rule shop_language).
 */
export default defineScreen({
  form: 'subscribers',
  route: '/sales/newsletter_subscribers',
  menu: { icon: 'mail', order: 9 },
  source: {
    relation: 'app.newsletter_subscribers',
    key: 'subscriber_id',
    write: 'app.newsletter_subscribers',
    generatedKey: true,
    company: 'company_code',
    version: 'row_version',
    sort: [
      { colId: 'subscribed_on', sort: 'desc' },
      { colId: 'subscriber_id', sort: 'desc' },
    ],
  },
  columns: {
    subscriber_id: { type: 'int', hidden: true },
    email: { editable: true, required: true, maxLength: 200, pattern: '^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$', patternHint: 'name@example.com', width: 200, pinned: 'left' },
    first_name: { editable: true, maxLength: 100, width: 150 },
    last_name: { editable: true, maxLength: 100, width: 150 },
    shop_id: { type: 'ref', lookup: 'shops_brief', editable: true, required: true, width: 150 },
    language_code: { editable: true, options: ['en', 'de', 'hu', 'sk', 'ro', 'cs', 'bg'], renderer: 'languageCode', editor: 'language', width: 100 },
    subscribed_on: { type: 'date', editable: true, width: 100 },
    confirmed: { type: 'bool', renderer: 'checkbox', editable: true, default: false, width: 100 },
    unsubscribed_on: { type: 'date', editable: true, width: 100 },
  },
  actions: { add: true, delete: true },
});
