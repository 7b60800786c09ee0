/**
 * "Accept" and "Reject" on /ai_content/ai_proposals (registry keys `ai_accept`,
 * `ai_reject`; server: src/server/ai/proposals.ts): the picked open proposals.
 * Accept writes each text to its product (the product change log records it) and sets the
 * other open proposals for that text aside.
 */
import { useState } from 'react';
import { MAX_AI_DECIDE } from '../../core/aiContent.ts';
import { actions } from '../api/actions.ts';
import { toast } from '../chrome/toasts.tsx';
import { useT } from '../i18n/useT.ts';
import { AiEngineNotice } from './AiEngineNotice.tsx';
import { sayFailure } from './aiShared.tsx';
import { pickedKeys, type BulkActionProps } from './actionProps.ts';

function Decide({ query, onDone, accept }: BulkActionProps & { accept: boolean }) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const picked = pickedKeys<number>(query);
  const run = async () => {
    setBusy(true);
    try {
      const r = await (accept ? actions.ai_proposals_accept : actions.ai_proposals_reject)({ proposal_ids: picked });
      toast({ variant: 'success', id: accept ? 'grid.bulk_ai_accepted' : 'grid.bulk_ai_rejected', values: { count: r.decided, superseded: r.superseded } });
      onDone();
    } catch (e) {
      sayFailure(e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      className={accept ? 'grid-bulk-ai-accept' : 'grid-bulk-ai-reject'}
      disabled={!picked.length || picked.length > MAX_AI_DECIDE || busy}
      title={picked.length ? undefined : t('grid.bulk_ai_pick_proposals')}
      onClick={() => void run()}
    >
      {t(accept ? 'grid.bulk_ai_accept' : 'grid.bulk_ai_reject')}
      {picked.length ? ` (${picked.length})` : ''}
    </button>
  );
}

export const AiProposalsAccept = (p: BulkActionProps) => (
  <>
    <AiEngineNotice />
    <Decide {...p} accept />
  </>
);
export const AiProposalsReject = (p: BulkActionProps) => <Decide {...p} accept={false} />;
