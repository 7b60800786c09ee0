/** What a column type's form input (fields/<type>/Input.tsx) is given by the form (forms/ScreenFormDialog.tsx). */
import type { ReactNode } from 'react';
import type { FormField, RawValue } from '../forms/formModel.ts';

export interface FormControlProps {
  f: FormField;
  /** The input's id, state and accessibility attributes. */
  a11y: { id: string; disabled: boolean; onBlur(): void; 'aria-required'?: boolean | undefined; 'aria-invalid'?: boolean | undefined; 'aria-describedby'?: string | undefined };
  value: RawValue;
  onChange(raw: RawValue): void;
}

export type FormControl = (p: FormControlProps) => ReactNode;
