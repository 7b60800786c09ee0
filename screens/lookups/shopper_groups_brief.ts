import { defineScreen } from '../../schemas/screen.ts';

export default defineScreen({
  form: 'shopper_groups_brief',
  access: 'authenticated',
  source: { relation: 'app.shopper_groups', key: 'shopper_group_id', company: 'company_code', sort: [{ colId: 'multiplier', sort: 'desc' }] },
  columns: { shopper_group_id: { type: 'int' }, shopper_group_name: {}, multiplier: { type: 'number' }, is_default: { type: 'bool' } },
});
