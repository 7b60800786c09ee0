/**
 * A POST answered with server-sent events (the chat replies, src/server/ai/chatReply.ts):
 * each event handed over as it arrives. A refusal before the stream (a JSON error answer)
 * and an `error` event both throw ApiError, said like any other call's failure; an expired
 * access token (401) is refreshed once and the request sent again, as the API client does.
 */
import { requestHeaders } from '../../core/headers.ts';
import { session } from '../session/session.ts';
import { ApiError, refreshSession } from './client.ts';

interface ErrorData {
  error?: string;
  message?: string;
  params?: Record<string, string | number>;
}

const apiError = (status: number, d: ErrorData | undefined, fallback: string, requestId?: string) =>
  new ApiError(status, d?.error ?? 'error', d?.message ?? fallback, 'messages.status_text', undefined, d?.params, requestId);

async function send(path: string, body: unknown, signal: AbortSignal | undefined): Promise<Response> {
  const s = session.get();
  const headers = { ...requestHeaders({ host: location.host, token: s.token, company: s.company }), Accept: 'text/event-stream' };
  try {
    return await fetch(path, { method: 'POST', headers, body: JSON.stringify(body), ...(signal ? { signal } : {}) });
  } catch {
    throw new ApiError(0, 'network', 'Network error', 'messages.status_text');
  }
}

export async function postStream(path: string, body: unknown, onEvent: (event: string, data: unknown) => void, signal?: AbortSignal): Promise<void> {
  let res = await send(path, body, signal);
  if (res.status === 401 && (await refreshSession())) res = await send(path, body, signal);
  if (!res.ok || !res.body) {
    const d = (await res.json().catch(() => undefined)) as ErrorData | undefined;
    throw apiError(res.status, d, res.statusText, res.headers.get('x-request-id') ?? undefined);
  }
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
      const event =
        lines
          .find((l) => l.startsWith('event:'))
          ?.slice(6)
          .trim() ?? 'message';
      const data = lines
        .filter((l) => l.startsWith('data:'))
        .map((l) => l.slice(5).replace(/^ /, ''))
        .join('\n');
      const parsed: unknown = data ? JSON.parse(data) : undefined;
      if (event === 'error') throw apiError(200, parsed as ErrorData, 'stream failed');
      onEvent(event, parsed);
    }
  }
}
