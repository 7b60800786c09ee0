/**
 * The dialog of "List in shop…" (ShopList.tsx, its toolbar button; server:
 * src/server/actions/shop_list.ts): the picked products, or every product of the grid's
 * filter, listed in a shop of the company, with categories of that shop and the published
 * flag; products listed there already are kept as they are or their listing replaced. The
 * dialog counts what would happen (the action's preview) before anything is written; the
 * listing is one transaction. Replacing needs the shop products' set right. Its code loads
 * with the first click on the button: the list's toolbar paints without it.
 */
import { useEffect, useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { actions, type AnswerOf } from '../api/actions.ts';
import { ApiError } from '../api/client.ts';
import { describeError, say } from '../api/said.ts';
import { gridData } from '../grid/dataProvider/provider.ts';
import { toast } from '../chrome/toasts.tsx';
import { useT } from '../i18n/useT.ts';
import { useSession } from '../session/session.ts';
import { BulkDialog, useBulkRun } from './BulkDialog.tsx';
import { useFailed } from './failed.ts';
import { categoryOptions, shopListPayload, type CategoryRow, type ShopListInput } from './shopList.ts';
import type { BulkActionProps } from './actionProps.ts';

export interface ShopListDialogProps extends Pick<BulkActionProps, 'query' | 'onDone'> {
  /** Counts the button's clicks: each one opens the dialog afresh. */
  round: number;
  /** The shop products' set right: replacing a listing needs it. */
  canReplace: boolean;
}

interface ShopChoice {
  shop_id: number;
  shop_name: string;
  hostname: string;
}

type Preview = AnswerOf<'shop_list_filter'> & { of: string };

export default function ShopListDialog({ query, onDone, round, canReplace }: ShopListDialogProps) {
  const t = useT();
  const intl = useIntl();
  const lang = useSession((s) => s.lang);
  const failed = useFailed();
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const [shops, setShops] = useState<ShopChoice[]>([]);
  const [categories, setCategories] = useState<CategoryRow[]>([]);
  const [input, setInput] = useState<ShopListInput>({ shopId: null, categoryIds: [], published: true, mode: 'keep' });
  const [preview, setPreview] = useState<Preview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { busy, run } = useBulkRun((e) => (e instanceof ApiError && e.status === 400 ? setError(say(intl, describeError(e))) : failed(e)));

  const sel = query.selection;
  const picked = sel && !sel.all && sel.count > 0;
  const scope = !opened ? '' : picked ? t('grid.bulk_scope_picked', { count: sel.count }) : sel?.all ? t('grid.bulk_scope_all', { count: sel.count }) : t('grid.bulk_scope_filter');
  const payload = shopListPayload(query, input);
  const key = JSON.stringify(payload);
  const current = preview?.of === key ? preview : null;
  const options = useMemo(() => categoryOptions(categories, lang), [categories, lang]);

  // Each click of the button: the dialog afresh, with the shops and categories as they are now.
  useEffect(() => {
    let live = true;
    Promise.all([gridData().list('shops_brief', { startRow: 0, endRow: 1000 }), gridData().list('product_categories_brief', { startRow: 0, endRow: 5000 })]).then(
      ([s, c]) => {
        if (!live) return;
        setInput({ shopId: null, categoryIds: [], published: true, mode: 'keep' });
        setPreview(null);
        setError(null);
        setShops(s.rows as unknown as ShopChoice[]);
        setCategories(c.rows as unknown as CategoryRow[]);
        setOpened(true);
        setOpen(true);
      },
      (e: unknown) => live && failed(e),
    );
    return () => void (live = false);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- each round (a click) opens it once; `failed` is the toast
  }, [round]);

  // The counts follow the inputs: each change asks the preview again (an older answer is dropped).
  useEffect(() => {
    if (!open || !payload) return;
    let live = true;
    actions.shop_list_filter(payload).then(
      (r) => live && setPreview({ ...r, of: key }),
      (e: unknown) => live && (e instanceof ApiError && e.status === 400 ? setError(say(intl, describeError(e))) : failed(e)),
    );
    return () => void (live = false);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` is the payload's identity
  }, [open, key]);

  const change = (u: Partial<ShopListInput>) => {
    setInput((i) => ({ ...i, ...u }));
    setError(null);
  };

  const apply = () =>
    run(async () => {
      if (!payload || !current) return;
      const r = await actions.shop_list_set(payload);
      toast({ variant: 'success', id: 'grid.bulk_shop_list_done', values: { added: r.added, replaced: r.replaced } });
      setOpen(false);
      onDone();
    });

  return (
    <>
      {opened && (
        <BulkDialog
          open={open}
          busy={busy}
          onClose={() => setOpen(false)}
          title={t('grid.bulk_shop_list_title')}
          hintId="shop-list-hint"
          hint={scope}
          runLabel={t('grid.bulk_shop_list_run')}
          busyLabel={t('grid.bulk_shop_list_working')}
          runTestId="shop-list-run"
          runDisabled={!current || current.added + current.replaced === 0}
          onRun={() => void apply()}
        >
          <label className="form-field">
            <span>{t('grid.bulk_shop_list_shop')}</span>
            <select value={input.shopId ?? ''} onChange={(e) => change({ shopId: e.target.value ? Number(e.target.value) : null })} data-testid="shop-list-shop">
              <option value="">{t('grid.bulk_shop_list_choose_shop')}</option>
              {shops.map((s) => (
                <option key={s.shop_id} value={s.shop_id}>
                  {s.shop_name} ({s.hostname})
                </option>
              ))}
            </select>
          </label>
          <label className="form-field">
            <span>{t('grid.bulk_shop_list_categories')}</span>
            <select
              multiple
              size={6}
              value={input.categoryIds.map(String)}
              onChange={(e) => change({ categoryIds: [...e.target.selectedOptions].map((o) => Number(o.value)) })}
              data-testid="shop-list-categories"
            >
              {options.map((o) => (
                <option key={o.id} value={o.id}>
                  {'\u00a0\u00a0'.repeat(o.depth)}
                  {o.name}
                </option>
              ))}
            </select>
            <small>{t('grid.bulk_shop_list_categories_hint')}</small>
          </label>
          <label className="form-check">
            <input type="checkbox" checked={input.published} onChange={(e) => change({ published: e.target.checked })} data-testid="shop-list-published" /> {t('grid.bulk_shop_list_published')}
          </label>
          <fieldset className="form-field">
            <legend>{t('grid.bulk_shop_list_existing')}</legend>
            <label className="form-check">
              <input type="radio" name="shop-list-mode" checked={input.mode === 'keep'} onChange={() => change({ mode: 'keep' })} /> {t('grid.bulk_shop_list_keep')}
            </label>
            <label className="form-check">
              <input type="radio" name="shop-list-mode" checked={input.mode === 'replace'} disabled={!canReplace} onChange={() => change({ mode: 'replace' })} data-testid="shop-list-replace" />{' '}
              {t('grid.bulk_shop_list_replace')}
            </label>
          </fieldset>
          {error && (
            <div className="alert alert-danger" role="alert">
              {error}
            </div>
          )}
          {current && (
            <p className="bulk-preview" role="status" data-testid="shop-list-preview">
              {t('grid.bulk_shop_list_preview', { rows: current.rows, added: current.added, replaced: current.replaced, kept: current.kept })}
              {current.outside > 0 && ` ${t('grid.bulk_shop_list_outside', { count: current.outside })}`}
            </p>
          )}
        </BulkDialog>
      )}
    </>
  );
}
