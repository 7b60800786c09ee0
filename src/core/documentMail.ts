/**
 * "Send by mail…" (issue 47, point 2): a sales or purchase document mailed by hand from its
 * row. One copy for the browser's dialog and the server: which records' documents are mailed,
 * the page whose right sending needs, and how the typed recipients are read.
 */
import { emailProblem, normalizeEmail } from './email.ts';

/** The record a document is mailed from, and the page whose `set` right sending it needs (an action, not a read). */
export const DOCUMENT_MAIL_PAGES = {
  sales_order: '/sales/sales_orders',
  invoice: '/finance/invoices',
  purchase_order: '/purchasing/purchase_orders',
  cmr_note: '/sales/cmr',
} as const;
export type DocumentMailSource = keyof typeof DOCUMENT_MAIL_PAGES;
export const DOCUMENT_MAIL_SOURCES = Object.keys(DOCUMENT_MAIL_PAGES) as DocumentMailSource[];

/** The documents mailed: a sales order's confirmation, delivery note or invoice; an invoice or credit note; a purchase order; a CMR note. */
export const DOCUMENT_MAIL_KINDS = ['order_confirmation', 'delivery_note', 'invoice', 'credit_note', 'purchase_order', 'cmr_note'] as const;
export type DocumentMailKind = (typeof DOCUMENT_MAIL_KINDS)[number];

/** Each document's title (print.* keys, with its `number`): the dialog's choice, the mail's subject and the PDF's name say it. */
export const DOCUMENT_MAIL_TITLES: Readonly<Record<DocumentMailKind, string>> = {
  order_confirmation: 'print.order_confirmation',
  delivery_note: 'print.delivery_note',
  invoice: 'print.invoice',
  credit_note: 'print.credit_note',
  purchase_order: 'print.purchase_order',
  cmr_note: 'print.cmr_title',
};

/** The screens (by form) that offer the action, and the record their rows are. */
export const DOCUMENT_MAIL_FORMS: Readonly<Record<string, DocumentMailSource>> = {
  sales_orders: 'sales_order',
  invoices: 'invoice',
  purchase_orders: 'purchase_order',
  cmr: 'cmr_note',
};

/** At most this many recipients on one mail. */
export const MAX_MAIL_RECIPIENTS = 20;

/**
 * The addresses typed in one field (separated by commas, semicolons or spaces), each in its
 * normal form — or the first refusal: a catalogue key (the shared address rule's, core/email.ts)
 * with the address it is about.
 */
export function readRecipients(text: string): { to: string[] } | { error: string; address?: string } {
  const parts = text
    .split(/[,;\s]+/)
    .map((p) => p.trim())
    .filter(Boolean);
  if (!parts.length) return { error: 'validation.required' };
  if (parts.length > MAX_MAIL_RECIPIENTS) return { error: 'document_mail.too_many' };
  for (const p of parts) {
    const problem = emailProblem(p);
    if (problem) return { error: problem, address: p };
  }
  return { to: [...new Set(parts.map(normalizeEmail))] };
}
