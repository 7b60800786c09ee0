/**
 * Firing an event (loaded with the first one): the confirmation (chrome/confirm.tsx), the
 * trigger call, the rows patched from the answer; a refusal said as a toast, and a state
 * changed meanwhile reads the rows again.
 */
import { ApiError, api } from '../../../api/client.ts';
import { describeError } from '../../../api/said.ts';
import { ask } from '../../../chrome/confirm.tsx';
import { toast } from '../../../chrome/toasts.tsx';
import type { FsmAction } from '../../../../core/workflowActions.ts';
import type { GridRow, Row } from '../../types.ts';
import type { GridQuery } from '../query/query.types.ts';
import { answerPatches, confirmOptions, triggerCall } from './workflow.utils.ts';

export async function fireEvent(action: FsmAction, rows: GridRow[], q: GridQuery, fields: ReadonlySet<string>): Promise<void> {
  const data = rows.map((r) => q.current(r.id) ?? r.data);
  const answer = await ask(confirmOptions(action, q.lang, rows.length));
  if (!answer) return;
  const call = triggerCall(action, data, answer);
  try {
    const r = await api.action<'FsmTriggerOutput'>(call.entity, 'set', call.payload);
    for (const p of answerPatches(r.rows as Row[], rows, fields)) q.patch(p.id, p.fields);
    toast({ variant: 'success', id: 'workflow.done', values: { count: r.rows.length } });
  } catch (e) {
    toast({ variant: 'danger', ...describeError(e) });
    // Someone moved a row meanwhile: show the states as they are now.
    if (e instanceof ApiError && (e.code === 'stale_state' || e.code === 'event_not_allowed')) q.reload();
  }
}
