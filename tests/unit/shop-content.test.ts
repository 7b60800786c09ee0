import { describe, expect, it } from 'vitest';
import { parseScreen } from '../../schemas/screen.ts';
import { bulkActionsOf } from '../../src/core/bulkActions.ts';
import { changeValue, inputProblem, priceUpdatePayload } from '../../src/app/actions/priceUpdate.ts';
import { searchFilter } from '../../src/app/pages/searchFilter.ts';
import colDefs from '../../screens/shops/frontend_pages2_col_defs.ts';
import purchasePrices from '../../screens/prices/frontend_purchase_prices.ts';

const q = { filterModel: { mf_name: { filterType: 'text' as const, type: 'contains', filter: 'Acme' } }, language: 'de' };

describe('bulk purchase price update payload', () => {
  it('reads the typed change with a comma or a dot and a sign; 0 is no change', () => {
    expect(changeValue('7,5', 'de')).toBe(7.5);
    expect(changeValue('-2,25', 'de')).toBe(-2.25);
    expect(changeValue('-2.25', 'en')).toBe(-2.25);
    expect(changeValue('2.25', 'de')).toBeNull();
    expect(changeValue('0', 'de')).toBeNull();
    expect(changeValue('abc', 'de')).toBeNull();
  });

  it('sends the picked keys, else the filter minus the rows unpicked after "select all"', () => {
    const input = { fields: ['purchase_price_base' as const], mode: 'percent' as const, value: '5', decimals: 2 };
    expect(priceUpdatePayload({ ...q, selection: { count: 2, all: false, keys: ['A', 'B'] } }, input)).toEqual({
      fields: ['purchase_price_base'],
      mode: 'percent',
      value: 5,
      decimals: 2,
      keys: ['A', 'B'],
    });
    expect(priceUpdatePayload({ ...q, selection: { count: 9, all: true, keys: ['C'] } }, input)).toEqual({
      fields: ['purchase_price_base'],
      mode: 'percent',
      value: 5,
      decimals: 2,
      filterModel: q.filterModel,
      language: 'de',
      except: ['C'],
    });
    expect(priceUpdatePayload({ ...q, selection: { count: 0, all: false, keys: [] } }, input)).toEqual({
      fields: ['purchase_price_base'],
      mode: 'percent',
      value: 5,
      decimals: 2,
      filterModel: q.filterModel,
      language: 'de',
    });
  });

  it('names what is wrong before asking the server', () => {
    const ok = { fields: ['purchase_price_base' as const], mode: 'percent' as const, value: '10', decimals: 2 };
    expect(inputProblem(ok, 'de')).toBeNull();
    expect(inputProblem({ ...ok, fields: [] }, 'de')).toBe('grid.bulk_price_no_field');
    expect(inputProblem({ ...ok, value: '' }, 'de')).toBe('grid.bulk_price_bad_value');
    expect(inputProblem({ ...ok, value: '-100' }, 'de')).toBe('grid.bulk_price_bad_percent');
    expect(inputProblem({ ...ok, mode: 'amount', fields: ['purchase_price_base', 'purchase_price_original'] }, 'de')).toBe('grid.bulk_price_amount_base_only');
  });

  it('is offered with the set permission only', () => {
    const screen = parseScreen(purchasePrices, 'screens/prices/frontend_purchase_prices.ts');
    expect(bulkActionsOf(screen, { add: false, set: true, delete: false })).toEqual(['purchase_price_update']);
    expect(bulkActionsOf(screen, { add: true, set: false, delete: true })).toEqual([]);
  });
});

describe('search parameters of a route', () => {
  const screen = parseScreen(colDefs, 'screens/shops/frontend_pages2_col_defs.ts');
  it('become an equality filter on the columns they name, typed by the column', () => {
    expect(searchFilter(screen, { content_page_id: 3 })).toEqual({ content_page_id: 3 });
    expect(searchFilter(screen, { css_class: 123, col_width: '6' })).toEqual({ css_class: '123', col_width: 6 });
  });
  it('ignore unknown, multi-language and malformed ones', () => {
    expect(searchFilter(screen, { page: 3, block_title: 'x', col_width: 'wide', position: { a: 1 } })).toBeUndefined();
  });
});
