/**
 * The content of the views menu (ViewMenu.tsx): the user's own views and those others
 * shared, read on every opening. Apply one, save the current state as a new view (name,
 * shared), update, rename (ViewRename.tsx) or delete an own view. A chunk of its own,
 * loaded with the first opening.
 *
 * Saving under a name the user has already (the server's unique (form, owner, name): exact,
 * case-sensitive, trimmed) asks to replace that view instead (its state and shared flag); a
 * no opens the menu again with what was typed. Updating (⟳) and deleting ask first, naming
 * the view. The applied view (marks.ts) is marked in the list, with " *" once the grid has
 * changed since; a renamed view keeps its mark under the new name.
 */
import { Pencil, RefreshCw } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { conflictMessageId } from '../../../../core/httpErrors.ts';
import { ApiError } from '../../../api/client.ts';
import { describeError } from '../../../api/said.ts';
import { confirm } from '../../../chrome/confirm.ts';
import { toast } from '../../../chrome/toasts.tsx';
import { addView, deleteView, listViews, updateView, type SavedView } from '../../gridApi.ts';
import { getMark, gridKey, setMark, type Mark } from './marks.ts';
import { ViewRename } from './ViewRename.tsx';
import type { CheckedSaved, SavedState } from '../../columnState.ts';
import { checkSaved } from './savedShape.ts';

export interface Props {
  form: string;
  /** The grid's state now, in its saved form. */
  current(): SavedState;
  apply(state: CheckedSaved | null): void;
  t: (id: string, values?: Record<string, string | number>) => string;
  /** The view applied or saved last (marks.ts); `changed`: the grid's state is another since. */
  mark: (Mark & { changed: boolean }) | null;
  /** Opens the menu again (after a question answered no). */
  reopen(): void;
}

/** What was typed when the menu closed for a question answered no: the form shows it again. */
type Draft = { form: string; name: string; shared: boolean };
let draft: Draft | null = null;
/** Kept by a question answered no (an event), taken by the next panel once it is there. */
const keepDraft = (d: Draft | null) => {
  draft = d;
};

/** Own views first, then by name. */
const ordered = (rows: readonly SavedView[]): SavedView[] => [...rows].sort((a, b) => Number(b.mine) - Number(a.mine) || a.name.localeCompare(b.name));

