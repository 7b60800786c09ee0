import { useIntl } from 'react-intl';
import { ApiError } from '../api/client.ts';
import { describeError, say } from '../api/said.ts';
import { toast } from '../chrome/toasts.tsx';

/** What a toolbar action says when its call fails: no right or no row (the server's text), a refusal in the user's language, else the status. */
export function useFailed(): (e: unknown) => void {
  const intl = useIntl();
  return (e: unknown) => {
    if (e instanceof ApiError && (e.status === 403 || e.status === 404)) toast({ variant: 'danger', id: e.messageId, ref: e.requestId });
    else
      toast({
        variant: 'danger',
        id: 'messages.error_saving_data',
        values: { status: e instanceof ApiError && e.status === 400 ? say(intl, describeError(e)) : describeError(e) },
        ref: e instanceof ApiError ? e.requestId : undefined,
      });
  };
}
