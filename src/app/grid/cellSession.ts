/** The session data cells read (money, images, shops, language flags), hoisted once per grid. */
import { useMemo } from 'react';
import { EMPTY, useSession } from '../session/session.ts';
import type { CellSession } from './types.ts';

export function useCellSession(): CellSession {
  const currency = useSession((s) => s.currency);
  const companyCurrency = useSession((s) => s.user?.companies.find((c) => c.company_code === s.company)?.currency_code);
  const companyRates = useSession((s) => s.companyRates);
  const currencies = useSession((s) => s.currencies ?? EMPTY);
  const cdn = useSession((s) => s.cdn);
  const shops = useSession((s) => s.shops ?? EMPTY);
  const languages = useSession((s) => s.languages ?? EMPTY);
  const flags = useSession((s) => s.flags);
  return useMemo(() => ({ currency, companyCurrency, companyRates, currencies, cdn, shops, languages, flags }), [currency, companyCurrency, companyRates, currencies, cdn, shops, languages, flags]);
}
