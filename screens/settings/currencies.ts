import { defineScreen } from '../../schemas/screen.ts';

/**
 * The currencies (spec §3 "Currency", shared reference data): the ISO code, names per
 * language and the digits amounts in it are shown and rounded with. One in use (a company's,
 * a shop's, an order's) is not deleted: the refusal names what uses it.
 */
export default defineScreen({
  form: 'currencies',
  menu: { icon: 'coins', order: 21 },
  source: { relation: 'app.currencies', key: 'currency_code', write: 'app.currencies', version: 'row_version', sort: [{ colId: 'position', sort: 'asc' }] },
  columns: {
    currency_code: { required: true, maxLength: 3, pattern: '^[A-Z]{3}$', patternHint: 'A–Z', width: 100, pinned: 'left' },
    currency_name: { type: 'multi', editable: true, required: true, maxLength: 100, translate: true, width: 250 },
    currency_precision: { type: 'int', editable: true, required: true, min: 0, max: 4, default: 2, width: 100 },
    position: { type: 'int', editable: true, min: 0, max: 10000, default: 0, width: 100 },
  },
  actions: { add: true, delete: true, translate: true },
});
