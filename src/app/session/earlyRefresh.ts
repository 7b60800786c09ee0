/**
 * A page load's refresh call, sent by the entry (main.tsx) the moment it runs: the access
 * token lives in memory only (auth.ts), so every load of a signed-in page asks for one, and
 * asked by the app's code it left only once that code had loaded and run (~200–300 ms after
 * the server's first paint), then held the live grid back by its round trip. Sent here, it
 * travels while the code loads; auth.ts's first refresh takes its answer instead of asking
 * again (a second call would rotate the refresh token once more for nothing).
 */
import { requestHeaders } from '../../core/headers.ts';
import { COOKIES, getCookie } from './cookies.ts';

let early: Promise<Response> | undefined;

/** Sends the refresh call when this browser signed in (the `strategy` cookie, as auth.ts `restoreSession` asks). */
export function sendEarlyRefresh(): void {
  if (!getCookie(COOKIES.strategy)) return;
  // The request the typed client makes (api/client.ts): its headers, no Authorization, the HttpOnly refresh cookie by itself.
  early = fetch('/rpc/refresh_token', { method: 'POST', headers: requestHeaders({ host: location.host }), body: '{}' });
}

/** The early call's token, once (then undefined: later refreshes ask themselves); a refused or failed call throws. */
export function takeEarlyRefresh(): Promise<{ token: string }> | undefined {
  const sent = early;
  early = undefined;
  return sent?.then(async (r) => {
    if (!r.ok) throw new Error(`refresh_token ${r.status}`);
    return (await r.json()) as { token: string };
  });
}
