import type * as v from 'valibot';
import type { EventPayment, RecordedPayment } from '../../../schemas/api/workflow.ts';
import type { Db, Queryable } from '../db/types.ts';
import { HttpError, badRequest, forbidden, refused } from '../http/errors.ts';
import { holdsPagePermission } from '../actions/engine/permissions.ts';
import { actAs } from '../actions/engine/rows.ts';
import type { Session } from '../rpc/context.ts';
import { queueMoveMails } from '../mail/enqueue.ts';
import { stockRefusal } from '../http/stockRefusals.ts';
import { instanceStates, type FsmInstanceState } from './instances.ts';
import { beforeEnter, onEnter } from './onEnter.ts';
import { deliverIssued } from '../invoices/deliver.ts';
import { recordPayment, takesPayments } from './payment.ts';
import { keepEventDocuments } from '../print/documentStore.ts';
import { pickText } from '../../core/query/langText.ts';

interface TriggerParams {
  checkbox?: boolean | undefined;
  state_code?: string | undefined;
  row_version?: number | undefined;
  email_body?: string | undefined;
  /** The payment an event with `params.payment` records (one instance). */
  payment?: v.InferOutput<typeof EventPayment> | undefined;
}

export interface TriggerInput {
  event_code: string;
  ids: readonly number[];
  params: TriggerParams;
}

interface Locked {
  fsm_instance_id: number;
  type_code: string;
  state_id: number;
  state_code: string;
  row_version: number;
}

/**
 * The event as its type defines it, with the type's page (whose `events` right lets a user fire
 * it, migration 094) and the roles it is reserved to (fsm_event_roles, migration 122): whether
 * it is, whether the user holds one of them (active; a global administrator always may) and
 * their names in the user's language.
 */
async function eventOf(tx: Queryable, type: string, event: string, userId: number, lang: string) {
  const r = await tx.query<{
    url: string | null;
    event_params: Record<string, unknown> | null;
    event_names: Record<string, string> | null;
    reserved: boolean;
    holds: boolean;
    roles: Record<string, string> | null;
  }>(
    `select p.url, e.event_params, e.event_names,
            exists (select 1 from app.fsm_event_roles g where g.event_id = e.event_id) as reserved,
            app.is_global_admin($3) or exists (select 1 from app.fsm_event_roles g join app.user_roles ur on ur.role_id = g.role_id
                                               join app.roles ro on ro.role_id = g.role_id and ro.active
                                               where g.event_id = e.event_id and ur.user_id = $3) as holds,
            app.role_names(array(select g.role_id from app.fsm_event_roles g where g.event_id = e.event_id)) as roles
     from app.fsm_types t join app.backend_pages p on p.page_code = t.page_code
     left join app.fsm_events e on e.type_code = t.type_code and e.event_code = $2
     where t.type_code = $1`,
    [type, event, userId],
  );
  const row = r.rows[0];
  if (!row) return undefined;
  return { ...row, name: pickText(row.event_names, lang)?.text || event, roleNames: pickText(row.roles, lang)?.text ?? '' };
}

/**
 * Fires `event_code` on instances of one workflow type, in ONE transaction: every instance
 * is locked (in id order: two triggers over overlapping selections cannot deadlock) and
 * checked before any moves, so a refusal changes nothing. A parallel trigger on the same
 * instance waits for the lock and then sees the state this one left: its event is no longer
 * allowed (409 `event_not_allowed`) or the state is not the one its user saw (409
 * `stale_state`) — one wins, the other changes nothing.
 *
 * Order of checks: every instance in the session's company (another company's answers as a
 * missing one: 404) → one type (400 `mixed_workflow_types`) → the `events` right on the type's
 * page (403 `event_right_required`; `set` alone edits the records, it fires nothing)
 * → the event exists for the type (400 `unknown_event`) → one of the roles the event is
 * reserved to, if it is (403 `event_role_required`) → the params fit the event (400) →
 * the state and version the user saw (409 `stale_state`) → a live transition from each
 * instance's state (409 `event_not_allowed`; a retired event or one leading into a retired
 * state is none, app.fsm_live_transitions).
 *
 * An event given a payment (its `params.payment`, a sales order's Record payment) records it
 * on the record's receivable instead of moving it (workflow/payment.ts): the record moves
 * when the payments settle it, in this transaction.
 */
