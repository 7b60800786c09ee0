import { defineScreen } from '../../schemas/screen.ts';

/**
 * A company's accounts (spec §3 "Account"): its chart of accounts, a code and names per
 * language; a stock account holds the value of goods. A purchase order, a sales order and a
 * cash-flow item name one (account_id); the company's default (one at most: marking one takes
 * the mark from the other, migration 120) is what a new sales order and an incoming cash-flow
 * item without an order are booked to.
 */
export default defineScreen({
  form: 'accounts',
  menu: { icon: 'landmark', order: 6 },
  source: {
    relation: 'app.accounts',
    key: 'account_id',
    write: 'app.accounts',
    generatedKey: true,
    company: 'company_code',
    version: 'row_version',
    sort: [{ colId: 'account_code', sort: 'asc' }],
  },
  columns: {
    account_id: { type: 'int', width: 100 },
    account_code: { editable: true, required: true, maxLength: 20, pattern: '^[A-Za-z0-9._-]{1,20}$', patternHint: 'A–Z a–z 0–9 . _ -', width: 150 },
    account_names: { type: 'multi', editable: true, required: true, maxLength: 100, translate: true, width: 250 },
    is_stock_account: { type: 'bool', renderer: 'checkbox', editable: true, default: false, width: 100 },
    is_default: { type: 'bool', renderer: 'checkbox', editable: true, default: false, width: 100 },
    active: { type: 'bool', renderer: 'activeFlag', editable: true, default: true, width: 100 },
  },
  actions: { add: true, delete: true, translate: true },
});
