import { defineScreen } from '../../schemas/screen.ts';

/**
 * Detail of product_list: the product's images, one of them the cover. Pictures are uploaded
 * in this grid (drop files on it, or Add pictures / Replace picture: POST /api/images/product_images)
 * and served by this server as /p/{image}.jpg (`image`: the row's id and its picture's version).
 */
export default defineScreen({
  form: 'product_images',
  page: '/products/product_list',
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
    image: { renderer: 'image', width: 100, sortable: false },
    position: { type: 'int', editable: true, min: 0, max: 1000, width: 100 },
    is_cover: { type: 'bool', renderer: 'checkbox', editable: true, width: 100 },
    alt_text: { type: 'multi', editable: true, maxLength: 200, translate: true, width: 250 },
    width_px: { type: 'int', width: 100 },
    height_px: { type: 'int', width: 100 },
    size_bytes: { type: 'int', width: 100 },
  },
  actions: { delete: true, bulk: ['product_pictures_add', 'product_picture_replace'] },
});
