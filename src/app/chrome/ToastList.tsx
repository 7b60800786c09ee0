/** The toasts as shown (toasts.tsx loads this with the first one). */
import { useIntl } from 'react-intl';
import { say, type Said } from '../api/said.ts';

type Shown = Said & { key: number; variant: string };

export default function ToastList({ list, onClose }: { list: readonly Shown[]; onClose: (key: number) => void }) {
  return list.map((t) => (
    <div key={t.key} className={`toast toast-${t.variant}`} role={t.variant === 'danger' ? 'alert' : 'status'} data-variant={t.variant}>
      <ToastText t={t} />
      <button type="button" className="toast-close" aria-label="×" onClick={() => onClose(t.key)}>
        ×
      </button>
    </div>
  ));
}

/** A toast's text, and under it (apart from the text) the request id of a failed call ("Ref: …", selectable) for the user to quote. */
export function ToastText({ t }: { t: Said }) {
  const intl = useIntl();
  return (
    <div className="toast-body">
      <span className="toast-text">{say(intl, t)}</span>
      {t.ref && (
        <small className="toast-ref" data-testid="toast-ref">
          {intl.formatMessage({ id: 'messages.request_ref' }, { ref: t.ref })}
        </small>
      )}
    </div>
  );
}
