import { useIntl } from 'react-intl';
import { say, type Said } from '../../api/said.ts';

/** Says a message (a failed call's code and parameters) in the current language. */
export function useSay(): (s: Said) => string {
  const intl = useIntl();
  return (s) => say(intl, s);
}
