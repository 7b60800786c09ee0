import { defineScreen } from '../../schemas/screen.ts';

/** The company's accounts (spec §7: accounts_brief, filtered by is_stock_account and company_code), chosen by name: a purchase order's account. */
export default defineScreen({
  form: 'accounts_brief',
  access: 'authenticated',
  source: { relation: 'app.accounts', key: 'account_id', company: 'company_code', sort: [{ colId: 'account_code', sort: 'asc' }] },
  columns: { account_id: { type: 'int' }, account_names: { type: 'multi' }, account_code: {}, is_stock_account: { type: 'bool' }, active: { type: 'bool' }, company_code: {} },
});
