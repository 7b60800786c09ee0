/** Spec §7 global headers. */
export interface HeaderInput {
  /** location.host, e.g. 'www.shop.example.com:3000'. */
  host: string;
  token?: string | undefined;
  /** Sent only for a logged-in user with a company. */
  company?: string | undefined;
}

/** The host without 'www.' and without the port. */
export const xHost = (host: string): string => host.replace(/:\d+$/, '').replace(/^www\./i, '');

export function requestHeaders({ host, token, company }: HeaderInput): Record<string, string> {
  const h: Record<string, string> = {
    'Content-Type': 'application/json',
    Accept: 'application/json',
    'Cache-Control': 'no-cache',
    Pragma: 'no-cache',
    'X-Host': xHost(host),
  };
  if (token) {
    h.Authorization = `Bearer ${token}`;
    if (company) h['X-Company'] = company;
  }
  return h;
}
