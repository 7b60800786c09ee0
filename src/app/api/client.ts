import { FetchError, ofetch } from 'ofetch';
import type { actions, ProcedureName } from '../../../schemas/api.ts';

/** api_action's actions, from the HTTP contract. */
export type ApiAction = (typeof actions)[number];
import { requestHeaders } from '../../core/headers.ts';
import { apiActionMessage, classifyError, shouldLogError } from '../../core/httpErrors.ts';
import { requestEnded, requestStarted } from '../session/progress.ts';
import { session } from '../session/session.ts';
import { earlyKey, forgetEarly, takeEarly } from './early.ts';
import type { ActionAnswer, ActionData, RpcInput, RpcOutput } from './types.ts';

/** A failed call: HTTP status, the server's error code and message, and the message id to show. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** Locale key for toasts (messages.forbidden, messages.bad_data_source, messages.status_text …). */
    readonly messageId: string,
    /** `rule_violated`: the database rule that refused the write. */
    readonly rule?: string,
    /** The code's parameters (core/errorCodes.ts): said with the code's text (api/said.ts). */
    readonly params?: Record<string, string | number>,
    /** The server's `X-Request-Id` of the answer: shown in the error's toast ("Ref: …") so a user can quote it. */
    readonly requestId?: string,
  ) {
    super(message);
  }
}

/** What the client does on auth failures; the auth module plugs in refresh, logout and adopt. */
export interface AuthHooks {
  /** One refresh; resolves true when new tokens are in the session. */
  refresh(): Promise<boolean>;
  logout(to: '/login' | '/'): void;
  /** A new access token of this session stored, and the user fetched as it is now. */
  adopt(token: string): Promise<void>;
}
let hooks: AuthHooks = { refresh: async () => false, logout: () => {}, adopt: async () => {} };
export const setAuthHooks = (h: AuthHooks) => {
  hooks = h;
};
/**
 * The session takes a token the server handed out (TOTP confirmed). Through the hook, not an
 * import of session/auth.ts: a lazy page importing that entry module made rolldown split
 * react-intl, api/said.ts and i18n/lazy.tsx out of the entry (three more files, +1.3 KiB on
 * the list route).
 */
export const adoptToken = (token: string): Promise<void> => hooks.adopt(token);
/** One refresh of the session's tokens (a stream's 401, api/stream.ts): true when new ones are in. */
export const refreshSession = (): Promise<boolean> => hooks.refresh();

interface Options {
  method?: 'GET' | 'POST';
  /** No Authorization header (the refresh call: its token is the HttpOnly cookie). */
  anonymous?: boolean;
  retried?: boolean;
  /** 'blob': a file download (export). */
  responseType?: 'blob';
}

async function call<T>(path: string, body: unknown, opts: Options = {}): Promise<T> {
  const s = session.get();
  const loggedIn = !!s.token;
  requestStarted();
  let failed = false;
  try {
    // One call path for JSON and files: the response type is chosen at run time.
    return (await ofetch<T, 'json' | 'blob'>(path, {
      method: opts.method ?? 'POST',
      body: opts.method === 'GET' ? undefined : (body ?? {}),
      headers: withoutJsonType(requestHeaders({ host: location.host, token: opts.anonymous ? undefined : s.token, company: s.company }), body),
      retry: 0,
      ...(opts.responseType ? { responseType: opts.responseType } : {}),
    })) as T;
  } catch (e) {
    failed = true;
    const status = e instanceof FetchError ? (e.response?.status ?? 0) : 0;
    let data = e instanceof FetchError ? (e.data as ErrorData | undefined) : undefined;
    // A failed download carries the server's JSON error as a Blob.
    if (typeof Blob !== 'undefined' && (data as unknown) instanceof Blob) data = await blobJson(data as unknown as Blob);
    const statusText = (e instanceof FetchError && e.response?.statusText) || data?.message || 'Network error';
    if (shouldLogError(path, loggedIn)) void logError(path, status, statusText);
    const outcome = classifyError({ status, path, loggedIn, retried: !!opts.retried });
    if (outcome.kind === 'refresh-and-retry') {
      if (await hooks.refresh()) return call<T>(path, body, { ...opts, retried: true });
      hooks.logout('/login');
    } else if (outcome.kind === 'logout') {
      hooks.logout(outcome.to);
    } else if (outcome.kind === 'drop-auth-header') {
      session.set({ token: undefined });
    }
    const m = path.endsWith('/rpc/api_action') ? apiActionMessage(status, statusText, data?.rule) : { id: 'messages.status_text' };
    const requestId = (e instanceof FetchError && e.response?.headers.get('x-request-id')) || undefined;
    throw new ApiError(status, data?.error ?? 'error', data?.message ?? statusText, m.id, data?.rule, data?.params, requestId);
  } finally {
    requestEnded(failed);
  }
}

