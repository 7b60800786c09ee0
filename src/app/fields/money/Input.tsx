/**
 * How money is typed: in the currency the cell or field shows (the view currency). The
 * grid's editor opens with the shown amount, names that currency, says under the cell what
 * the typed amount will be stored as ("= 3,140.52 Ft") and stores it converted back; the
 * form's money input does the same beside its field. Both read the text with the money
 * type's `parse` (core/columnTypes/money.ts: converted back precisely enough to show again
 * as typed). Text left as it opened keeps the stored amount (no drift by the shown rounding).
 */
import { columnTypes, type MoneyTyping } from '../../../core/columnTypes/index.ts';
import { shownNumber } from '../../../core/columnTypes/money.ts';
import { storedNote } from '../../../core/columnTypes/moneyNotes.ts';
import { LOCALE } from '../../../core/langs.ts';
import { editableNumber, numberTyping, readNumber } from '../../../core/numberInput.ts';
import { InputEditor, refusal } from '../../grid/editors/InputEditor.tsx';
import type { EditorProps } from '../../grid/types.ts';
import { useT } from '../../i18n/useT.ts';
import { useSession } from '../../session/session.ts';
import type { FormControlProps } from '../formControl.ts';

export function MoneyEditor({ p, money }: { p: EditorProps; money: MoneyTyping }) {
  const converted = money.shown !== money.stored;
  const n = typeof p.value === 'number' ? p.value : null;
  const initial = editableNumber(converted && n !== null ? shownNumber(n, money) : p.value, p.ctx.lang);
  const storedAs = (t: string) => {
    if (!converted || t.trim() === '' || t === initial) return undefined;
    const typed = readNumber(t, p.ctx.lang);
    return typed === null ? undefined : storedNote(typed, money, LOCALE[p.ctx.lang]);
  };
  return (
    <InputEditor
      p={p}
      inputMode="decimal"
      initial={initial}
      invalidId="validation.type_number"
      unit={money.shown}
      hint={p.ctx.t('grid.editor_currency', { currency: money.shown })}
      clean={numberTyping}
      note={storedAs}
      parse={(t) => {
        if (t === initial && t.trim() !== '') return { ok: true, value: p.value };
        const typed = columnTypes.money.parse(t, { lang: p.ctx.lang, money });
        return typed.ok ? typed : refusal(p, typed.message);
      }}
    />
  );
}

/**
 * The form's money input, as the grid's editor: the amount in the currency shown, named
 * beside it; once changed, in another currency than it is stored in, a note says what will
 * be stored ("= 3,140.52 Ft"). `errorId`: the field's refusal, when it shows one.
 */
export function MoneyFormInput({ a11y, value, initial, money, errorId, onChange }: FormControlProps & { value: string; initial: string; money: MoneyTyping; errorId: string | undefined }) {
  const id = a11y.id;
  const t = useT();
  const lang = useSession((s) => s.lang);
  const unitId = `${id}-unit`;
  const noteId = `${id}-note`;
  const typed = money.shown !== money.stored && value.trim() !== '' && value !== initial ? readNumber(value, lang) : null;
  const note = typed === null ? undefined : storedNote(typed, money, LOCALE[lang]);
  // Else what the form says of the field (another field's refused rule, a record's read-only note).
  const describedBy = [unitId, errorId ?? (note ? noteId : a11y['aria-describedby'])].filter(Boolean).join(' ');
  return (
    <>
      <div className="form-money" title={t('grid.editor_currency', { currency: money.shown })}>
        {/* The box keeps only what the number reads as the user types or pastes (spec §5). */}
        <input {...a11y} aria-describedby={describedBy} type="text" inputMode="decimal" value={value} onChange={(e) => onChange(numberTyping(e.target.value))} />
        <span id={unitId} className="form-money-unit">
          {money.shown}
        </span>
      </div>
      {note && !errorId && (
        <div id={noteId} className="field-note" role="status">
          {note}
        </div>
      )}
    </>
  );
}
