/**
 * Deciding AI proposals (issue 25, /ai_content/ai_proposals and select_preview), in one
 * transaction. Accept writes each proposal's text to its product through the
 * product_translations screen's own write (engine/write.ts setRow: row lock, version bump,
 * the product change log with who and before/after), then marks it accepted with that
 * entry's id and sets the other open proposals for the same product, field and language
 * aside (rejected): one text is decided once. Reject only sets proposals aside.
 *
 * Only open proposals of the session's company are decided: another company's (or none)
 * is 404 `not_found`, a decided one 409 `ai_proposal_closed`. Accept also needs the right to
 * change the product's texts (set on the product list's page).
 */
import { HttpError, forbidden } from '../http/errors.ts';
import type { UserCtx } from '../rpc/context.ts';
import { requirePagePermission } from '../actions/engine/permissions.ts';
import { screens } from '../actions/engine/screens.ts';
import { setRow } from '../actions/engine/write.ts';
import { textAsHtml } from '../../core/htmlText.ts';
import { inTransaction } from './inTransaction.ts';

interface Proposal {
  proposal_id: number;
  product_code: string;
  field_name: string;
  language_code: string;
  proposed_text: string;
  state: string;
}

export async function decideProposals(ctx: UserCtx, ids: number[], decision: 'accepted' | 'rejected') {
  const { db, session } = ctx;
  if (!session.company) throw forbidden('forbidden: AI content needs a company');
  const texts = screens.get('product_translations')!;
  const products = screens.get('product_list')!;
  if (decision === 'accepted') await requirePagePermission(db, session, texts.pageUrl!, 'set', 'product_translations');
  const scope = { company: session.company, userId: session.userId };
  return db.transaction(async (tx) => {
    const found = await tx.query<Proposal>(
      `select proposal_id, product_code, field_name, language_code, proposed_text, state from app.ai_proposals
       where company_code = $1 and proposal_id = any($2::int[]) order by proposal_id for update`,
      [session.company, ids],
    );
    const byId = new Map(found.rows.map((r) => [r.proposal_id, r]));
    const missing = ids.find((id) => !byId.has(id));
    if (missing !== undefined) throw new HttpError(404, 'not_found', `payload.proposal_ids: proposal ${missing} does not exist (or not in this company)`);
    const closed = found.rows.find((r) => r.state !== 'proposed');
    if (closed) throw new HttpError(409, 'ai_proposal_closed', `proposal ${closed.proposal_id} was decided already`, {}, undefined, { proposal_id: closed.proposal_id });

    const logIds: number[] = [];
    let superseded = 0;
    if (decision === 'accepted') {
      const seen = new Set<string>();
      for (const p of found.rows) {
        const text = `${p.product_code}|${p.field_name}|${p.language_code}`;
        if (seen.has(text))
          throw new HttpError(400, 'ai_proposal_twice', `two proposals for ${p.field_name} of ${p.product_code} in ${p.language_code}`, {}, undefined, { product_code: p.product_code });
        seen.add(text);
      }
      const engineDb = inTransaction(db, tx);
      for (const p of found.rows) {
        // The long description is rich text: written through the product list's html column (sanitized there) as paragraphs; the other texts through the translations row.
        const { log_id } =
          p.field_name === 'description'
            ? await setRow(engineDb, products, { product_code: p.product_code, description: { [p.language_code]: textAsHtml(p.proposed_text) } }, scope, { versionCheck: false })
            : await setRow(engineDb, texts, { product_code: p.product_code, language_code: p.language_code, [p.field_name]: p.proposed_text }, scope, { versionCheck: false });
        if (log_id !== undefined) logIds.push(log_id);
        await tx.query(`update app.ai_proposals set state = 'accepted', decided_by = $2, decided_at = now(), log_id = $3, row_version = row_version + 1 where proposal_id = $1`, [
          p.proposal_id,
          session.userId,
          log_id ?? null,
        ]);
        const aside = await tx.query(
          `update app.ai_proposals set state = 'rejected', decided_by = $5, decided_at = now(), row_version = row_version + 1
           where company_code = $1 and product_code = $2 and field_name = $3 and language_code = $4 and state = 'proposed' and proposal_id <> all($6::int[])`,
          [session.company, p.product_code, p.field_name, p.language_code, session.userId, ids],
        );
        superseded += aside.rowCount;
      }
    } else {
      await tx.query(`update app.ai_proposals set state = 'rejected', decided_by = $2, decided_at = now(), row_version = row_version + 1 where proposal_id = any($1::int[])`, [ids, session.userId]);
    }
    return { decided: found.rows.length, superseded, log_ids: logIds };
  });
}