/** A multipart body sets its own Content-Type (with the boundary); JSON is the default otherwise. */
function withoutJsonType(headers: Record<string, string>, body: unknown): Record<string, string> {
  if (!(typeof FormData !== 'undefined' && body instanceof FormData)) return headers;
  const { 'Content-Type': _json, ...rest } = headers;
  return rest;
}

interface ErrorData {
  error?: string;
  message?: string;
  rule?: string;
  params?: Record<string, string | number>;
}

async function blobJson(b: Blob): Promise<ErrorData | undefined> {
  try {
    return JSON.parse(await b.text()) as ErrorData;
  } catch {
    return undefined;
  }
}

function logError(path: string, status: number, statusText: string) {
  return call('/rpc/page_error_log', { _page_name: location.pathname, _error: `${status} ${statusText} (${path})`.slice(0, 10_000) }).catch(() => {});
}

/** Asks the user to confirm a refused write and sends it again with `send(confirm)` (api/confirmWrite.tsx); rejects with the refusal on no. */
export type ConfirmHook = <T>(e: ApiError, send: (confirm: string[]) => Promise<T>) => Promise<T>;
let askToConfirm: ConfirmHook | undefined;
/** The chrome plugs in the question (chrome/ConfirmDialog.tsx, which loads api/confirmWrite.tsx with the first one). */
export const setConfirmHook = (h: ConfirmHook) => {
  askToConfirm = h;
};

/**
 * An api_action that the server may want confirmed (409 `confirm_required`: a selling price
 * under its minimum margin, core/confirmations.ts): the user is asked with what the server said
 * and on yes the same request goes again with `confirm`; on no the refusal stands (the grid flags
 * the cell with it). Every write of every screen and action gets the question this one way.
 */
async function callConfirming<T>(body: { entity: string; action: ApiAction; payload: unknown }): Promise<T> {
  try {
    return await call<T>('/rpc/api_action', body);
  } catch (e) {
    if (!askToConfirm || !(e instanceof ApiError) || e.code !== 'confirm_required') throw e;
    return askToConfirm(e, (confirm) => call<T>('/rpc/api_action', { ...body, confirm }));
  }
}

/** api_action's writing actions: after each success the write listeners hear the entity. */
const WRITES: ReadonlySet<string> = new Set<ApiAction>(['set', 'add', 'delete', 'undo', 'redo']);
const writeListeners = new Set<(entity: string) => void>();

/**
 * Listens to successful writes through api_action (any form, any component); answers the
 * unsubscribe. A master grid refreshes its row when one of its detail forms wrote (the
 * detail may have bumped the master row's version).
 */
export function onWrite(listener: (entity: string) => void): () => void {
  writeListeners.add(listener);
  return () => void writeListeners.delete(listener);
}

export const api = {
  rpc<N extends ProcedureName>(name: N, body: RpcInput<N>, opts?: Options): Promise<RpcOutput<N>> {
    return call(`/rpc/${name}`, body, opts);
  },
  /**
   * api_action: answers the `data` of the response, typed by the contract's answer schema
   * `O` (a `…Output` of schemas/api.ts), never by a type the caller makes up. The grid's
   * calls go through its data provider (grid/dataProvider/), which also types the payloads.
   */
  async action<O extends ActionAnswer>(entity: string, action: ApiAction, payload?: unknown, opts?: { fresh?: boolean }): Promise<ActionData<O>> {
    // A list the bootstrap or the route asked for already (api/early.ts); `fresh`: the server's
    // answer (the request that is itself kept as the early answer must not take itself).
    const early = action === 'list' && !opts?.fresh ? takeEarly(earlyKey(session.get().company, entity, payload)) : undefined;
    if (early) return early as Promise<ActionData<O>>;
    const r = await callConfirming<{ data: ActionData<O> }>({ entity, action, payload });
    if (WRITES.has(action)) {
      forgetEarly();
      for (const l of writeListeners) l(entity);
    }
    return r.data;
  },
  get<T>(path: string): Promise<T> {
    return call<T>(path, undefined, { method: 'GET' });
  },
  post<T>(path: string, body: unknown): Promise<T> {
    return call<T>(path, body);
  },
  /** A file the server makes (export): JSON body in, the response as a Blob. */
  download(path: string, body: unknown): Promise<Blob> {
    return call<Blob>(path, body, { responseType: 'blob' });
  },
  /** A file the server makes from a GET's query (a print document's PDF), as a Blob. */
  downloadGet(path: string): Promise<Blob> {
    return call<Blob>(path, undefined, { method: 'GET', responseType: 'blob' });
  },
  /** A multipart upload (import); ofetch sends FormData as it is. */
  upload<T>(path: string, form: FormData): Promise<T> {
    return call<T>(path, form);
  },
};
