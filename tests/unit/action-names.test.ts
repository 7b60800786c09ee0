/**
 * A custom action's name says what it calls (codegen/actions.ts): its entity, or
 * `<entity>_<verb>` when the entity has several verbs; codegen refuses any other, and the
 * client's list of calls (src/generated/actions.ts) is written from the contracts.
 */
import { describe, expect, it } from 'vitest';
import { actionCallsSource, actionNameProblems } from '../../codegen/actions.ts';
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
    expect(() => actionCallsSource({ views: contract('views', 'list'), views_add: contract('views', 'add') })).toThrow(/views_list/);
  });

  it('writes each name with its entity and verb', () => {
    const source = actionCallsSource({ views_list: contract('views', 'list'), views_add: contract('views', 'add'), courier_export: contract('courier_export', 'filter') });
    expect(source).toContain('  views_list: ["views", "list"],\n  views_add: ["views", "add"],\n  courier_export: ["courier_export", "filter"],\n');
  });
});
