import { defineScreen } from '../../schemas/screen.ts';

/** Detail of product_list: the product's images on the CDN (/p/{image_id}.jpg), one of them the cover. */
export default defineScreen({
  form: 'product_images',
  page: '/products/product_list',
  area: 'products',
  source: {
    relation: 'app.v_product_images',
    key: 'image_id',
    write: 'app.product_images',
    generatedKey: true,
    company: 'company_code',
    writeCompany: false,
    version: 'row_version',
    sort: [{ colId: 'position', sort: 'asc' }],
  },
  columns: {
    image_id: { type: 'int', width: 100 },
    product_code: { width: 150, hidden: true },
    image: { type: 'int', renderer: 'image', width: 100 },
    position: { type: 'int', editable: true, min: 0, max: 1000, width: 100 },
    is_cover: { type: 'bool', renderer: 'checkbox', editable: true, width: 100 },
    alt_text: { type: 'multi', editable: true, maxLength: 200, translate: true, width: 250 },
  },
  actions: { delete: true },
});
