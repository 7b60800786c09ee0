import { useIntl } from 'react-intl';

export type Values = Record<string, string | number | boolean | Date | null | undefined>;

/** t('messages.data_saved') — the catalogue text of a key in the current language. */
export function useT() {
  const intl = useIntl();
  return (id: string, values?: Values) => intl.formatMessage({ id }, values);
}
