import { defineScreen } from '../../schemas/screen.ts';

export default defineScreen({
  form: 'frontend_shops',
  menu: { icon: 'store', order: 1 },
  source: { relation: 'app.shops', key: 'shop_id', write: 'app.shops', generatedKey: true, company: 'company_code', version: 'row_version' },
  columns: {
    shop_id: { type: 'int', width: 100 },
    shop_name: { editable: true, required: true, maxLength: 100, width: 200 },
    hostname: { editable: true, required: true, maxLength: 253, pattern: '^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$', width: 250 },
    currency_code: { type: 'ref', lookup: 'currencies_brief', editable: true, required: true, width: 100 },
    language_code: { editable: true, required: true, options: ['en', 'de', 'hu', 'sk', 'ro', 'cs', 'bg'], renderer: 'languageCode', editor: 'language', width: 100 },
    active: { type: 'bool', renderer: 'activeFlag', editable: true, default: true, width: 100 },
    // Hours after a cart's last change its customer is reminded once (storefront/cartReminders.ts); empty or 0: never.
    cart_reminder_hours: { type: 'int', editable: true, min: 0, max: 720, width: 150 },
  },
  actions: { add: true, delete: true },
  details: ['shop_languages'],
});
