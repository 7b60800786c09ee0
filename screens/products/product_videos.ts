import { defineScreen } from '../../schemas/screen.ts';

/** Detail of product_list: the product's videos. */
export default defineScreen({
  form: 'product_videos',
  page: '/products/product_list',
  source: {
    relation: 'app.v_product_videos',
    key: 'video_id',
    write: 'app.product_videos',
    generatedKey: true,
    company: 'company_code',
    writeCompany: false,
    version: 'row_version',
    sort: [{ colId: 'position', sort: 'asc' }],
  },
  columns: {
    video_id: { type: 'int', width: 100 },
    product_code: { width: 150, hidden: true },
    video_url: { editable: true, required: true, maxLength: 500, pattern: '^https://\\S+$', renderer: 'link', width: 250 },
    video_title: { type: 'multi', editable: true, maxLength: 200, translate: true, width: 250 },
    position: { type: 'int', editable: true, min: 0, max: 1000, width: 100 },
  },
  actions: { delete: true },
});
