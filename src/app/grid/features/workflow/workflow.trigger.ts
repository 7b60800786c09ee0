/**
 * Firing an event (loaded with the first one): the confirmation (chrome/confirm.ts) naming
 * the records by their workflow type and reference, the trigger call, the rows patched from
 * the answer; a refusal said as a toast, and a state changed meanwhile reads the rows again.
 */
import type { ScreenDescriptor } from '../../../../../schemas/screen.ts';
import { pickText } from '../../../../core/multiText.ts';
// On the list route: each call from its own module, not the namespace of all (api/actions.ts), which would bring them all.
import { trigger_fsm } from '../../../../generated/actions/trigger_fsm.ts';
import { trigger_fsms } from '../../../../generated/actions/trigger_fsms.ts';
import { ApiError, api } from '../../../api/client.ts';
import { describeError } from '../../../api/said.ts';
import { ask } from '../../../chrome/confirm.ts';
import { toast } from '../../../chrome/toasts.tsx';
import type { FsmAction } from '../../../../core/workflowActions.ts';
import type { GridRow, Row } from '../../types.ts';
import type { GridQuery } from '../query/query.types.ts';
import { answerPatches, confirmOptions, referenceOf, triggerCall } from './workflow.utils.ts';

/** The workflow types' names (fsm_types_brief), read once; a failed read names no type and is tried again next time. */
let typeNames: Promise<ReadonlyMap<string, unknown>> | undefined;
async function typeName(type: string | undefined, lang: string): Promise<string> {
  if (!type) return '';
  typeNames ??= api.action<'ListOutput'>('fsm_types_brief', 'list', { startRow: 0, endRow: 100 }).then(
    (r) => new Map((r.rows as Row[]).map((t) => [String(t.type_code), t.type_names])),
    () => {
      typeNames = undefined;
      return new Map();
    },
  );
  return pickText((await typeNames).get(type), lang)?.text ?? '';
}

export async function fireEvent(action: FsmAction, rows: GridRow[], q: GridQuery, fields: ReadonlySet<string>, screen: ScreenDescriptor): Promise<void> {
  const data = rows.map((r) => q.current(r.id) ?? r.data);
  const target = { type: await typeName(screen.workflow?.type, q.lang), references: data.map((r) => referenceOf(screen, r)) };
  const answer = await ask(confirmOptions(action, q.lang, target));
  if (!answer) return;
  const call = triggerCall(action, data, answer);
  try {
    const r = await (call.entity === 'trigger_fsm' ? trigger_fsm(call.payload) : trigger_fsms(call.payload));
    for (const p of answerPatches(r.rows, rows, fields)) q.patch(p.id, p.fields);
    toast({ variant: 'success', id: 'workflow.done', values: { count: r.rows.length } });
  } catch (e) {
    toast({ variant: 'danger', ...describeError(e) });
    // Someone moved a row meanwhile: show the states as they are now.
    if (e instanceof ApiError && (e.code === 'stale_state' || e.code === 'event_not_allowed')) q.reload();
  }
}
