/**
 * The ref editor of a column whose lookup is a search lookup (products_brief): type part
 * of a code or name, pick a match. Enter and Tab pick and commit (and move on), Esc
 * cancels, leaving without a pick cancels. The picked row goes into the grid's lookup, so
 * the cell shows its label without another call.
 */
import { useRef } from 'react';
import { displayText } from '../renderers/index.tsx';
import type { EditMove, EditorProps, Row } from '../types.ts';
import { LookupCombobox, type LookupPick } from './LookupCombobox.tsx';

export function LookupSearchEditor(p: EditorProps) {
  const { col, ctx } = p;
  const done = useRef(false);
  const def = col.lookup!;
  const data = ctx.lookup(def.form);
  const labelOf = (row: Row) => (data ? (col.renderer.lookupText ?? displayText)(row, data, ctx) : String(row[def.keyField] ?? ''));
  const current = p.value === null || p.value === undefined ? undefined : data?.byKey.get(String(p.value));
  const currentText = current ? labelOf(current) : p.value === null || p.value === undefined ? '' : String(p.value);

  const finish = (pick: LookupPick, move?: EditMove) => {
    if (done.current) return;
    done.current = true;
    if ('row' in pick) {
      data?.search?.remember([pick.row]);
      p.commit(pick.row[def.keyField], move);
    } else if ('cleared' in pick) p.commit(null, move);
    else p.commit(p.value, move);
  };
  const cancel = (blurred?: boolean) => {
    if (done.current) return;
    done.current = true;
    p.cancel(blurred);
  };
  return (
    <LookupCombobox
      form={def.form}
      keyField={def.keyField}
      language={ctx.lang}
      labelOf={labelOf}
      optionLabelOf={data ? (row) => displayText(row, data, ctx) : undefined}
      t={ctx.t}
      initialText={p.initialInput ?? currentText}
      currentText={currentText}
      searchAtStart={p.initialInput !== undefined}
      autoFocus
      className="cell-editor"
      ariaLabel={ctx.t(col.labelId)}
      ariaRequired={col.meta.required}
      clearRefused={col.meta.required ? ctx.t('validation.required') : undefined}
      onPick={finish}
      onEscape={() => cancel()}
      onLeave={() => cancel(true)}
    />
  );
}
