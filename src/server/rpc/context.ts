import type { Confirmation } from '../../core/confirmations.ts';
import type { Observability } from '../obs/observe.ts';
import type { Context } from 'hono';
import type * as v from 'valibot';
import type { AfterAnswer } from '../afterAnswer.ts';
import type { procedures, ProcedureName } from '../../../schemas/api.ts';
import type { TokenSigner } from '../auth/tokens.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/types.ts';
import type { SessionCache } from '../http/sessionCache.ts';

export interface Deps {
  db: Db;
  /**
   * The heavy reads — reports, Ask-AI's queries, exports, the storefront's listings — when a
   * replica serves them (DATABASE_READ_URL; db/open.ts `openReads`); absent: `db`. Never
   * written through, and never for what a user reads right after her own writes.
   */
  reads?: Db;
  signer: TokenSigner;
  config: Config;
  /** Session facts kept in the server (startServer opens it); without it each request reads them. */
  sessions?: SessionCache;
  /** Live rows' subscribers of this process (http/liveRows.ts `LiveRows`, startServer opens it): GET /api/live. */
  live?: LiveStreams;
  /** Work begun after an answer (forgot_password's mail); the server waits for it when it stops. */
  afterAnswer?: AfterAnswer;
  /** Request ids, logs, metrics, health (obs/observe.ts; startServer makes it, createApp makes one when absent). */
  obs?: Observability;
}

/** Where the heavy reads go: the replica's handle when there is one, else the primary. */
export const readsOf = (deps: Pick<Deps, 'db' | 'reads'>): Db => deps.reads ?? deps.db;

/** What GET /api/live asks of the live rows' hub (http/liveRows.ts `LiveRows`, which imports this module: stated here, not imported). */
export interface LiveStreams {
  stream(c: Context, session: Session, bearer: string, expiresAt: number | undefined): Response;
  /** Open streams in this process (the metrics' live_rows_subscribers). */
  readonly subscribers: number;
}

/** The signed-in user of a request, with the company verified against the user's companies. */
export interface Session {
  userId: number;
  languageCode: string;
  companies: string[];
  company: string | null;
  /** The token may only enrol TOTP (its `enrol` claim): data (api_action, /api/*) is refused with 403 `totp_enrolment_required`. */
  enrolOnly?: boolean;
}

export interface Ctx extends Deps {
  session: Session | null;
  /** The raw bearer token (refresh_token accepts the refresh token there; logout reads the access token's `sid`). */
  bearer: string | undefined;
  /** The request's refresh cookie, when it comes from this origin's pages (refresh_token reads it). */
  refreshCookie(): string | undefined;
  /** The request's page-token cookie (http/pageCookie.ts), when it comes from this origin's pages: a browser session's call. */
  pageToken(): string | undefined;
  /** Adds a Set-Cookie to the answer (login, refresh_token, totp_confirm and logout: the refresh and page-token cookies). */
  setCookie(value: string): void;
  /** The address the request came from (login throttling); '' when the transport does not say. */
  client: string;
}

export interface UserCtx extends Ctx {
  session: Session;
  /** What the user confirmed for this api_action (its `confirm`: a price under the minimum margin; core/confirmations.ts). */
  confirm?: readonly Confirmation[] | undefined;
}

type In<N extends ProcedureName> = v.InferOutput<(typeof procedures)[N]['input']>;
type Out<N extends ProcedureName> = v.InferInput<(typeof procedures)[N]['output']>;

/** A procedure's implementation; who may call it is stated in schemas/api.ts. */
export interface Procedure<N extends ProcedureName> {
  run(ctx: (typeof procedures)[N]['auth'] extends 'user' ? UserCtx : Ctx, input: In<N>): Promise<Out<N>>;
}
