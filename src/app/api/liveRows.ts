/**
 * Live rows, the browser's side: ONE stream per tab (`GET /api/live`, server-sent events
 * read from fetch, which can send the bearer and X-Company as every call does), opened while
 * some grid listens and closed a little after the last one leaves. It reconnects with a
 * growing pause after a break, at once with the new token or company when the session
 * changes, and refreshes an expired token (401) once per try — the server ends a stream
 * when its token expires. Data flows one way: an event names the form and the changed rows'
 * keys; the grid reads those rows again through its normal list call (useLiveRows).
 */
import { requestHeaders } from '../../core/headers.ts';
import { session } from '../session/session.ts';
import { refreshSession } from './client.ts';

/** What the server sends per grid: the form, the changed rows' keys (null: any row may have changed), who changed them. */
export interface RowsEvent {
  form: string;
  ids: unknown[][] | null;
  by: { id: number; name: string };
}

type Listener = (e: RowsEvent) => void;

const RETRY_MS = [1000, 2000, 5000, 10_000, 30_000];
/** A grid unmounts and the next mounts on a screen change: the stream stays open across. */
const IDLE_CLOSE_MS = 5000;

const listeners = new Map<string, Set<Listener>>();
let ctl: AbortController | null = null;
let opened: { token: string | undefined; company: string | undefined } | null = null;
let failures = 0;
let retry: ReturnType<typeof setTimeout> | undefined;
let idle: ReturnType<typeof setTimeout> | undefined;
let unwatch: (() => void) | undefined;

const wanted = () => listeners.size > 0 && !!session.get().token;

function emit(e: RowsEvent): void {
  for (const l of listeners.get(e.form) ?? []) l(e);
}

async function run(signal: AbortSignal): Promise<void> {
  const send = () => {
    const s = session.get();
    opened = { token: s.token, company: s.company };
    return fetch('/api/live', { headers: { ...requestHeaders({ host: location.host, token: s.token, company: s.company }), Accept: 'text/event-stream' }, signal });
  };
  let res = await send();
  if (res.status === 401 && (await refreshSession())) res = await send();
  if (!res.ok || !res.body) throw new Error(`live rows: ${res.status}`);
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    buffer += value;
    let cut: number;
    while ((cut = buffer.indexOf('\n\n')) >= 0) {
      const lines = buffer.slice(0, cut).split('\n');
      buffer = buffer.slice(cut + 2);
      const event = lines
        .find((l) => l.startsWith('event:'))
        ?.slice(6)
        .trim();
      const data = lines
        .filter((l) => l.startsWith('data:'))
        .map((l) => l.slice(5).replace(/^ /, ''))
        .join('\n');
      if (event === 'ready') failures = 0;
      else if (event === 'rows' && data) emit(JSON.parse(data) as RowsEvent);
    }
  }
}

function connect(): void {
  clearTimeout(retry);
  retry = undefined;
  if (ctl || !wanted()) return;
  const c = new AbortController();
  ctl = c;
  void run(c.signal)
    .catch(() => {
      if (!c.signal.aborted) failures++;
    })
    .finally(() => {
      if (ctl !== c) return;
      ctl = null;
      opened = null;
      // Ended by the server (token expiry, restart) or broken: again, after a pause growing with the failures in a row.
      if (wanted()) retry = setTimeout(connect, failures ? RETRY_MS[Math.min(failures - 1, RETRY_MS.length - 1)] : 0);
    });
}

function disconnect(): void {
  clearTimeout(retry);
  retry = undefined;
  const c = ctl;
  ctl = null;
  opened = null;
  c?.abort();
}

/** A new token or company: the stream is opened again with them (a signed-out tab closes it). */
function onSession(): void {
  const s = session.get();
  if (!s.token) return disconnect();
  if (opened && (opened.token !== s.token || opened.company !== s.company)) {
    disconnect();
    failures = 0;
    connect();
  }
}

/** Calls `listener` with the events of `form` while subscribed; answers the unsubscribe. */
export function subscribeRows(form: string, listener: Listener): () => void {
  clearTimeout(idle);
  let set = listeners.get(form);
  if (!set) listeners.set(form, (set = new Set()));
  set.add(listener);
  unwatch ??= session.subscribe(onSession);
  connect();
  return () => {
    set.delete(listener);
    if (!set.size) listeners.delete(form);
    if (!listeners.size) {
      clearTimeout(idle);
      idle = setTimeout(() => {
        if (listeners.size) return;
        disconnect();
        unwatch?.();
        unwatch = undefined;
      }, IDLE_CLOSE_MS);
    }
  };
}
