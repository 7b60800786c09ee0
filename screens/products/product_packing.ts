import { defineScreen } from '../../schemas/screen.ts';

/**
 * Detail of product_list: the product's packing template and packaging material weights
 * (kg per unit). A weight written here is the product's own; cleared, the template's
 * weight applies again (migration 014).
 */
export default defineScreen({
  form: 'product_packing',
  page: '/products/product_list',
  source: { relation: 'app.v_product_packing', key: 'product_code', write: 'app.products', company: 'company_code', version: 'row_version' },
  columns: {
    product_code: { hidden: true, width: 150 },
    packing_template_id: { type: 'ref', lookup: 'packing_templates_brief', editable: true, width: 200 },
    packing_metal: { type: 'number', editable: true, min: 0, max: 1000 },
    packing_wood: { type: 'number', editable: true, min: 0, max: 1000 },
    packing_plastic: { type: 'number', editable: true, min: 0, max: 1000 },
    packing_paper: { type: 'number', editable: true, min: 0, max: 1000 },
    packing_weight: { type: 'number' },
    own_packing: { type: 'bool', renderer: 'checkbox' },
  },
});
