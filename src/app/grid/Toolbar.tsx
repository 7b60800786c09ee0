/**
 * The grid's toolbar: row count (an estimate with "count exactly"), the group columns,
 * then what loads after the toolbar shows (the workflow menu, the page's bulk actions),
 * views, columns, fill, translate, details (the panel on/off), undo and redo, refresh, add,
 * delete, and whatever the page puts at the right end (export/import).
 *
 * The buttons sit at the right, after a spacer: something arriving later among or after
 * them would push every button before it to the left, away from a pointer about to press
 * one (a press begun on Columns then ends on another button: no click at all). So what
 * loads lazily comes first, next to the spacer, whose room it takes: the buttons already
 * shown stay where they are.
 */
import { Suspense, type MouseEvent, type ReactNode } from 'react';
import { ColumnChooser } from './toolbar/ColumnChooser.tsx';
import type { GridModel } from './columns.ts';
import type { ViewState } from './columnState.ts';
import { FillDialog } from './features/clipboard/FillDialog.tsx';
import type { GridColumn } from './types.ts';
import { ViewMenu } from './features/viewState/ViewMenu.tsx';
import type { WorkflowMenuProps } from './WorkflowMenu.tsx';
import { lazyWithMessages } from '../i18n/lazy.tsx';

// Only workflow screens have it: its code (and event icons) load with such a screen.
const WorkflowMenu = lazyWithMessages(() => import('./WorkflowMenu.tsx'));
import type { CheckedSaved, SavedState } from './columnState.ts';

export interface ToolbarProps {
  form: string;
  model: GridModel;
  state: ViewState;
  t: (id: string, values?: Record<string, string | number>) => string;
  /** Rows of the query, once known. */
  total: number | null;
  estimate: boolean;
  onCountExactly?: () => void;
  groupBy: readonly string[];
  groupsTruncated: boolean;
  onUngroup(field: string): void;
  /** Saved views (with a persisted state). */
  views?: { current(): SavedState; apply(state: CheckedSaved | null): void };
  hasTotals: boolean;
  onVisible(field: string, visible: boolean): void;
  onTotals(on: boolean): void;
  onResetColumns(): void;
  fill?: { columns: GridColumn[]; defaultField: string | undefined; disabled: boolean; apply(field: string, text: string): Promise<string | null>; focusOnClose?: () => HTMLElement | null };
  onTranslate?: (e: MouseEvent<HTMLButtonElement>) => void;
  /** Undo and redo of the grid's saved batches (an editable grid): the stacks' state and the calls Ctrl+Z / Ctrl+Y make. */
  history?: { canUndo: boolean; canRedo: boolean; undo(): void; redo(): void };
  /** Reads the rows again; absent for rows the page handed in (nothing to read again). */
  onRefresh?: () => void;
  onAdd?: () => void;
  /** The active row's record form (a screen whose columns name groups): every field in tabs. */
  record?: { disabled: boolean; open(): void };
  /** Why the rows may not change now (a workflow state): shown with a lock, and Add and Delete disabled with it. */
  locked?: string | undefined;
  /** The master-detail panel (a screen with details): shown or not; the user opens and closes it here. */
  details?: { open: boolean; toggle(): void };
  del?: { count: number; busy: boolean; run(): void };
  /** A workflow screen's menu of the events common to the picked rows. */
  workflow?: Omit<WorkflowMenuProps, 't'>;
  /** The page's buttons that load lazily (bulk actions): first among the buttons, where their arrival moves none. */
  start?: ReactNode;
  end?: ReactNode;
}

export function Toolbar(p: ToolbarProps) {
  const t = p.t;
  const label = (f: string) => t(p.model.byField.get(f)?.labelId ?? f);
  return (
    <div className="grid-toolbar" role="toolbar">
      {/* Read out by the grid's announcer (GridAnnouncer.tsx) with the sort and filters. */}
      <span className="grid-count">{p.total === null ? '' : p.estimate ? t('grid.rows_estimate', { count: p.total }) : t('grid.rows', { count: p.total })}</span>
      {p.estimate && p.onCountExactly && (
        <button type="button" className="grid-count-exact" onClick={p.onCountExactly}>
          {t('grid.count_exact')}
        </button>
      )}
      {p.groupBy.length > 0 && (
        <span className="grid-groups" aria-label={t('grid.grouped_by')}>
          {p.groupBy.map((f) => (
            <span key={f} className="grid-group-chip" data-field={f}>
              {label(f)}
              <button type="button" className="grid-group-remove" aria-label={`${t('grid.ungroup')}: ${label(f)}`} onClick={() => p.onUngroup(f)}>
                ×
              </button>
            </span>
          ))}
          {p.groupsTruncated && <span className="grid-muted">{t('grid.groups_truncated')}</span>}
        </span>
      )}
      <span className="grid-spacer" />
      {/* Lazily loaded: next to the spacer, so their arrival moves no button already shown (see above). */}
      {p.workflow && (
        <Suspense fallback={null}>
          <WorkflowMenu {...p.workflow} t={t} />
        </Suspense>
      )}
      {p.start}
      {p.views && <ViewMenu form={p.form} current={p.views.current} apply={p.views.apply} t={t} />}
      <ColumnChooser model={p.model} state={p.state} hasTotals={p.hasTotals} t={t} onVisible={p.onVisible} onTotals={p.onTotals} onReset={p.onResetColumns} />
      {p.fill && <FillDialog columns={p.fill.columns} defaultField={p.fill.defaultField} disabled={p.fill.disabled} t={t} onApply={p.fill.apply} focusOnClose={p.fill.focusOnClose} />}
      {p.onTranslate && (
        <button type="button" className="grid-translate" title={t('grid.translate_hint')} onClick={p.onTranslate}>
          {t('grid.translate')}
        </button>
      )}
      {p.details && (
        <button type="button" className="grid-details-toggle" aria-pressed={p.details.open} onClick={p.details.toggle}>
          {t('grid.details')}
        </button>
      )}
      {p.history && (
        <>
          <button type="button" className="grid-undo" aria-keyshortcuts="Control+Z" disabled={!p.history.canUndo} onClick={p.history.undo}>
            {t('grid.undo')}
          </button>
          <button type="button" className="grid-redo" aria-keyshortcuts="Control+Y Control+Shift+Z" disabled={!p.history.canRedo} onClick={p.history.redo}>
            {t('grid.redo')}
          </button>
        </>
      )}
      {p.onRefresh && (
        <button type="button" className="grid-refresh" onClick={p.onRefresh}>
          {t('common.refresh')}
        </button>
      )}
      {p.locked && (
        <span className="grid-locked" role="note">
          {p.locked}
        </span>
      )}
      {p.record && (
        <button type="button" className="grid-record" disabled={p.record.disabled} title={t('grid.open_record_hint')} onClick={p.record.open}>
          {t('grid.open_record')}
        </button>
      )}
      {p.onAdd && (
        <button type="button" className="grid-add" disabled={!!p.locked} title={p.locked} onClick={p.onAdd}>
          {t('common.add')}
        </button>
      )}
      {p.del && (
        <button type="button" className="grid-delete" disabled={!p.del.count || p.del.busy || !!p.locked} title={p.locked} onClick={p.del.run}>
          {p.del.count ? t('grid.delete_count', { count: p.del.count }) : t('common.delete')}
        </button>
      )}
      {p.end}
    </div>
  );
}
