import { defineScreen } from '../../schemas/screen.ts';

/** Spec §7 dm_brief: the company's delivery methods (the method of a price band). */
export default defineScreen({
  form: 'dm_brief',
  access: 'authenticated',
  source: { relation: 'app.delivery_methods', key: 'dm_id', company: 'company_code', sort: [{ colId: 'position', sort: 'asc' }] },
  columns: { dm_id: { type: 'int' }, dm_names: { type: 'multi' }, dm_code: {}, position: { type: 'int', hidden: true } },
});
