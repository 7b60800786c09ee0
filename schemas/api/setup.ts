/** The home page's set-up checklist (custom action setup_checklist; src/core/setupChecklist.ts). */
import * as v from 'valibot';
import { SETUP_KEYS } from '../../src/core/setupChecklist.ts';
import { NoPayload, defineAction } from './defineAction.ts';

export const SetupItem = v.object({
  key: v.picklist(SETUP_KEYS),
  done: v.boolean(),
  /** The page where it is done, of those the user may list (null: none of its pages exists on this database yet). */
  page: v.nullable(v.string()),
  /** What is missing, as codes the item's text names: currency codes (rates), company fields (company), 'company' (no company at all). */
  missing: v.array(v.string()),
});
export const SetupChecklistOutput = v.object({ data: v.object({ items: v.array(SetupItem) }) });

export const setupActions = {
  setup_checklist: defineAction({
    entity: 'setup_checklist',
    action: 'list',
    page: 'authenticated',
    flag: 'list',
    input: NoPayload,
    output: SetupChecklistOutput,
    summary:
      "What the session's company still lacks before its first storefront order (company settings, today's rates, VAT, a shop, delivery and payment, a category, a listed product): only the items whose page the user may list.",
  }),
};