export async function trigger(db: Db, session: Session, input: TriggerInput): Promise<{ rows: FsmInstanceState[]; payment?: v.InferOutput<typeof RecordedPayment> }> {
  const company = session.company;
  if (!company) throw forbidden('forbidden: workflows need a company');
  const ids = [...new Set(input.ids)];
  const { event_code: event, params } = input;
  if (params.row_version !== undefined && ids.length !== 1) throw badRequest('payload.params.row_version: a version is checked for one instance only');
  return db.transaction(async (tx) => {
    // Locked alone, then read: a join in the locking statement would be re-checked against the
    // state row it first saw (PostgreSQL's EvalPlanQual) and drop an instance a parallel
    // trigger has just moved; the next statement's snapshot sees that move.
    await tx.query('select 1 from app.fsm_instances where fsm_instance_id = any($1::bigint[]) and company_code = $2 order by fsm_instance_id for update', [ids, session.company]);
    const locked = (
      await tx.query<Locked>(
        `select i.fsm_instance_id, i.type_code, i.state_id, s.state_code, i.row_version
         from app.fsm_instances i join app.fsm_states s on s.state_id = i.state_id
         where i.fsm_instance_id = any($1::bigint[]) and i.company_code = $2`,
        [ids, session.company],
      )
    ).rows;
    if (locked.length !== ids.length) {
      const found = new Set(locked.map((l) => Number(l.fsm_instance_id)));
      const missing = ids.find((id) => !found.has(id));
      throw new HttpError(404, 'not_found', `payload.fsm_instance_id: no workflow instance ${missing} in this company`);
    }
    const types = [...new Set(locked.map((l) => l.type_code))];
    if (types.length > 1) throw refused('mixed_workflow_types', `payload.fsm_instance_id: the instances belong to several workflow types (${types.join(', ')})`);
    const type = types[0]!;
    const def = await eventOf(tx, type, event, session.userId, session.languageCode);
    if (!def?.url) throw forbidden(`forbidden: workflow type ${type} has no page`);
    if (!(await holdsPagePermission(tx, session, def.url, 'events'))) {
      throw new HttpError(403, 'event_right_required', `forbidden: running the events of workflow ${type} needs the events right on ${def.url}`);
    }
    if (!def.event_params) throw refused('unknown_event', `payload.event_code: workflow type ${type} has no event "${event}"`, { event });
    if (def.reserved && !def.holds) {
      throw new HttpError(403, 'event_role_required', `forbidden: the event "${event}" of workflow ${type} is reserved to the roles ${def.roleNames}`, {}, undefined, {
        event: def.name,
        roles: def.roleNames,
      });
    }
    if (params.checkbox !== undefined && !def.event_params.checkbox) throw badRequest(`payload.params.checkbox: the event "${event}" has no checkbox`);
    const emailBody = params.email_body?.trim() || undefined;
    if (emailBody && def.event_params.email !== true) throw badRequest(`payload.params.email_body: the event "${event}" sends no e-mail`);
    if (params.payment && (def.event_params.payment !== true || !takesPayments(type) || ids.length !== 1)) {
      throw badRequest(`payload.params.payment: the event "${event}" of ${type} records no payment`);
    }

    for (const l of locked) {
      if ((params.state_code !== undefined && l.state_code !== params.state_code) || (params.row_version !== undefined && l.row_version !== params.row_version)) {
        throw refused('stale_state', `workflow instance ${l.fsm_instance_id} is now in state "${l.state_code}" (version ${l.row_version}): reload it`, {}, 409);
      }
    }
    const moves = (
      await tx.query<{ fsm_instance_id: number; transition_id: number | null; state_code: string; to_state: string | null }>(
        `select l.id as fsm_instance_id, t.transition_id, s.state_code, ts.state_code as to_state
         from unnest($1::bigint[]) as l(id)
         join app.fsm_instances i on i.fsm_instance_id = l.id
         join app.fsm_states s on s.state_id = i.state_id
         left join app.fsm_live_transitions t on t.type_code = i.type_code and t.event_code = $2 and t.from_state_id = i.state_id
         left join app.fsm_states ts on ts.state_id = t.to_state_id`,
        [ids, event],
      )
    ).rows;
    const stuck = moves.find((m) => m.transition_id === null);
    if (stuck) {
      throw refused(
        'event_not_allowed',
        `workflow instance ${stuck.fsm_instance_id}: the event "${event}" is not possible in the state "${stuck.state_code}"`,
        { event, state: stuck.state_code },
        409,
      );
    }
    // What the history keeps of the request: the checkbox and the e-mail's body (the mail is queued below, sent by the outbox).
    const kept = { ...(params.checkbox === undefined ? {} : { checkbox: params.checkbox }), ...(emailBody ? { email_body: emailBody } : {}) };
    if (params.payment) {
      const payment = await recordPayment(tx, session, type, Number(moves[0]!.fsm_instance_id), params.payment, kept);
      // A payment that settled the order moved it (its `pay`, with the checkbox): its mail goes with it.
      if (payment.moved) await queueMoveMails(tx, ids);
      // The invoice the payment issued (its company invoices on pay: with its receivable, or as the settled order reached paid, migration 128): its copy and mail.
      await deliverIssued(tx);
      return { rows: await instanceStates(tx, ids), payment };
    }
    // What entering the state needs first (a receipt before the order closes); an instance the step moved itself is not moved again.
    let moving = moves;
    const before = Object.entries(beforeEnter[type] ?? {}).flatMap(([state, step]) => {
      const entering = moves.filter((m) => m.to_state === state && m.state_code !== state).map((m) => m.fsm_instance_id);
      return entering.length ? [{ step, entering }] : [];
    });
    if (before.length) {
      for (const { step, entering } of before) await step(tx, entering, session);
      const now = await tx.query<{ id: number; state_code: string }>(
        'select i.fsm_instance_id as id, s.state_code from app.fsm_instances i join app.fsm_states s on s.state_id = i.state_id where i.fsm_instance_id = any($1::bigint[])',
        [ids],
      );
      const stateNow = new Map(now.rows.map((r) => [Number(r.id), r.state_code]));
      moving = moves.filter((m) => stateNow.get(Number(m.fsm_instance_id)) === m.state_code);
    }
    if (moving.length) {
      // The moves the database makes in turn (a cash-flow item closing when invoiced settles it, migration 117) are this user's.
      await actAs(tx, session.userId);
      try {
        await tx.query(
          `select app.fsm_move(m.id, m.transition_id, $3, $4::jsonb, now())
           from unnest($1::bigint[], $2::int[]) as m(id, transition_id)`,
          [moving.map((m) => m.fsm_instance_id), moving.map((m) => m.transition_id), session.userId, JSON.stringify(kept)],
        );
      } catch (e) {
        // A move a stock rule refuses (a purchase order received before it is confirmed: migration 098), said by name.
        throw stockRefusal(e, session.languageCode) ?? e;
      }
    }
    for (const [state, enter] of Object.entries(onEnter[type] ?? {})) {
      const entering = moves.filter((m) => m.to_state === state && m.state_code !== state).map((m) => m.fsm_instance_id);
      if (entering.length) await enter(tx, entering, { userId: session.userId, languageCode: session.languageCode });
    }
    // The document the event hands over (confirmation, delivery note, purchase order) kept on the order's Documents tab.
    await keepEventDocuments(
      tx,
      company,
      type,
      event,
      moving.map((m) => m.fsm_instance_id),
      session.userId,
    );
    // In this transaction: a refusal above queued nothing, and a committed move keeps its mail (its documents drawn when it is sent).
    await queueMoveMails(tx, ids);
    // The invoices these moves issued (an order reaching its company's `invoice_on` point, migration 128; an order paid by a cash-flow item's move), in this
    // transaction: the number, the document and its receivable commit with the move, and so do its copy on the order's Documents tab and its mail.
    await deliverIssued(tx);
    return { rows: await instanceStates(tx, ids) };
  });
}
