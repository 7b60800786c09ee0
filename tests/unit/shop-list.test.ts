import { describe, expect, it } from 'vitest';
import { categoryOptions, shopListPayload, type CategoryRow } from '../../src/app/actions/shopList.ts';

const input = { shopId: 4, categoryIds: [7], published: true, mode: 'keep' as const };
const filterModel = { brand_id: { filterType: 'set' as const, values: [1] } };

describe('List in shop… payload', () => {
  it('names the picked products, else the filter minus those unpicked after "select all"', () => {
    expect(shopListPayload({ filterModel, language: 'de', selection: { count: 2, all: false, keys: ['A', 'B'] } }, input)).toEqual({
      shop_id: 4,
      category_ids: [7],
      published: true,
      mode: 'keep',
      keys: ['A', 'B'],
    });
    expect(shopListPayload({ filterModel, language: 'de', selection: { count: 9, all: true, keys: ['C'] } }, input)).toEqual({
      shop_id: 4,
      category_ids: [7],
      published: true,
      mode: 'keep',
      filterModel,
      language: 'de',
      except: ['C'],
    });
    expect(shopListPayload({ filterModel, language: 'de' }, input)).not.toHaveProperty('except');
    expect(shopListPayload({ filterModel, language: 'de' }, { ...input, shopId: null })).toBeNull();
  });

  it('offers the active categories depth first in the language, an inactive one’s subtree left out', () => {
    const c = (id: number, parent: number | null, position: number, names: Record<string, string>, active = true): CategoryRow => ({
      product_category_id: id,
      parent_category_id: parent,
      position,
      active,
      product_category_names: names,
    });
    const rows = [
      c(1, null, 2, { en: 'Tools', de: 'Werkzeug' }),
      c(2, null, 1, { en: 'Garden' }),
      c(3, 1, 0, { en: 'Saws', de: 'Sägen' }),
      c(4, null, 3, { en: 'Old' }, false),
      c(5, 4, 0, { en: 'Under old' }),
    ];
    expect(categoryOptions(rows, 'de')).toEqual([
      { id: 2, depth: 0, name: 'Garden' },
      { id: 1, depth: 0, name: 'Werkzeug' },
      { id: 3, depth: 1, name: 'Sägen' },
    ]);
  });
});
