/**
 * A custom action's name says what it calls (codegen/actions.ts): its entity, or
 * `<entity>_<verb>` when the entity has several verbs; codegen refuses any other, and the
 * client's calls (src/generated/actions/, a module each) are written from the contracts.
 */
import { describe, expect, it } from 'vitest';
import { actionCallsSources, actionNameProblems } from '../../codegen/actions.ts';
import { NoPayload, actionContracts, defineAction, type ActionContract } from '../../schemas/api.ts';

const contract = (entity: string, action: ActionContract['action']) =>
  defineAction({ entity, action, page: 'authenticated', flag: 'list', input: NoPayload, output: actionContracts.email_sync_list.output, summary: '' });

describe('custom action names', () => {
  it('the contracts of schemas/api.ts are named by the rule', () => {
    expect(actionNameProblems()).toEqual([]);
  });

  it('refuses a name other than the entity, or than entity_verb beside another verb', () => {
    expect(actionNameProblems({ courier_file: contract('courier_export', 'filter') })).toEqual(['schemas/api: the action contract courier_file (courier_export filter) must be named courier_export']);
    expect(actionNameProblems({ views: contract('views', 'list'), views_add: contract('views', 'add') })).toEqual(['schemas/api: the action contract views (views list) must be named views_list']);
    expect(() => actionCallsSources({ views: contract('views', 'list'), views_add: contract('views', 'add') })).toThrow(/views_list/);
  });

  it('writes each name with its entity and verb, a module each, and an index naming them', () => {
    const files = actionCallsSources({ views_list: contract('views', 'list'), views_add: contract('views', 'add'), courier_export: contract('courier_export', 'filter') });
    expect([...files.keys()]).toEqual(['views_list.ts', 'views_add.ts', 'courier_export.ts', 'index.ts']);
    expect(files.get('views_add.ts')).toContain('export const views_add = /* @__PURE__ */ actionCall<"views_add">("views", "add");');
    expect(files.get('courier_export.ts')).toContain('export const courier_export = /* @__PURE__ */ actionCall<"courier_export">("courier_export", "filter");');
    expect(files.get('index.ts')).toContain(
      ["export { views_list } from './views_list.ts';", "export { views_add } from './views_add.ts';", "export { courier_export } from './courier_export.ts';"].join('\n'),
    );
  });
});
