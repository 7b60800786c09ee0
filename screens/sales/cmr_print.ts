import { defineScreen } from '../../schemas/screen.ts';

/**
 * A CMR note as printed: /sales/cmr_print?cmr_id=… in the print frame (A4 portrait,
 * 210 mm document, 190 mm tables; needs a signed-in user with the page), one row per box of
 * the form with its title in the reader's language (app.cmr_boxes) and its text.
 */
export default defineScreen({
  form: 'cmr_print',
  // The printed note, opened from a note (?cmr_id=…): a page of its own for its permission, not in the menu.
  menu: { icon: 'printer', order: 8, hidden: true },
  layout: 'print',
  source: {
    relation: 'app.v_cmr_print',
    key: 'print_id',
    company: 'company_code',
    sort: [
      { colId: 'cmr_id', sort: 'asc' },
      { colId: 'box_no', sort: 'asc' },
    ],
  },
  columns: {
    print_id: { type: 'int', hidden: true },
    cmr_id: { type: 'int', hidden: true },
    cmr_number: { width: 150 },
    box_no: { type: 'int', width: 50 },
    box_names: { type: 'multi', width: 250 },
    box_text: { width: 250 },
  },
  actions: { export: false },
});
