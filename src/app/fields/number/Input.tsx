/**
 * How a number is typed: as the UI language writes numbers (core/columnTypes/number.ts
 * `parse`: '1,000' is 1000 in English, '1.5' is refused in German with how German writes
 * numbers), opened with the number in the language's decimal separator; the box keeps only
 * digits, comma, dot and a leading minus as the user types or pastes. The grid's `number`
 * editor also edits money (the money type's default editor): a money cell is typed in the
 * currency it shows (fields/money/Input.tsx). The form's number box: int/Input.tsx.
 */
import { columnTypes } from '../../../core/columnTypes/index.ts';
import { editableNumber, numberTyping } from '../../../core/numberInput.ts';
import { InputEditor, refusal } from '../../grid/editors/InputEditor.tsx';
import { moneyTyping } from '../../grid/moneyCurrency.ts';
import type { CellEditor } from '../../grid/types.ts';
import { MoneyEditor } from '../money/Input.tsx';

const PlainNumberEditor: CellEditor = (p) => {
  const initial = editableNumber(p.value, p.ctx.lang);
  return (
    <InputEditor
      p={p}
      inputMode="decimal"
      initial={initial}
      invalidId="validation.type_number"
      clean={numberTyping}
      parse={(t) => {
        // Text left as it opened keeps the stored number.
        if (t === initial && t.trim() !== '') return { ok: true, value: p.value };
        const typed = columnTypes.number.parse(t, p.ctx);
        return typed.ok ? typed : refusal(p, typed.message);
      }}
    />
  );
};

export const numberEditor: CellEditor = (p) => {
  const money = moneyTyping(p.col, p.row, p.ctx);
  return money ? <MoneyEditor p={p} money={money} /> : <PlainNumberEditor {...p} />;
};
