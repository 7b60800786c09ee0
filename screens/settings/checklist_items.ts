import { defineScreen } from '../../schemas/screen.ts';

/**
 * The items of the product checklist (shared reference data): what a catalogue manager ticks
 * off per product, in this order; an inactive item is no longer offered. Deleting an item
 * takes its ticks on every product with it (the question counts them).
 */
export default defineScreen({
  form: 'checklist_items',
  menu: { icon: 'list-checks', order: 25 },
  source: { relation: 'app.checklist_items', key: 'item_code', write: 'app.checklist_items', version: 'row_version', sort: [{ colId: 'position', sort: 'asc' }] },
  columns: {
    item_code: { required: true, maxLength: 40, pattern: '^[a-z0-9_]{1,40}$', patternHint: 'a–z 0–9 _', width: 150, pinned: 'left' },
    item_names: { type: 'multi', editable: true, required: true, maxLength: 200, translate: true, width: 250 },
    position: { type: 'int', editable: true, min: 0, max: 10000, default: 0, width: 100 },
    active: { type: 'bool', renderer: 'activeFlag', editable: true, default: true, width: 100 },
  },
  actions: { add: true, delete: true, translate: true },
});
