/** Spec §7 global headers. */
export interface HeaderInput {
  /** location.host, e.g. 'www.shop.example.com:3000'. */
  host: string;
  token?: string | undefined;
  /** Sent only for a logged-in user with a company. */
  company?: string | undefined;
}

/**
 * The host a shop is known by: lower case, without the port, the one trailing dot of a fully
 * qualified name ('shop.example.com.' is the same host; left on, it would miss the shop and
 * answer as the back office) and 'www.'.
 */
export const xHost = (host: string): string =>
  host
    .toLowerCase()
    .replace(/:\d+$/, '')
    .replace(/\.$/, '')
    .replace(/^www\./, '');

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
