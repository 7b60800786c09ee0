import { defineScreen } from '../../schemas/screen.ts';

/** The cashflow types (spec §3 "Cashflow: type_code", shared reference data): names per language and the direction, in or out. */
export default defineScreen({
  form: 'cashflow_types',
  menu: { icon: 'arrow-left-right', order: 5 },
  source: { relation: 'app.cashflow_types', key: 'type_code', write: 'app.cashflow_types', version: 'row_version', sort: [{ colId: 'position', sort: 'asc' }] },
  columns: {
    type_code: { required: true, maxLength: 40, pattern: '^[a-z][a-z0-9_]{0,39}$', patternHint: 'a–z 0–9 _', label: 'cashflow_type_code', width: 150, pinned: 'left' },
    type_names: { type: 'multi', editable: true, required: true, maxLength: 100, translate: true, width: 250 },
    direction: { editable: true, required: true, options: ['in', 'out'], width: 100 },
    position: { type: 'int', editable: true, min: 0, max: 10000, default: 0, width: 100 },
  },
  actions: { add: true, delete: true, translate: true },
});
