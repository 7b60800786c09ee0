/** Live rows (src/server/http/liveRows.ts): GET /api/live, the session's row events as server-sent events. */
import * as v from 'valibot';
import type { HttpRoute } from './http.ts';

/** The stream is open: the company its events are of. */
export const LiveReadyEvent = v.object({ company: v.nullable(v.string()) });
/** Rows of a form another user (or another tab) wrote: their keys (null: any row of the form may have changed) and who wrote them — never a value. */
export const LiveRowsEvent = v.object({
  form: v.string(),
  ids: v.nullable(v.array(v.array(v.unknown()))),
  by: v.object({ id: v.number(), name: v.string() }),
});

export const liveRoutes: readonly HttpRoute[] = [
  {
    method: 'get',
    path: '/api/live',
    operationId: 'live_rows',
    tag: 'rest',
    summary:
      'The session’s row events while it is open: `ready` first, then `rows` for each committed write of a form of its company whose page the user may list (private rows: the owner’s own streams only); a comment line every 25 s. It ends when the access token expires (the client refreshes and connects again), the session ends, or the server stops.',
    auth: 'data',
    answers: { 200: { description: 'The events.', content: [{ kind: 'events', events: { ready: LiveReadyEvent, rows: LiveRowsEvent } }] } },
    errors: { 404: '`not_found`: this process serves no live rows.' },
  },
];
