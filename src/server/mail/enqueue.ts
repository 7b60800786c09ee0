import { DEFAULT_LANG, isLang } from '../../core/langs.ts';
import type { Queryable } from '../db/types.ts';
import { captionsOf } from '../texts/captions.ts';
import { WORKFLOW_MAILS, eventMail, isMailingType, type MoveParams } from './registry.ts';

interface Move {
  fsm_instance_id: number;
  history_id: number;
  event_code: string | null;
  params: MoveParams;
  type_code: string;
  company_code: string;
}

/**
 * Queues the mail of the moves just made on `instanceIds` (each instance's last history
 * row: the move, its event and the params it kept), in the caller's transaction — the
 * trigger's or the scheduler's batch — so the mail commits or rolls back with the move.
 * A record without an address gets no mail; its history row says `"mail": "no_recipient"`.
 * Returns the number of mails queued.
 */
export async function queueMoveMails(tx: Queryable, instanceIds: readonly number[]): Promise<number> {
  if (!instanceIds.length) return 0;
  const types = Object.keys(WORKFLOW_MAILS);
  const moves = (
    await tx.query<Move>(
      `select distinct on (h.fsm_instance_id) h.fsm_instance_id, h.history_id, h.event_code, h.params, i.type_code, i.company_code
       from app.fsm_history h join app.fsm_instances i on i.fsm_instance_id = h.fsm_instance_id
       where h.fsm_instance_id = any($1::bigint[]) and i.type_code = any($2::text[])
       order by h.fsm_instance_id, h.history_id desc`,
      [instanceIds, types],
    )
  ).rows.filter((m) => eventMail(m.type_code, m.event_code, m.params));
  if (!moves.length) return 0;

  const groups = new Map<string, Move[]>();
  for (const m of moves) {
    const k = JSON.stringify([m.type_code, m.company_code]);
    const group = groups.get(k);
    if (group) group.push(m);
    else groups.set(k, [m]);
  }
  const rows: Record<string, unknown>[] = [];
  // Each language's captions once per batch: the mails say what the administrator wrote.
  const captions = new Map<string, Promise<Record<string, string>>>();
  const captionsIn = (lang: string) => captions.get(lang) ?? captions.set(lang, captionsOf(tx, lang)).get(lang)!;
  const unaddressed: number[] = [];
  for (const group of groups.values()) {
    const { type_code: type, company_code: company } = group[0]!;
    if (!isMailingType(type)) continue;
    const mailer = WORKFLOW_MAILS[type];
    const byInstance = new Map(
      (
        await mailer.addressees(
          tx,
          company,
          group.map((m) => m.fsm_instance_id),
        )
      ).map((a) => [a.fsmInstanceId, a]),
    );
    for (const m of group) {
      const a = byInstance.get(Number(m.fsm_instance_id));
      if (!a) continue; // an instance with no record of its type (e.g. made by a test or a script)
      if (!a.to.length) {
        unaddressed.push(m.history_id);
        continue;
      }
      const mail = eventMail(type, m.event_code, m.params)!.compose({ ...a, captions: await captionsIn(a.language) }, m.params);
      rows.push({
        company_code: company,
        recipients: a.to,
        language_code: isLang(a.language) ? a.language : DEFAULT_LANG, // the language it is written in
        subject: mail.subject,
        body_text: mail.text,
        body_html: mail.html ?? null,
        fsm_history_id: m.history_id,
        source_type: mailer.source,
        source_id: a.sourceId,
      });
    }
  }
  if (unaddressed.length) {
    await tx.query(`update app.fsm_history set params = params || '{"mail": "no_recipient"}'::jsonb where history_id = any($1::bigint[])`, [unaddressed]);
  }
  if (!rows.length) return 0;
  await tx.query(
    `insert into app.mail_outbox (company_code, recipients, language_code, subject, body_text, body_html, fsm_history_id, source_type, source_id)
     select r.company_code, array(select jsonb_array_elements_text(r.recipients)), r.language_code, r.subject, r.body_text, r.body_html,
            r.fsm_history_id, r.source_type, r.source_id
     from jsonb_to_recordset($1::jsonb) as r(company_code text, recipients jsonb, language_code text, subject text, body_text text, body_html text,
                                             fsm_history_id bigint, source_type text, source_id bigint)`,
    [JSON.stringify(rows)],
  );
  return rows.length;
}
