/**
 * What a failed machine translation says (spec §8: logged, a toast in the user's language,
 * nothing written): an engine the server has no key for by the engine's name and the
 * variable that gives it, anything else by the server's code (timeout, busy engine, too many calls, an engine
 * the company switched off…).
 */
import { ApiError } from '../api/client.ts';
import { describeError } from '../api/said.ts';
import { toast } from '../chrome/toasts.tsx';

export function translateFailed(e: unknown): void {
  console.warn('translation failed', e);
  const engine = e instanceof ApiError ? (e.params?.engine ?? '') : '';
  if (e instanceof ApiError && e.code === 'not_configured') toast({ variant: 'danger', id: 'messages.translate_not_configured', values: { engine, variable: e.params?.variable ?? '' } });
  else toast({ variant: 'danger', ...describeError(e) });
}
