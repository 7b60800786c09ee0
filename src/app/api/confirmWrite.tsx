/**
 * The question a write the server wants confirmed asks (409 `confirm_required`, core/confirmations.ts):
 * what the server said, at its field ("Selling price: a margin of 8 % is under the minimum
 * margin of 15 %"), and "Save anyway?". Loaded with the first such answer (api/client.ts).
 */
import { useIntl } from 'react-intl';
import { confirm } from '../chrome/confirm.ts';
import type { ApiError } from './client.ts';
import { describeError, say, type Said } from './said.ts';

function SaidText({ said }: { said: Said }) {
  const intl = useIntl();
  return <p>{say(intl, said)}</p>;
}

/** Asks the user; true when she confirms the write. */
export const askToConfirm = (e: ApiError): Promise<boolean> =>
  confirm({ titleId: 'messages.confirm_required_title', body: <SaidText said={describeError(e)} />, okId: 'messages.confirm_required_ok', cancelId: 'common.cancel', variant: 'warning' });
