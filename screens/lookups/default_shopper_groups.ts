import { defineScreen } from '../../schemas/screen.ts';

/** The company's default price group (spec §7: default_shopper_groups; one at most, app.v_default_shopper_groups). */
export default defineScreen({
  form: 'default_shopper_groups',
  access: 'authenticated',
  source: { relation: 'app.v_default_shopper_groups', key: 'shopper_group_id', company: 'company_code' },
  columns: { shopper_group_id: { type: 'int' }, shopper_group_name: {}, multiplier: { type: 'number' } },
});
