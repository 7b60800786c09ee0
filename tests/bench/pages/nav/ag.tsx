/**
 * AG Grid Community over the real server: the infinite row model (Community's server
 * paging) asking `/rpc/api_action` for product_list in blocks of 100 (AG Grid's own
 * request — the engine takes it as it is), with the session of the app's sign-in. The
 * same columns the floor page shows; Balham theme, no row animation. Sorting by a header
 * click and the text filter (floating, applied at once: debounce 0) are AG Grid's, each a
 * new block request to the server (the infinite row model sorts and filters nothing itself).
 */
import { InfiniteRowModelModule, ModuleRegistry, TextFilterModule, themeBalham, type ColDef, type IDatasource } from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import { createRoot } from 'react-dom/client';
import { COLUMNS, FILTER_FIELD, list, text, type Row } from './server.ts';

ModuleRegistry.registerModules([InfiniteRowModelModule, TextFilterModule]);

const columnDefs: ColDef<Row>[] = COLUMNS.map((field) => ({
  field,
  colId: field,
  valueFormatter: (p) => text(p.value),
  sortable: true,
  ...(field === FILTER_FIELD ? { filter: 'agTextColumnFilter', floatingFilter: true, filterParams: { debounceMs: 0, filterOptions: ['contains'] } } : {}),
}));

const datasource: IDatasource = {
  getRows: (p) =>
    void list({ startRow: p.startRow, endRow: p.endRow, sortModel: p.sortModel, filterModel: p.filterModel }).then(
      ({ rows, total }) => p.successCallback(rows, rows.length < p.endRow - p.startRow ? p.startRow + rows.length : (total ?? -1)),
      () => p.failCallback(),
    ),
};

const root = document.getElementById('grid')!;
Object.assign(root.style, { width: '1200px', height: '700px' });
createRoot(root).render(<AgGridReact<Row> theme={themeBalham} rowModelType="infinite" cacheBlockSize={100} datasource={datasource} columnDefs={columnDefs} animateRows={false} />);
