/**
 * Row actions: delete and translate of the picked rows (toolbar), and the buttons and
 * images in cells (renderers mark them with `data-action`): the image popover, a row's
 * delete and translate buttons. The confirmation and translation code loads when used.
 */
import { useState, type MouseEvent } from 'react';
import type { ViewColumn } from '../../layout.ts';
import { collectRows } from '../../rowModel/rowSource.ts';
import { NO_ROWS, setRows } from '../selection/selection.utils.ts';
import type { GridRow, Row } from '../../types.ts';
import type { RowActionsInput } from './rowActions.types.ts';

// Delete and translate of rows (confirmation, translation planning): loaded when used.
const loadBulk = () => import('../../bulkActions.ts');

type Mods = { ctrlKey: boolean; metaKey: boolean; shiftKey: boolean };

export type { RowActionsInput } from './rowActions.types.ts';

export function useRowActions({ screen, model, q, picks, edits, canDelete, translatable, focusActive }: RowActionsInput) {
  const [image, setImage] = useState<{ anchor: HTMLElement; src: string } | null>(null);
  const [deleting, setDeleting] = useState(false);
  const current = (id: string): Row | undefined => q.current(id);

  /** A cell's own action (a button or image in it), for the row and column. */
  const cellAction = (el: HTMLElement, row: GridRow, vc: ViewColumn, mods: Mods) => {
    const col = vc.col;
    if (!col) return;
    switch (el.dataset.action) {
      case 'image':
        setImage((cur) => (cur?.anchor === el ? null : { anchor: el, src: el.dataset.src ?? '' }));
        break;
      case 'delete':
        if (!canDelete) return;
        void loadBulk()
          .then(({ deleteSelection }) =>
            deleteSelection({ form: screen.form, model, selection: setRows(NO_ROWS, [row.id], true), main: q.rm.main, collect: async () => [], onDeleted: edits.pushDeleted }),
          )
          .then((done) => {
            if (!done) return;
            q.reload();
            focusActive(); // the row and its button are gone: the grid keeps the focus
          });
        break;
      case 'translate':
        if (!vc.canEdit) return;
        void loadBulk().then(({ translateRows }) =>
          translateRows({ model, rows: [row], picked: true, fields: col.type === 'multi' ? [col.field] : translatable.map((c) => c.field), lang: q.lang, current, save: edits.saveMany }, mods),
        );
        break;
    }
  };

  /** Translate: the picked rows, else the rows loaded (Ctrl with picked rows overwrites). */
  const onTranslate = (e: MouseEvent<HTMLButtonElement>) => {
    const picked = picks.selCount > 0;
    const rows = picked ? picks.atHand() : (q.rm.main?.loadedRows() ?? []);
    const mods = { ctrlKey: e.ctrlKey, metaKey: e.metaKey, shiftKey: e.shiftKey };
    void loadBulk().then(({ translateRows }) => translateRows({ model, rows, picked, fields: translatable.map((c) => c.field), lang: q.lang, current, save: edits.saveMany }, mods));
  };

  const deleteSelected = async () => {
    if (!picks.selCount) return;
    const { deleteSelection } = await loadBulk();
    const done = await deleteSelection({
      form: screen.form,
      model,
      selection: picks.rowSel,
      main: q.rm.main,
      collect: () => collectRows(q.rm.fetchPage(q.query)),
      onConfirmed: () => setDeleting(true),
      onDeleted: edits.pushDeleted,
    });
    setDeleting(false);
    if (!done) return;
    picks.clear();
    q.reload();
    focusActive(); // not the delete button, disabled now: Ctrl+Z works at once
  };

  return { image, closeImage: () => setImage(null), deleting, cellAction, onTranslate, deleteSelected };
}
