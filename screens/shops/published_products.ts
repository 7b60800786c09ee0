import { defineScreen } from '../../schemas/screen.ts';

/** Read-only: what the shops show right now (published, active, in an active shop). */
export default defineScreen({
  form: 'published_products',
  menu: { icon: 'globe', order: 6 },
  source: { relation: 'app.v_published_products', key: ['shop_id', 'product_code'], company: 'company_code' },
  columns: {
    shop_id: { type: 'ref', lookup: 'shops_brief', width: 200 },
    product_code: { width: 150 },
    product_name: { type: 'multi', width: 250 },
    price: { type: 'money' },
    free_qty: { type: 'number', width: 100 },
    published_at: { type: 'datetime', width: 150 },
  },
});
