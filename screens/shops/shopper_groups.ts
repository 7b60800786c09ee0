import { defineScreen } from '../../schemas/screen.ts';

/** Price groups: a group's prices are the shop prices × multiplier; one default per company. */
export default defineScreen({
  form: 'shopper_groups',
  menu: { icon: 'users-round', order: 10 },
  source: { relation: 'app.shopper_groups', key: 'shopper_group_id', write: 'app.shopper_groups', generatedKey: true, company: 'company_code', version: 'row_version' },
  columns: {
    shopper_group_id: { type: 'int', width: 100 },
    shopper_group_name: { editable: true, required: true, maxLength: 100, width: 200 },
    shopper_group_presta: { editable: true, maxLength: 100, width: 150 },
    is_default: { type: 'bool', renderer: 'checkbox', editable: true, width: 100 },
    multiplier: { type: 'number', editable: true, required: true, min: 0.0001, max: 10, default: 1, width: 100 },
    shopper_group_enabled: { type: 'bool', renderer: 'activeFlag', editable: true, default: true, width: 100 },
  },
  actions: { add: true, delete: true },
});
