import { defineScreen } from '../../schemas/screen.ts';

/** Banner carousel entries per shop (image preset 'banner', 1200×800 webp). */
export default defineScreen({
  form: 'banners',
  menu: { icon: 'image', order: 7 },
  source: {
    relation: 'app.v_banners',
    key: 'banner_id',
    write: 'app.banners',
    generatedKey: true,
    version: 'row_version',
    company: 'company_code',
    writeCompany: false,
    sort: [
      { colId: 'shop_id', sort: 'asc' },
      { colId: 'position', sort: 'asc' },
    ],
  },
  columns: {
    banner_id: { type: 'int', width: 100 },
    shop_id: { type: 'ref', lookup: 'shops_brief', editable: true, required: true, width: 200 },
    banner_title: { type: 'multi', editable: true, required: true, maxLength: 120, translate: true, width: 250 },
    image_url: { editable: true, maxLength: 500, pattern: '^(https://|/)\\S*$', renderer: 'image', width: 150 },
    link_url: { editable: true, maxLength: 500, pattern: '^(https?://|/)\\S*$', width: 200 },
    position: { type: 'int', editable: true, min: 0, max: 1000, width: 100 },
    valid_from: { type: 'date', editable: true, editor: 'date', width: 150 },
    valid_to: { type: 'date', editable: true, editor: 'date', width: 150 },
    active: { type: 'bool', renderer: 'activeFlag', editable: true, default: true, width: 100 },
    tags: { editable: true, editor: 'tag', maxLength: 200, width: 200 },
  },
  actions: { add: true, delete: true, translate: true },
});
