/** The one narrow edge between the server and PostgreSQL (PGlite or a server). */
export interface Queryable {
  /** Parameterized query ($1, $2 …); values are never spliced into SQL text. */
  query<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<QueryResult<T>>;
  /** Several statements without parameters (migrations, seed scripts). */
  exec(sql: string): Promise<void>;
}

export interface QueryResult<T> {
  rows: T[];
  rowCount: number;
}

export interface Db extends Queryable {
  readonly engine: 'pglite' | 'postgres';
  /**
   * Whether a page of rows is answered faster as JSON the database writes (engine/rowsJson.ts)
   * than as rows the driver parses and the server writes out. PGlite: yes (its rows are
   * parsed in JavaScript, on the server's thread). A server: no (PostgreSQL writes JSON
   * slower than node-pg parses the rows; docs/api-engine.md, "Per-request cost", has the figures).
   */
  readonly jsonRows: boolean;
  /** Runs fn in one transaction: commit on return, rollback on throw. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** LISTEN on `channel` (a plain lower-case identifier): see Listening. */
  listen(channel: string, on: ListenHandlers): Promise<Listening>;
  close(): Promise<void>;
  /** The connection pool's state now (a PostgreSQL server; PGlite has one connection and no pool). */
  poolStats?(): { total: number; idle: number; waiting: number; max: number };
}

export interface ListenHandlers {
  /** A notification's payload, in commit order. */
  notify(payload: string): void;
  /**
   * The stream (re)started or broke: notifications may have been missed, so whatever was
   * derived from them must be forgotten. Called when listening starts and on every loss.
   */
  reset(): void;
}

/**
 * A notification stream (pg_notify). While `live`, every notification of a transaction
 * that committed before a `sync()` call has reached `notify` when that call resolves true.
 */
export interface Listening {
  /** Connected and listening (PGlite: always; a server: false while reconnecting). */
  readonly live: boolean;
  /**
   * True once everything committed before the call has been delivered; false when the
   * stream is not live (or did not answer in time): nothing derived from it may be trusted.
   */
  sync(): boolean | Promise<boolean>;
  close(): Promise<void>;
}
