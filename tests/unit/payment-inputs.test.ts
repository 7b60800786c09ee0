/**
 * The Record payment dialog's fields (issue 47; src/app/chrome/paymentInputs.ts): the amount
 * read as the UI language writes numbers and refused at the field otherwise, the day in any
 * of the languages' forms, and what the amount does said before it is recorded — what is
 * open, and what exceeds it kept as the customer's credit.
 */
import { describe, expect, it } from 'vitest';
import { initialPayment, paymentHints, readPayment } from '../../src/app/chrome/paymentInputs.ts';

const q = { currency: 'EUR', digits: 2, open: 79.5, total: 120, receivable: true };

describe('payment inputs', () => {
  it('start with what is open, today and a bank transfer, in the language’s way of writing numbers', () => {
    expect(initialPayment(q, 'de', '2026-03-05')).toEqual({ amount: '79,5', day: '2026-03-05', method: 'bank_transfer' });
    expect(initialPayment({ ...q, open: 0 }, 'en', '2026-03-05').amount).toBe('');
  });

  it('read the amount and day as the language writes them, or say why not at each field', () => {
    expect(readPayment({ amount: '1 234,5', day: '2026. 03. 05.', method: 'card' }, 'hu')).toEqual({ ok: true, value: { amount: 1234.5, paid_on: '2026-03-05', pay_method: 'card' } });
    const bad = readPayment({ amount: '40.5', day: '31.02.2026', method: 'cash' }, 'de');
    expect(bad).toMatchObject({ ok: false, errors: { amount: { id: 'validation.number_format' }, day: { id: 'validation.type_date' } } });
    expect(readPayment({ amount: '', day: '2026-03-05', method: 'cash' }, 'en')).toMatchObject({ ok: false, errors: { amount: { id: 'validation.required' } } });
    expect(readPayment({ amount: '0', day: '2026-03-05', method: 'cash' }, 'en')).toMatchObject({ ok: false, errors: { amount: { id: 'validation.min', values: { min: 0.01 } } } });
  });

  it('say what is open, and what more is kept as credit', () => {
    expect(paymentHints(q, { amount: '50', day: '', method: 'cash' }, 'en').map((h) => h.id)).toEqual(['workflow.payment_open']);
    const over = paymentHints(q, { amount: '100', day: '', method: 'cash' }, 'en');
    expect(over.map((h) => h.id)).toEqual(['workflow.payment_open', 'workflow.payment_excess']);
    expect(over[1]!.values!.excess).toContain('20.50');
    expect(paymentHints({ ...q, receivable: false }, { amount: '', day: '', method: 'cash' }, 'en').map((h) => h.id)).toEqual(['workflow.payment_not_invoiced']);
  });
});