export default function ViewPanel({ form, current, apply, t, mark, reopen, close }: Props & { close(): void }) {
  const key = gridKey(form);
  /** Marks a view as the one applied (applied, saved, replaced), or none (deleted). */
  const onMark = (v: SavedView | null) => setMark(key, v && { id: v.view_id, name: v.name });
  const [views, setViews] = useState<SavedView[] | null>(null);
  /** The list being read (the opening's): a save typed before it is in waits for it, or a taken name would not ask. */
  const listing = useRef<Promise<SavedView[]>>(Promise.resolve([]));
  const [failed, setFailed] = useState(false);
  const [back] = useState(() => (draft?.form === form ? draft : null));
  const [name, setName] = useState(back?.name ?? '');
  const [shared, setShared] = useState(back?.shared ?? false);
  const [busy, setBusy] = useState(false);
  /** The view being renamed; `back`: the one whose rename ended (its rename button takes the focus again). */
  const [renaming, setRenaming] = useState<{ id: number | null; back?: number }>({ id: null });
  useEffect(() => keepDraft(null), []);

  // The views as they are now, on every opening.
  useEffect(() => {
    let live = true;
    listing.current = listViews(form).then(
      (r) => {
        if (!live) return [];
        setViews(ordered(r.rows));
        // The marked view (as marked now) is gone (deleted elsewhere, no longer shared).
        const marked = getMark(key);
        if (marked && !r.rows.some((v) => v.view_id === marked.id)) setMark(key, null);
        return r.rows;
      },
      (e: unknown) => {
        console.warn('grid: views failed', e);
        if (!live) return [];
        setFailed(true);
        setViews([]);
        return [];
      },
    );
    return () => {
      live = false;
    };
  }, [form, key]);

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } catch (e) {
      // A 409 by its code: a taken name (already_exists) or a view someone changed meanwhile (stale_row).
      const conflict = e instanceof ApiError && e.status === 409 ? conflictMessageId(e.code) : undefined;
      if (conflict) toast({ variant: 'warning', id: conflict });
      else toast({ variant: 'danger', id: 'messages.error_saving_data', values: { status: describeError(e) } });
      if (e instanceof ApiError && e.status === 409) {
        // The views as they are now (the next update carries the new row version; a name taken meanwhile asks to replace).
        await listViews(form).then(
          (r) => setViews(ordered(r.rows)),
          () => {},
        );
      }
    } finally {
      setBusy(false);
    }
  };

  const saveNew = async (e: FormEvent) => {
    e.preventDefault();
    const n = name.trim();
    if (!n) return;
    const taken = (views ?? (await listing.current)).find((v) => v.mine && v.name === n);
    if (taken) return void replace(taken);
    void run(async () => {
      const r = await addView(form, n, shared, current());
      setViews((vs) => ordered([...(vs ?? []), r.row]));
      setName('');
      setShared(false);
      onMark(r.row);
      toast({ variant: 'success', id: 'messages.data_saved' });
    });
  };

  const update = (v: SavedView, changes: { shared?: boolean } = {}) =>
    run(async () => {
      const r = await updateView(v, { ...changes, state: current() });
      setViews((vs) => (vs ?? []).map((x) => (x.view_id === v.view_id ? r.row : x)));
      onMark(r.row);
      toast({ variant: 'success', id: 'messages.data_saved' });
    });

  /** Saving under an own view's name: replace that view (its state and shared flag), if the user says so. */
  const replace = async (v: SavedView) => {
    close();
    const ok = await confirm({ titleId: 'messages.sure', bodyId: 'grid.view_replace_confirm', bodyValues: { name: v.name }, okId: 'grid.view_replace', cancelId: 'common.cancel', variant: 'danger' });
    if (ok) return update(v, { shared });
    keepDraft({ form, name, shared });
    // After the dialog gave the focus back (Radix does so in a timeout): the name keeps it.
    setTimeout(reopen);
  };

  /** ⟳: the view gets the grid's state as it is now, if the user says so. */
  const overwrite = async (v: SavedView) => {
    close();
    const ok = await confirm({ titleId: 'messages.sure', bodyId: 'grid.view_update_confirm', bodyValues: { name: v.name }, okId: 'grid.view_overwrite', cancelId: 'common.cancel', variant: 'danger' });
    if (ok) await update(v);
  };

  /** Renames an own view; answers the message to show under the name when the server refuses it (a name taken meanwhile). */
  const rename = async (v: SavedView, n: string) => {
    let refused: string | undefined;
    await run(async () => {
      const r = await updateView(v, { name: n }).catch((e: unknown) => {
        if (!(e instanceof ApiError && (e.code === 'view_name_taken' || e.code === 'already_exists'))) throw e;
        refused = t('grid.view_name_taken', { name: n });
        // The list as it is now: the view that took the name is in it.
        void listViews(form).then(
          (l) => setViews(ordered(l.rows)),
          () => {},
        );
        return null;
      });
      if (!r) return;
      setViews((vs) => ordered((vs ?? []).map((x) => (x.view_id === v.view_id ? r.row : x))));
      setRenaming({ id: null, back: v.view_id });
      const m = getMark(key);
      if (m?.id === v.view_id) setMark(key, { ...m, name: r.row.name });
      toast({ variant: 'success', id: 'messages.data_saved' });
    });
    return refused;
  };

  const remove = async (v: SavedView) => {
    close();
    const ok = await confirm({ titleId: 'messages.sure', bodyId: 'grid.view_delete_confirm', bodyValues: { name: v.name }, okId: 'common.delete', cancelId: 'common.cancel', variant: 'danger' });
    if (!ok) return;
    await run(async () => {
      await deleteView(v.view_id);
      setViews((vs) => (vs ?? []).filter((x) => x.view_id !== v.view_id));
      if (mark?.id === v.view_id) onMark(null);
      toast({ variant: 'success', id: 'messages.records_deleted', values: { count: 1 } });
    });
  };

  return (
    <>
      {views === null ? (
        <p className="grid-muted">{t('grid.loading')}</p>
      ) : views.length === 0 ? (
        <p className="grid-muted">{failed ? t('messages.generic_error') : t('grid.views_empty')}</p>
      ) : (
        <ul className="grid-views-list">
          {views.map((v) => (
            <li key={v.view_id} className="grid-view-item" data-view-id={v.view_id}>
              {renaming.id === v.view_id ? (
                <ViewRename
                  view={v}
                  t={t}
                  taken={(n) => views.some((x) => x.mine && x.view_id !== v.view_id && x.name === n)}
                  save={(n) => rename(v, n)}
                  cancel={() => setRenaming({ id: null, back: v.view_id })}
                />
              ) : (
                <>
                  <button
                    type="button"
                    className="grid-view-apply"
                    aria-current={mark?.id === v.view_id || undefined}
                    onClick={() => {
                      apply(checkSaved(v.state));
                      onMark(v);
                      close();
                    }}
                  >
                    {v.name}
                    {mark?.id === v.view_id && mark.changed && ' *'}
                  </button>
                  {v.shared && <span className="grid-view-badge">{v.mine ? t('grid.view_shared') : v.owner}</span>}
                  {v.mine && (
                    <>
                      <button
                        type="button"
                        className="grid-view-update"
                        disabled={busy}
                        title={t('grid.view_update')}
                        aria-label={`${t('grid.view_update')}: ${v.name}`}
                        onClick={() => void overwrite(v)}
                      >
                        <RefreshCw size={14} aria-hidden="true" focusable="false" />
                      </button>
                      <button
                        type="button"
                        className="grid-view-rename"
                        disabled={busy}
                        autoFocus={renaming.back === v.view_id}
                        title={t('grid.view_rename')}
                        aria-label={`${t('grid.view_rename')}: ${v.name}`}
                        onClick={() => setRenaming({ id: v.view_id })}
                      >
                        <Pencil size={14} aria-hidden="true" focusable="false" />
                      </button>
                      <button type="button" className="grid-view-delete" disabled={busy} title={t('common.delete')} aria-label={`${t('common.delete')}: ${v.name}`} onClick={() => void remove(v)}>
                        ×
                      </button>
                    </>
                  )}
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      <form className="grid-view-form" onSubmit={(e) => void saveNew(e)}>
        <input
          className="grid-view-name"
          autoFocus={!!back}
          value={name}
          maxLength={100}
          placeholder={t('grid.view_name')}
          aria-label={t('grid.view_name')}
          onChange={(e) => setName(e.target.value)}
        />
        <label className="grid-view-shared">
          <input type="checkbox" checked={shared} onChange={(e) => setShared(e.target.checked)} /> {t('grid.view_shared')}
        </label>
        <button type="submit" className="grid-view-save" disabled={busy || !name.trim()}>
          {t('grid.view_save')}
        </button>
      </form>
    </>
  );
}
