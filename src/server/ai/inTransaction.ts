import type { Db, Queryable } from '../db/types.ts';

/**
 * A Db whose `transaction` runs in the caller's open transaction: the engine's writes
 * (setRow: row lock, version, change log) join the caller's own statements, so an AI
 * proposal is marked accepted in the same commit that writes the product.
 */
export function inTransaction(db: Db, tx: Queryable): Db {
  return {
    engine: db.engine,
    jsonRows: db.jsonRows,
    query: (sql, params) => tx.query(sql, params),
    exec: (sql) => tx.exec(sql),
    transaction: (fn) => fn(tx),
    listen: (channel, on) => db.listen(channel, on),
    close: () => Promise.reject(new Error('a transaction handle is not closed')),
  };
}
