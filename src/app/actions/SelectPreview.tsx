/**
 * Registry key `select_preview`: candidates side by side, one picked. On
 * /ai_content/select_preview ("Compare and pick") the picked text's current version and its
 * open AI proposals; picking one accepts it (written to the product, change-logged; the
 * others are set aside). On recipes and houses, the item's candidate images (PickImage.tsx).
 */
import { useState } from 'react';
import { actions } from '../api/actions.ts';
import { gridData } from '../grid/dataProvider/provider.ts';
import { toast } from '../chrome/toasts.tsx';
import { useT } from '../i18n/useT.ts';
import { sayFailure } from './aiShared.tsx';
import { pickedKeys, type BulkActionProps } from './actionProps.ts';
import { AiEngineNotice } from './AiEngineNotice.tsx';
import { PickImage } from './PickImage.tsx';
import { SideBySide, type Candidate } from './SideBySide.tsx';

interface ProposalRow {
  proposal_id: number;
  proposed_text: string;
  current_text: string | null;
  created_by_name: string | null;
}

export const SelectPreview = (p: BulkActionProps) =>
  p.screen.form === 'select_preview' ? (
    <>
      <AiEngineNotice />
      <ProposalPick {...p} />
    </>
  ) : (
    <PickImage {...p} />
  );

function ProposalPick({ query, onDone }: BulkActionProps) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [candidates, setCandidates] = useState<Candidate[]>();
  const picked = pickedKeys<string>(query);
  const group = picked.length === 1 ? picked[0]!.split('|') : undefined;

  const load = async () => {
    if (!group) return;
    const [product, field, lang] = group as [string, string, string];
    setCandidates(undefined);
    setOpen(true);
    try {
      const r = await gridData().list('ai_proposals', {
        startRow: 0,
        endRow: 50,
        sortModel: [{ colId: 'proposal_id', sort: 'asc' }],
        filterModel: {
          product_code: { filterType: 'text', type: 'equals', filter: product },
          field_name: { filterType: 'set', values: [field] },
          language_code: { filterType: 'set', values: [lang] },
          state: { filterType: 'set', values: ['proposed'] },
        },
      });
      const rows = r.rows as unknown as ProposalRow[];
      const current = rows[0]?.current_text;
      setCandidates([
        ...(current ? [{ id: 'current', current: true, fixed: true, content: <p className="ai-text">{current}</p> }] : []),
        ...rows.map((p) => ({ id: p.proposal_id, content: <p className="ai-text">{p.proposed_text}</p> })),
      ]);
    } catch (e) {
      setOpen(false);
      sayFailure(e);
    }
  };
  const pick = async (id: string | number) => {
    setBusy(true);
    try {
      const r = await actions.ai_proposals_accept({ proposal_ids: [Number(id)] });
      toast({ variant: 'success', id: 'grid.bulk_ai_accepted', values: { count: r.decided, superseded: r.superseded } });
      setOpen(false);
      onDone();
    } catch (e) {
      sayFailure(e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <button type="button" className="grid-bulk-select-preview" disabled={!group} title={group ? undefined : t('grid.bulk_ai_pick_one')} onClick={() => void load()}>
        {t('grid.bulk_ai_compare')}
      </button>
      <SideBySide title={t('grid.bulk_ai_compare')} open={open} busy={busy} candidates={candidates} onPick={(id) => void pick(id)} onClose={() => setOpen(false)} />
    </>
  );
}
