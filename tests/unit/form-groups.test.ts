/**
 * A form's groups (issue 46): the tabs of a screen whose columns name `group`, the record
 * form's read-only fields, and the tab an error is on (the pure part of ScreenFormDialog).
 */
import { describe, expect, it } from 'vitest';
import { parseScreen } from '../../schemas/screen.ts';
import { formFields, formGroups, groupOfError, hasGroups, shownFields } from '../../src/app/forms/formModel.ts';

const screen = parseScreen({
  form: 'things',
  route: '/things/things',
  source: { relation: 'app.things', key: 'code', write: 'app.things', version: 'row_version' },
  columns: {
    code: { required: true },
    name: { type: 'multi', editable: true, group: 'basics' },
    price: { type: 'money', editable: true, group: 'prices' },
    calc: { type: 'money', group: 'prices' },
    length: { type: 'number', editable: true, group: 'logistics' },
    note: { editable: true },
    actions: { type: 'json' },
    row_version: { type: 'int' },
  },
});
const plain = parseScreen({ ...screen, columns: { code: { required: true }, name: { editable: true } } });

describe('form groups', () => {
  it('makes one tab per group, in the order the groups first appear; a field naming none joins the first', () => {
    const groups = formGroups(formFields(screen, 'add'))!;
    expect(groups.map((g) => [g.group, g.fields.map((f) => f.field)])).toEqual([
      ['basics', ['code', 'name', 'note']],
      ['prices', ['price']],
      ['logistics', ['length']],
    ]);
    expect(formGroups(formFields(plain, 'add'))).toBeNull();
    expect([hasGroups(screen), hasGroups(plain)]).toEqual([true, false]);
  });

  it('shows an edited record whole: the columns it cannot write read-only, no json column and no row version', () => {
    const shown = shownFields(screen, 'edit');
    expect(shown.map((f) => [f.field, !!f.readOnly])).toEqual([
      ['code', true],
      ['name', false],
      ['price', false],
      ['calc', true],
      ['length', false],
      ['note', false],
    ]);
    // Adding, and a screen without groups: only what the form writes.
    expect(shownFields(screen, 'add')).toEqual(formFields(screen, 'add'));
    expect(shownFields(plain, 'edit')).toEqual(formFields(plain, 'edit'));
  });

  it('finds the tab of an error, a language of a multi field included', () => {
    const groups = formGroups(shownFields(screen, 'edit'))!;
    expect(groupOfError(groups, 'length')).toBe(2);
    expect(groupOfError(groups, 'name.de')).toBe(0);
    expect(groupOfError(groups, 'price')).toBe(1);
    expect(groupOfError(groups, 'nothing')).toBeUndefined();
  });
});
