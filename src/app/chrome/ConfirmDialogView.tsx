import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { isoDate } from '../../core/format.ts';
import type { Lang } from '../../core/langs.ts';
import { PAY_METHODS, type PayMethod } from '../../core/payments.ts';
import type { Message } from '../../core/validation/messages.ts';
import { DateInput } from '../forms/DateInput.tsx';
import '../forms/forms.css'; // the date input's row and calendar button
import { useT } from '../i18n/useT.ts';
import { useSession } from '../session/session.ts';
import { answer, type OpenConfirm } from './confirm.ts';
import { EventIcon } from './eventIcons.tsx';
import { initialPayment, paymentHints, readPayment, type PaymentInputs, type PaymentQuestion } from './paymentInputs.ts';

/** The dialog itself (Radix Dialog), loaded with the first question (ConfirmDialog.tsx). */
export default function ConfirmDialogView({ o }: { o: OpenConfirm | null }) {
  // Where the focus was when the question came (a grid cell, a toolbar button): it goes back there.
  // Noted as the question renders (before the dialog takes the focus); a question asked while one is open keeps it.
  const [returnTo, setReturnTo] = useState<{ el: HTMLElement | null } | null>(null);
  if (o && !returnTo) setReturnTo({ el: document.activeElement instanceof HTMLElement ? document.activeElement : null });
  const lang = useSession((s) => s.lang);
  // The checkbox, e-mail body and payment of this question: a new question starts them afresh.
  const fresh = () => ({ of: o, checkbox: false, email: '', payment: o?.payment ? initialPayment(o.payment, lang, isoDate(new Date())) : undefined, refused: {} as Refused });
  const [inputs, setInputs] = useState(fresh);
  if (inputs.of !== o) setInputs(fresh());
  // A destructive question starts on Cancel: a reflex Enter must not delete; a payment starts on its amount.
  const safeFirst = (o?.variant ?? 'danger') === 'danger' && !o?.payment;
  const confirmed = () => {
    if (!inputs.payment) return answer({ checkbox: inputs.checkbox, email: inputs.email });
    const read = readPayment(inputs.payment, lang);
    if (!read.ok) return setInputs({ ...inputs, refused: read.errors });
    answer({ checkbox: inputs.checkbox, email: inputs.email, payment: read.value });
  };
  return (
    <Dialog.Root open={!!o} onOpenChange={(open) => !open && answer(null)}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content
          className="dialog"
          aria-describedby={undefined}
          onCloseAutoFocus={(e) => {
            const el = returnTo?.el;
            setReturnTo(null);
            if (el?.isConnected) {
              e.preventDefault();
              el.focus({ preventScroll: true });
            }
          }}
        >
          <Dialog.Title className="dialog-title">
            {o?.icon && <EventIcon name={o.icon} />}
            {o?.title ?? <FormattedMessage id={o?.titleId ?? 'messages.sure'} values={o?.titleValues as Record<string, string>} />}
          </Dialog.Title>
          {o?.body ? (
            <p className="dialog-body">{o.body}</p>
          ) : (
            o?.bodyId && (
              <p className="dialog-body">
                <FormattedMessage id={o.bodyId} values={o.bodyValues as Record<string, string>} />
              </p>
            )
          )}
          {o?.payment && inputs.payment && (
            <PaymentFields q={o.payment} value={inputs.payment} refused={inputs.refused} lang={lang} onChange={(payment) => setInputs({ ...inputs, payment, refused: {} })} />
          )}
          {o?.checkbox !== undefined && (
            <label className="dialog-check">
              <input type="checkbox" checked={inputs.checkbox} onChange={(e) => setInputs({ ...inputs, checkbox: e.target.checked })} />
              {o.checkbox}
            </label>
          )}
          {o?.emailId && (
            <label className="dialog-field">
              <FormattedMessage id={o.emailId} />
              <textarea rows={6} value={inputs.email} onChange={(e) => setInputs({ ...inputs, email: e.target.value })} />
            </label>
          )}
          <div className="dialog-buttons">
            <button type="button" className="btn btn-secondary" onClick={() => answer(null)} autoFocus={safeFirst}>
              <FormattedMessage id={o?.cancelId ?? 'common.cancel'} />
            </button>
            <button type="button" className={`btn btn-${o?.variant ?? 'danger'}`} onClick={confirmed} autoFocus={!safeFirst && !o?.payment}>
              {o?.okLabel ?? <FormattedMessage id={o?.okId ?? 'common.delete'} values={o?.okValues as Record<string, string>} />}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

type Refused = { amount?: Message; day?: Message };

/** A payment's amount (with what it does to the receivable), day and method, each refused at its field. */
function PaymentFields({ q, value, refused, lang, onChange }: { q: PaymentQuestion; value: PaymentInputs; refused: Refused; lang: Lang; onChange(v: PaymentInputs): void }) {
  const t = useT();
  const say = (m: Message) => t(m.id, m.values);
  return (
    <div className="dialog-payment">
      <label className="dialog-field">
        <span>
          <FormattedMessage id="fields.amount" /> ({q.currency})
        </span>
        <input
          type="text"
          inputMode="decimal"
          name="amount"
          autoFocus
          value={value.amount}
          aria-invalid={!!refused.amount || undefined}
          aria-describedby="payment-amount-said"
          onChange={(e) => onChange({ ...value, amount: e.target.value })}
        />
        <span id="payment-amount-said" aria-live="polite">
          {refused.amount && <span className="field-error">{say(refused.amount)}</span>}
          {paymentHints(q, value, lang).map((h) => (
            <span key={h.id} className="field-hint" data-hint={h.id}>
              {say(h)}
            </span>
          ))}
        </span>
      </label>
      <div className="dialog-field">
        <label htmlFor="payment-day">
          <FormattedMessage id="fields.paid_on" />
        </label>
        <DateInput
          id="payment-day"
          value={value.day}
          lang={lang}
          onChange={(day) => onChange({ ...value, day })}
          onBlur={() => undefined}
          disabled={false}
          required
          invalid={!!refused.day}
          describedBy={refused.day ? 'payment-day-said' : undefined}
        />
        {refused.day && (
          <span id="payment-day-said" className="field-error">
            {say(refused.day)}
          </span>
        )}
      </div>
      <label className="dialog-field">
        <FormattedMessage id="fields.pay_method" />
        <select name="pay_method" value={value.method} onChange={(e) => onChange({ ...value, method: e.target.value as PayMethod })}>
          {PAY_METHODS.map((m) => (
            <option key={m} value={m}>
              {t(`options.pay_method.${m}`)}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
