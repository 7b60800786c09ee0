/**
 * "Pick an image" on recipes and houses (registry key `select_preview` there): the picked item's
 * candidate images side by side, the selected one marked; a pick is the form's own set of
 * selected_image_uri (the database holds it to one of the candidates).
 */
import { useState } from 'react';
import { imageSrc } from '../../core/images.ts';
import { gridData } from '../grid/dataProvider/provider.ts';
import { toast } from '../chrome/toasts.tsx';
import { useT } from '../i18n/useT.ts';
import { sayFailure } from './aiShared.tsx';
import { pickedKeys, type BulkActionProps } from './actionProps.ts';
import { SideBySide, type Candidate } from './SideBySide.tsx';

interface ItemRow {
  image_uri: unknown;
  selected_image_uri: string | null;
  row_version: number;
}

export function PickImage({ screen, query, onDone }: BulkActionProps) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [item, setItem] = useState<ItemRow>();
  const picked = pickedKeys<number>(query);
  const k = screen.source.key;
  const key = typeof k === 'string' ? k : k[0]!;
  const id = picked.length === 1 ? picked[0] : undefined;

  const load = async () => {
    if (id === undefined) return;
    setItem(undefined);
    setOpen(true);
    try {
      const r = await gridData().list(screen.form, { startRow: 0, endRow: 1, filterModel: { [key]: { filterType: 'number', type: 'equals', filter: id } } });
      setItem(r.rows[0] as unknown as ItemRow);
    } catch (e) {
      setOpen(false);
      sayFailure(e);
    }
  };
  const uris = item && Array.isArray(item.image_uri) ? item.image_uri.filter((u): u is string => typeof u === 'string') : undefined;
  const candidates: Candidate[] | undefined = uris?.map((u) => ({
    id: u,
    current: u === item?.selected_image_uri,
    content: <img className="ai-candidate-image" src={imageSrc(u, null, 'productThumbLarge')} alt={u} />,
  }));
  const pick = async (uri: string | number) => {
    if (!item) return;
    setBusy(true);
    try {
      await gridData().set(screen.form, { [key]: id, selected_image_uri: uri, row_version: item.row_version });
      toast({ variant: 'success', id: 'grid.bulk_ai_image_picked' });
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
      <button type="button" className="grid-bulk-pick-image" disabled={id === undefined} title={id === undefined ? t('grid.bulk_ai_pick_one') : undefined} onClick={() => void load()}>
        {t('grid.bulk_ai_pick_image')}
      </button>
      <SideBySide title={t('grid.bulk_ai_pick_image')} open={open} busy={busy} candidates={candidates} onPick={(u) => void pick(u)} onClose={() => setOpen(false)} />
    </>
  );
}
