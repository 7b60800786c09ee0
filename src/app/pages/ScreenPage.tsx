import { useSearch } from '@tanstack/react-router';
import { Suspense, use, useMemo, useState } from 'react';
import { createPortal } from 'react-dom';
import { lazyFirstPart, lazyWithMessages } from '../i18n/lazy.tsx';
import { useScreenLabels } from '../i18n/screenLabels.ts';
import { bulkActionsOf } from '../../core/bulkActions.ts';
import { allFilters } from '../grid/gridApi.ts';
import type { Revealed } from '../grid/rowModel/reveal.ts';
import { ScreenGrid } from '../grid/ScreenGrid.tsx';
import { mayRunEvents, permsOf } from '../session/pagePerms.ts';
import { TransferButtons } from '../grid/transfer/TransferButtons.tsx';
import { usePrefs } from '../session/prefs.ts';
import { useSession } from '../session/session.ts';
import { usePageTitle } from '../chrome/pageTitle.ts';
import { loadScreen } from './loadScreen.ts';
import { searchFilter } from './searchFilter.ts';

// The add/edit form is not needed to paint a list: its chunk loads when a form opens.
const ScreenFormDialog = lazyWithMessages(() => import('../forms/ScreenFormDialog.tsx').then((m) => ({ default: m.ScreenFormDialog })));
// Bulk toolbar actions (actions.bulk) load with the first screen that offers one; each action's module waits for the catalogue's later part unless its button says only words its screen's labels bring (actions/index.tsx).
const BulkActions = lazyFirstPart(() => import('../actions/index.tsx'));
// What a company's screen shows to a user in no company (a new database's first administrator): only then.
const NoCompany = lazyWithMessages(() => import('./NoCompany.tsx'));
// A report's parameters and chart (ECharts a chunk further) load only on a report's route.
const ReportPanel = lazyWithMessages(() => import('../reports/ReportPanel.tsx'));

/**
 * Any descriptor route: its grid, with the add form when the user may add, and the
 * screen's bulk toolbar actions. Search parameters naming columns (searchFilter.ts) narrow
 * the rows and preset the add form. No screen-specific component.
 */
export function ScreenPage({ form, path }: { form: string; path: string }) {
  // The descriptor's chunk and the screen's labels load at once.
  const loading = loadScreen(form);
  useScreenLabels(form);
  const screen = use(loading);
  usePageTitle(`screens.${form}.title`);
  const menu = useSession((s) => s.user?.menu);
  const eventTypes = useSession((s) => s.user?.event_types);
  const denied = useSession((s) => s.user?.denied_events);
  // A workflow screen's events: the right on its type's page, whichever page shows the records; not those reserved to roles the user lacks.
  const perms = useMemo(() => {
    const type = screen.workflow?.type;
    return { ...permsOf(menu ?? [], path), events: mayRunEvents(eventTypes, type), deniedEvents: type ? denied?.[type] : undefined };
  }, [menu, path, eventTypes, denied, screen.workflow?.type]);
  const theme = usePrefs((p) => p.theme);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<Record<string, unknown> | null>(null);
  const [reloadKey, setReloadKey] = useState(0);
  // The row a form saved: the grid shows it after the reload.
  const [saved, setSaved] = useState<Revealed | null>(null);
  const search: Record<string, unknown> = useSearch({ strict: false });
  const searchKey = JSON.stringify(search);
  const fixed = useMemo(() => searchFilter(screen, JSON.parse(searchKey) as Record<string, unknown>), [screen, searchKey]);
  const bulk = bulkActionsOf(screen, perms).length > 0;
  // A report (a chart, or parameters): its panel goes above the grid, into this slot.
  const report = !!(screen.chart || screen.source.params);
  const [slot, setSlot] = useState<HTMLElement | null>(null);
  const noCompany = useSession((s) => !s.company) && !!screen.source.company;
  if (noCompany)
    return (
      <Suspense fallback={null}>
        <NoCompany />
      </Suspense>
    );
  return (
    <>
      {report && <div ref={setSlot} className="report-slot" />}
      <ScreenGrid
        screen={screen}
        perms={perms}
        theme={theme}
        onAdd={() => setAdding(true)}
        onEditRow={setEditing}
        reloadKey={reloadKey}
        reveal={saved}
        fixedFilter={fixed}
        selectable={bulk}
        detailActions={BulkActions}
        // Bulk actions load lazily: first among the toolbar's buttons, where their arrival moves none (Toolbar.tsx).
        toolbarStart={
          bulk
            ? (grid, tools) => (
                <Suspense fallback={null}>
                  <BulkActions screen={screen} perms={perms} query={grid} fixed={fixed} onDone={() => setReloadKey((k) => k + 1)} onUndoable={tools.pushUndo} />
                </Suspense>
              )
            : undefined
        }
        toolbarEnd={(grid) => {
          // What the grid shows is its filters and the page's fixed filter (a report's parameters): the export and the chart send both.
          const q = fixed ? { ...grid, filterModel: allFilters({ filterModel: grid.filterModel, fixed }) } : grid;
          return (
            <>
              {slot &&
                createPortal(
                  <Suspense fallback={null}>
                    <ReportPanel screen={screen} filterModel={q.filterModel} fixed={fixed} />
                  </Suspense>,
                  slot,
                )}
              <TransferButtons
                q={q}
                columns={screen.columns}
                canExport={perms.list && screen.actions.export}
                canImport={!!screen.source.write && !screen.source.owner && !screen.source.userCompanies && ((perms.add && !!screen.actions.add) || perms.set)}
                onImported={() => setReloadKey((k) => k + 1)}
              />
            </>
          );
        }}
      />
      <Suspense fallback={null}>
        {editing && (
          <ScreenFormDialog
            screen={screen}
            mode="edit"
            row={editing}
            readOnly={!perms.set}
            open
            onOpenChange={(open) => !open && setEditing(null)}
            onSaved={(row) => {
              setEditing(null);
              setSaved({ row, edited: true });
              setReloadKey((k) => k + 1);
            }}
          />
        )}
        {adding && (
          <ScreenFormDialog
            screen={screen}
            mode="add"
            row={fixed}
            open={adding}
            onOpenChange={setAdding}
            onSaved={(row) => {
              setAdding(false);
              setSaved({ row });
              setReloadKey((k) => k + 1);
            }}
          />
        )}
      </Suspense>
    </>
  );
}
