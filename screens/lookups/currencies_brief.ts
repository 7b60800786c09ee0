import { defineScreen } from '../../schemas/screen.ts';

/**
 * The currencies (shared reference data), shown and chosen by their ISO code: the currency of
 * a purchase order, a sales order, a cashflow item, a shop, a supplier's price or a cost. A
 * code typed, pasted or imported in lower case is the currency's ('eur' → EUR).
 */
export default defineScreen({
  form: 'currencies_brief',
  access: 'authenticated',
  source: { relation: 'app.currencies', key: 'currency_code' },
  columns: { currency_code: {} },
});
