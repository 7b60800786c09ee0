/**
 * The save of a workflow editor's dialog: busy while it runs; on success the toast names what
 * was saved and the dialog closes as changed; a refusal is said in the dialog (the user's
 * input stays) in her language.
 */
import { useCallback, useState } from 'react';
import { useIntl } from 'react-intl';
import { describeError, say } from '../../api/said.ts';
import { toast } from '../../chrome/toasts.tsx';

export function useDialogSave(onClose: (changed: boolean) => void) {
  const intl = useIntl();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function run(what: () => Promise<unknown>, done: string) {
    setBusy(true);
    setError(null);
    try {
      await what();
      toast({ variant: 'success', id: done });
      onClose(true);
    } catch (e) {
      setError(say(intl, describeError(e)));
    } finally {
      setBusy(false);
    }
  }
  /** A failure outside a save (loading what the dialog shows), said the same way. */
  const fail = useCallback((e: unknown) => setError(say(intl, describeError(e))), [intl]);
  return { error, busy, run, fail };
}
