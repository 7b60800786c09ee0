import { defineScreen } from '../../schemas/screen.ts';

/** Detail of payment_methods: the shops offering the method. */
export default defineScreen({
  form: 'payment_method_shops',
  page: '/shops/payment_methods',
  source: { relation: 'app.v_payment_method_shops', key: ['pm_id', 'shop_id'], write: 'app.payment_method_shops', company: 'company_code', writeCompany: false, version: 'row_version' },
  columns: {
    pm_id: { type: 'int', hidden: true },
    shop_id: { type: 'ref', lookup: 'shops_brief', editable: true, required: true, width: 250 },
  },
  actions: { add: true, delete: true },
});
