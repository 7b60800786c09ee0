import type { ReactNode } from 'react';
import { createStore } from '../session/createStore.ts';
import type { Values } from '../i18n/useT.ts';
import type { PaymentAnswer, PaymentQuestion } from './paymentInputs.ts';

export interface ConfirmOptions {
  /** Locale keys; spec §5: delete asks with title 'sure' and buttons delete and cancel. */
  titleId?: string;
  titleValues?: Values;
  /** Literal title (e.g. a workflow event name in the current language). */
  title?: string;
  bodyId?: string;
  bodyValues?: Values;
  /** A body composed by its own component (in the current language), instead of bodyId. */
  body?: ReactNode;
  okId?: string;
  okValues?: Values;
  /** The dismissing button's locale key (common.cancel): never the confirming button's text. */
  cancelId?: string;
  /** Literal text of the confirming button (a workflow event's name), instead of okId. */
  okLabel?: string;
  /** Button style of the confirming button. */
  variant?: 'danger' | 'primary' | 'success' | 'warning' | 'info' | 'secondary';
  /** An icon of chrome/eventIcons.ts before the title (a workflow event's bv_icon); an unknown name shows none. */
  icon?: string;
  /** A checkbox under the body, by its literal label (in the current language): the answer says whether it was ticked. */
  checkbox?: string;
  /** A text area for an e-mail's body, by the locale key of its label: the answer carries the text. */
  emailId?: string;
  /** A payment's amount, day and method (paymentInputs.ts): the answer carries the payment, refused at its fields until it is one. */
  payment?: PaymentQuestion;
}

/** What the user confirmed with: the checkbox and the e-mail body (false and '' when not asked), the payment when asked. */
export interface ConfirmAnswer {
  checkbox: boolean;
  email: string;
  payment?: PaymentAnswer;
}

export type OpenConfirm = ConfirmOptions & { resolve: (a: ConfirmAnswer | null) => void };

/** The open question; ConfirmDialog.tsx shows it. */
export const question = createStore<{ open: OpenConfirm | null }>({ open: null });

/** Asks the user; resolves with the dialog's inputs on the confirming button, null on cancel or Esc. */
export function ask(options: ConfirmOptions = {}): Promise<ConfirmAnswer | null> {
  return new Promise((resolve) => {
    question.get().open?.resolve(null);
    question.set({ open: { ...options, resolve } });
  });
}

/** Asks the user; resolves true on the confirming button, false on cancel or Esc. */
export const confirm = (options: ConfirmOptions = {}): Promise<boolean> => ask(options).then((a) => a !== null);

export function answer(a: ConfirmAnswer | null) {
  const open = question.get().open;
  question.set({ open: null });
  open?.resolve(a);
}
