import { defineScreen } from '../../schemas/screen.ts';

/** Read-only: the price per shop and shopper group, net and gross, shown in the view currency. */
export default defineScreen({
  form: 'show_prices',
  menu: { icon: 'eye', order: 1 },
  source: {
    relation: 'app.v_show_prices',
    key: ['product_code', 'shop_id', 'shopper_group_id'],
    company: 'company_code',
  },
  columns: {
    product_code: { width: 150, pinned: 'left' },
    product_name: { type: 'multi', width: 250 },
    shop_id: { type: 'ref', lookup: 'shops_brief', width: 200 },
    shopper_group_id: { type: 'ref', lookup: 'shopper_groups_brief', label: 'shopper_group_name', width: 150 },
    vat_rate: { type: 'number', total: 'avg', width: 100 },
    discount_percent: { type: 'number', total: 'avg', width: 100 },
    net_price: { type: 'money' },
    gross_price: { type: 'money' },
    original_gross_price: { type: 'money' },
  },
});
