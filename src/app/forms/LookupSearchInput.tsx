/**
 * The form input of a ref to a search lookup: spec §2's form input type "product" is this
 * input over products_brief. Type part of a code or name, pick a match; the current
 * value's label is resolved from the server (the lookup is never loaded whole). Leaving
 * with the text emptied clears the value; other text not picked is put back.
 */
import { useEffect, useState } from 'react';
import { keysOf } from '../../core/validation/columns.ts';
import { LookupCombobox, type LookupPick } from '../grid/editors/LookupCombobox.tsx';
import { lookupScreen } from '../grid/lookupScreens.ts';
import { resolveLookupKeys, searchLabel } from '../grid/lookupSearch.ts';
import type { Row } from '../grid/types.ts';
import { useT } from '../i18n/useT.ts';
import { useSession } from '../session/session.ts';
import { lookupLabel } from './formModel.ts';

export interface LookupSearchInputProps {
  id: string;
  /** The search lookup's form (e.g. products_brief). */
  form: string;
  value: string | number | null;
  onChange(value: string | number | null): void;
  onBlur(): void;
  disabled: boolean;
  required: boolean;
  invalid: boolean;
  describedBy: string | undefined;
}

export function LookupSearchInput({ id, form, value, onChange, onBlur, disabled, required, invalid, describedBy }: LookupSearchInputProps) {
  const t = useT();
  const lang = useSession((s) => s.lang);
  const lookup = lookupScreen(form);
  const keyField = lookup ? keysOf(lookup)[0]! : '';
  // The row of the current value, once known; `epoch` restarts the input when its text must change from outside.
  const [known, setKnown] = useState<Row | null>(null);
  const [epoch, setEpoch] = useState(0);
  const isKnown = known !== null && value !== null && String(known[keyField]) === String(value);

  useEffect(() => {
    if (value === null || value === '' || isKnown || !lookup) return;
    let live = true;
    resolveLookupKeys(form, keyField, [value]).then(
      (rows) => {
        if (!live || !rows[0]) return;
        setKnown(rows[0]);
        setEpoch((e) => e + 1);
      },
      (e: unknown) => console.warn(`form: lookup ${form} failed to resolve ${String(value)}`, e), // the input shows the key
    );
    return () => {
      live = false;
    };
  }, [form, keyField, value, isKnown, lookup]);

  const labelOf = (row: Row) => (lookup ? searchLabel(row[keyField], lookupLabel(lookup, row, lang)) : String(row[keyField] ?? ''));
  const currentText = value === null || value === '' ? '' : isKnown ? labelOf(known) : String(value);

  const pick = (p: LookupPick) => {
    if ('row' in p) {
      setKnown(p.row);
      const key = p.row[keyField];
      onChange(typeof key === 'number' || typeof key === 'string' ? key : null);
    } else if ('cleared' in p) onChange(null);
  };
  return (
    <LookupCombobox
      key={epoch}
      id={id}
      form={form}
      keyField={keyField}
      language={lang}
      labelOf={labelOf}
      t={t}
      initialText={currentText}
      currentText={currentText}
      inline
      disabled={disabled}
      ariaRequired={required}
      ariaInvalid={invalid}
      ariaDescribedBy={describedBy}
      onPick={pick}
      onEscape={() => undefined}
      onLeave={(text) => {
        if (!text.trim()) {
          if (value !== null) onChange(null);
        } else if (text !== currentText) setEpoch((e) => e + 1); // not picked: the value's text comes back
        onBlur();
      }}
    />
  );
}
