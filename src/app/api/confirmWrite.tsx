/**
 * The question a write the server wants confirmed asks (409 `confirm_required`, core/confirmations.ts):
 * what the server said, at its field ("Selling price: a margin of 8 % is under the minimum
 * margin of 15 %"), and "Save anyway?"; on yes the request goes again with `confirm`. Loaded
 * with the first such answer (chrome/ConfirmDialog.tsx plugs it into api/client.ts).
 */
import { useIntl } from 'react-intl';
import { confirmationOf, type Confirmation } from '../../core/confirmations.ts';
import { confirm } from '../chrome/confirm.ts';
import { ApiError } from './client.ts';
import { describeError, say, type Said } from './said.ts';

function SaidText({ said }: { said: Said }) {
  const intl = useIntl();
  return <p>{say(intl, said)}</p>;
}

/** Asks the user; true when she confirms the write. */
const askToConfirm = (e: ApiError): Promise<boolean> =>
  confirm({ titleId: 'messages.confirm_required_title', body: <SaidText said={describeError(e)} />, okId: 'messages.confirm_required_ok', cancelId: 'common.cancel', variant: 'warning' });

/**
 * The refused request `e` sent again with what the user confirms (`send(confirm)`), each
 * question asked once: on no, or a confirmation it cannot name, the refusal stands.
 */
export async function confirmAndRetry<T>(e: ApiError, send: (confirm: string[]) => Promise<T>, confirmed: Confirmation[] = []): Promise<T> {
  const need = confirmationOf(e.params?.reason);
  if (!need || confirmed.includes(need) || !(await askToConfirm(e))) throw e;
  const now = [...confirmed, need];
  try {
    return await send(now);
  } catch (again) {
    if (again instanceof ApiError && again.code === 'confirm_required') return confirmAndRetry(again, send, now);
    throw again;
  }
}
