/**
 * Master-detail: a descriptor's `details` (forms) shown below the grid for the row the
 * user selected (the active row), named in the bar, one sub-grid per detail form, tabs when several. Each
 * sub-grid is a ScreenGrid with a fixed filter of the master row's key, under the master
 * page's permissions; its add form starts with that key, rich text is edited in the form.
 */
import { Suspense, useEffect, useState, type ComponentType } from 'react';
import { lockedIn, stateName } from '../../../../core/stateLocks.ts';
import { lazyWithMessages } from '../../../i18n/lazy.tsx';
import type { ScreenDescriptor } from '../../../../../schemas/screen.ts';
import { onWrite } from '../../../api/client.ts';
import { loadScreen } from '../../../pages/loadScreen.ts';
import type { Revealed } from '../../rowModel/reveal.ts';
import { bulkActionsOf } from '../../../../core/bulkActions.ts';
import type { BulkToolbarProps, GridPermissions, ScreenGridProps } from '../../gridProps.ts';
import type { ThemeName } from '../../../../core/gridLayout.ts';
import type { Row } from '../../types.ts';

const ScreenFormDialog = lazyWithMessages(() => import('../../../forms/ScreenFormDialog.tsx').then((m) => ({ default: m.ScreenFormDialog })));

interface Props {
  forms: readonly string[];
  masterKeys: readonly string[];
  masterRow: Row;
  /** Names the master row shown ("P000005 · Portable Dumbbell L-313"): the user sees whose details an edit changes. */
  title: string;
  perms: GridPermissions;
  theme: ThemeName;
  t: (id: string, values?: Record<string, string | number>) => string;
  /** The UI language: a lock's reason names the master's state in it. */
  lang: string;
  onClose(): void;
  /** A detail form wrote: the master row may have changed (e.g. its row version). */
  onDetailWrite(): void;
  /** The grid of a detail form: ScreenGrid, handed down by the master's (this module cannot import it: it is part of it). */
  Grid: ComponentType<ScreenGridProps>;
  /**
   * A detail's toolbar actions (actions.bulk: the images grid's pictures), as the page gives
   * them (ScreenGridProps `detailActions`: lazily loaded, with the first detail that offers one).
   */
  BulkActions?: ComponentType<BulkToolbarProps> | undefined;
}

export function MasterDetail({ forms, masterKeys, masterRow, title, perms, theme, t, lang, onClose, onDetailWrite, Grid, BulkActions }: Props) {
  const [screens, setScreens] = useState<ScreenDescriptor[] | null>(null);
  const [tab, setTab] = useState(0);
  const [form, setForm] = useState<{ mode: 'add' | 'edit'; row: Row | undefined } | null>(null);
  const [reloadKey, setReloadKey] = useState(0);
  // The row a form saved: the sub-grid shows it after the reload.
  const [saved, setSaved] = useState<Revealed | null>(null);
  useEffect(() => {
    let live = true;
    Promise.all(forms.map((f) => loadScreen(f))).then(
      (s) => live && setScreens(s),
      (e: unknown) => console.warn('grid: detail screens failed', e),
    );
    return () => {
      live = false;
    };
  }, [forms]);

  useEffect(() => onWrite((entity) => forms.includes(entity) && onDetailWrite()), [forms, onDetailWrite]);

  const current = screens?.[Math.min(tab, screens.length - 1)];
  let fixed: Record<string, unknown> | undefined;
  const bulk = !!current && !!BulkActions && bulkActionsOf(current, perms).length > 0;
  // The detail's rows change only in the master's states its descriptor names (editableIn; the server refuses the rest).
  const rule = current?.editableIn?.parent !== undefined ? current.editableIn : undefined;
  const state = masterRow.state_code;
  const locked = rule && lockedIn(rule, state) ? t('server.locked_in_state', { state: stateName(String(state), masterRow.state_names, lang) }) : undefined;
  if (current) {
    fixed = {};
    for (const k of masterKeys) if (k in current.columns) fixed[k] = masterRow[k] ?? null;
  }
  return (
    <section className="grid-detail" aria-label={`${t('grid.details')}: ${title}`}>
      <div className="grid-detail-bar">
        <span className="grid-detail-product" title={title}>
          {title}
        </span>
        {screens && screens.length > 1 ? (
          <div role="tablist" className="grid-detail-tabs">
            {screens.map((s, i) => (
              <button key={s.form} type="button" role="tab" aria-selected={i === tab} className="grid-detail-tab" onClick={() => setTab(i)}>
                {t(`screens.${s.form}.title`)}
              </button>
            ))}
          </div>
        ) : (
          <span className="grid-detail-title">{current ? t(`screens.${current.form}.title`) : ''}</span>
        )}
        <span className="grid-spacer" />
        <button type="button" className="grid-detail-close" aria-label={t('common.close')} onClick={onClose}>
          ×
        </button>
      </div>
      {current && fixed && (
        <div className="grid-detail-body" role={screens && screens.length > 1 ? 'tabpanel' : undefined}>
          <Grid
            screen={current}
            perms={perms}
            locked={locked}
            theme={theme}
            fixedFilter={fixed}
            reloadKey={reloadKey}
            reveal={saved}
            onAdd={() => setForm({ mode: 'add', row: fixed })}
            onEditRow={(row) => setForm({ mode: 'edit', row })}
            selectable={bulk}
            detailActions={BulkActions}
            // Loaded lazily: first among the toolbar's buttons, where their arrival moves none (Toolbar.tsx).
            toolbarStart={
              bulk && BulkActions
                ? (grid, tools) => (
                    <Suspense fallback={null}>
                      <BulkActions
                        screen={current}
                        perms={perms}
                        query={grid}
                        fixed={fixed}
                        onDone={() => {
                          setReloadKey((k) => k + 1);
                          onDetailWrite();
                        }}
                        onUndoable={tools.pushUndo}
                      />
                    </Suspense>
                  )
                : undefined
            }
          />
        </div>
      )}
      {current && form && (
        <Suspense fallback={null}>
          <ScreenFormDialog
            screen={current}
            mode={form.mode}
            row={form.row}
            open
            onOpenChange={(open) => !open && setForm(null)}
            onSaved={(row) => {
              setSaved({ row, edited: form.mode === 'edit' });
              setForm(null);
              setReloadKey((k) => k + 1);
            }}
          />
        </Suspense>
      )}
    </section>
  );
}
