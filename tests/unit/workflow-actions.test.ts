/** The actions offered over picked rows (spec §4): only those common to all; a row with none empties the set. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buttonActions, commonActions, menuActions, type FsmAction } from '../../src/core/workflowActions.ts';

const act = (event_code: string, flags: Partial<FsmAction> = {}): FsmAction => ({ event_code, event_names: { en: event_code }, params: {}, ...flags });

describe('workflow actions', () => {
  it('offers the actions every picked row offers, in the first row order', () => {
    expect(
      commonActions([
        [act('pay'), act('cancel')],
        [act('cancel'), act('ship'), act('pay')],
      ]).map((a) => a.event_code),
    ).toEqual(['pay', 'cancel']);
    expect(commonActions([[act('pay')]]).map((a) => a.event_code)).toEqual(['pay']);
  });

  it('offers nothing when a row has no actions, or no row is picked', () => {
    expect(commonActions([[act('pay')], []])).toEqual([]);
    expect(commonActions([[act('pay')], null])).toEqual([]);
    expect(commonActions([])).toEqual([]);
  });

  it('leaves button-only actions out of the menu, and only flagged ones are buttons', () => {
    const actions = [act('pay', { menu: true, button: true }), act('ship', { menu: false, button: true }), act('cancel', { menu: true, button: false }), act('old')];
    expect(menuActions(actions).map((a) => a.event_code)).toEqual(['pay', 'cancel', 'old']);
    expect(buttonActions(actions).map((a) => a.event_code)).toEqual(['pay', 'ship']);
    expect(commonActions([actions, actions]).map((a) => a.event_code)).toEqual(['pay', 'cancel', 'old']);
  });

  it('property: an offered action is one every row offers in its menu, and every such action is offered', () => {
    const code = fc.constantFrom('a', 'b', 'c', 'd', 'e');
    const row = fc.option(
      fc.uniqueArray(fc.record({ code, menu: fc.boolean() }), { selector: (x) => x.code }).map((xs) => xs.map((x) => act(x.code, { menu: x.menu }))),
      { nil: null },
    );
    fc.assert(
      fc.property(fc.array(row, { maxLength: 6 }), (rows) => {
        const offered = commonActions(rows).map((a) => a.event_code);
        const menus = rows.map((r) => new Set(menuActions(r).map((a) => a.event_code)));
        const expected =
          rows.length === 0
            ? []
            : menuActions(rows[0])
                .map((a) => a.event_code)
                .filter((c) => menus.every((m) => m.has(c)));
        expect(offered).toEqual(expected);
        if (rows.some((r) => menuActions(r).length === 0)) expect(offered).toEqual([]);
        // Picking the rows in another order offers the same set.
        expect(new Set(commonActions([...rows].reverse()).map((a) => a.event_code))).toEqual(new Set(offered));
      }),
    );
  });
});
