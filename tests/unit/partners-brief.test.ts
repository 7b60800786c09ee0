/**
 * partners_brief in the browser (spec §4 "Partners list loads once and is guarded against
 * repeat loads"; §8 a partner load failure is only logged and counts as loaded): the grid's
 * lookup store asks for it once per company however often it is ensured, and after a
 * failure does not ask again (its cells show the keys).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { lookupDisplayField } from '../../src/core/lookupDisplay.ts';
import type { GridDataProvider } from '../../src/app/grid/dataProvider/contract.ts';
import { setGridDataProvider } from '../../src/app/grid/dataProvider/provider.ts';
import { testDataProvider } from '../../src/app/grid/dataProvider/testDataProvider.ts';
import { LookupStore } from '../../src/app/grid/lookups.ts';
import type { LookupDef } from '../../src/app/grid/types.ts';
import partnersBriefCompact from '../../src/generated/screens/partners_brief.ts';
import { expand } from '../../src/generated/screenDefaults.ts';
const partnersBrief = expand(partnersBriefCompact);

/** The lookup of a ref column naming partners_brief (as grid/columns.ts derives it). */
const def: LookupDef = {
  form: 'partners_brief',
  keyField: 'partner_id',
  keyType: 'int',
  displayField: lookupDisplayField(partnersBrief.columns, ['partner_id']),
  displayType: 'text',
};
const rows = [
  { partner_id: 2, partner_name: 'Tatra Sport s.r.o.', is_supplier: true },
  { partner_id: 7, partner_name: 'Peter Kováč', is_supplier: false },
];
/** Past the store's gathering pause on the fake clock, and whatever it set off has run. */
const settled = () => vi.advanceTimersByTimeAsync(20);

describe('partners_brief in the lookup store', () => {
  let restore: (() => void) | undefined;
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    restore?.();
  });

  /** The in-memory provider, its list counted and, when told, failing. */
  function provider(fail: boolean) {
    const base = testDataProvider([partnersBrief], { partners_brief: rows });
    const list = vi.fn((form: string, params: Parameters<GridDataProvider['list']>[1]) => (fail ? Promise.reject(new Error('503 Service Unavailable')) : base.list(form, params)));
    restore = setGridDataProvider({ ...base, list } as GridDataProvider);
    return list;
  }

  it('shows the partner name and loads once per company, however often it is ensured', async () => {
    expect(def.displayField).toBe('partner_name');
    const list = provider(false);
    const store = new LookupStore();
    store.ensure([def], 'SK01');
    store.ensure([def], 'SK01'); // while loading
    await settled();
    store.ensure([def], 'SK01'); // once loaded
    await settled();
    expect(list).toHaveBeenCalledTimes(1);
    expect(store.get('partners_brief', 'SK01')!.byKey.get('7')?.partner_name).toBe('Peter Kováč');
    store.ensure([def], 'HU01'); // another company's partners are its own list
    await settled();
    expect(list).toHaveBeenCalledTimes(2);
  });

  it('counts a failed load as loaded: logged, never asked again, the cells keep their keys', async () => {
    const list = provider(true);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const store = new LookupStore();
    let heard = 0;
    store.subscribe(() => void heard++);
    store.ensure([def], 'SK01');
    await settled();
    store.ensure([def], 'SK01');
    await settled();
    expect(list).toHaveBeenCalledTimes(1);
    expect(heard).toBe(1);
    expect(warn).toHaveBeenCalledWith('grid: lookup partners_brief failed', expect.any(Error));
    expect(store.get('partners_brief', 'SK01')).toBeUndefined();
    warn.mockRestore();
  });
});
