/**
 * Spec §8, the client's common error rules, as pure decisions the API client acts on.
 */
export type ErrorOutcome =
  /** 401 while logged in, not on the refresh call, first time: refresh once and retry. */
  | { kind: 'refresh-and-retry' }
  /** Logout and go to `to` (401 that cannot be refreshed → /login; 412 → root). */
  | { kind: 'logout'; to: '/login' | '/' }
  /** 403 on login: the global auth header is removed. */
  | { kind: 'drop-auth-header' }
  /** Anything else: the response goes back to the caller. */
  | { kind: 'return' };

export interface ErrorCase {
  status: number;
  /** The request path, e.g. '/rpc/refresh_token'. */
  path: string;
  loggedIn: boolean;
  /** This request is already the retry after a refresh. */
  retried: boolean;
}

const isRefreshCall = (path: string) => path.endsWith('/rpc/refresh_token');
const isLoginCall = (path: string) => path.endsWith('/rpc/login');

export function classifyError({ status, path, loggedIn, retried }: ErrorCase): ErrorOutcome {
  if (status === 412) return { kind: 'logout', to: '/' };
  if (status === 401) {
    if (isLoginCall(path)) return { kind: 'return' }; // wrong credentials: the form shows it
    if (loggedIn && !isRefreshCall(path) && !retried) return { kind: 'refresh-and-retry' };
    return { kind: 'logout', to: '/login' };
  }
  if (status === 403 && isLoginCall(path)) return { kind: 'drop-auth-header' };
  return { kind: 'return' };
}

/** Every failed request of a logged-in user is logged, except the log call itself. */
export const shouldLogError = (path: string, loggedIn: boolean) => loggedIn && !path.endsWith('/rpc/page_error_log');

/** The message of a failed api_action: 403 → the rule that refused the actor (`rules.<rule>`), else forbidden; 404 → bad_data_source; else the status text. */
export function apiActionMessage(status: number, statusText: string, rule?: string): { id: string; text?: string } {
  if (status === 403) return { id: rule ? `rules.${rule}` : 'messages.forbidden' };
  if (status === 404) return { id: 'messages.bad_data_source' };
  return { id: 'messages.status_text', text: statusText || String(status) };
}

/**
 * A 409 told apart by the server's error code (never by the status alone): a duplicate
 * (`already_exists`), a row someone else changed since it was read (`stale_row`), an undo
 * whose fields moved on (`changed_since`), a row still referenced (`in_use`), an undo of a
 * delete whose key is taken again (`restore_conflict`). Answers the
 * message id to show, or undefined for a code without its own message (show the server's text).
 */
export function conflictMessageId(code: string): string | undefined {
  switch (code) {
    case 'already_exists':
      return 'messages.already_exists';
    case 'stale_row':
      return 'messages.stale_row';
    case 'changed_since':
      return 'messages.undo_conflict';
    case 'in_use':
      return 'messages.in_use';
    case 'restore_conflict':
      return 'messages.restore_conflict';
    default:
      return undefined;
  }
}
