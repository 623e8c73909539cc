import { drizzle } from "drizzle-orm/d1";
import type { BatchItem } from "drizzle-orm/batch";

/**
 * The database of one request, cron tick or call: drizzle over its D1 binding (app/db/request-d1.ts) or session.
 *
 * Made without drizzle's `schema` option: that option works out the relational config of every table and relation
 * on each call (0.2 to 0.3 ms a request, measured on the 2-core machine, against 2 µs without it), and a database is
 * made per request, since each request has its own D1 session. Queries are written with the select builders, which
 * need no schema here (docs/decisions/031-reads-batched-and-replicas.md).
 */
export function createDb(d1: D1Database) {
  return drizzle(d1);
}

export type Db = ReturnType<typeof createDb>;

/**
 * One query sent as a batch of its own: a batch is what joins the reads a loader starts together
 * (app/db/request-d1.ts), where a query run by itself is a round trip of its own.
 */
export function readInBatch<Q extends BatchItem<"sqlite">>(db: Db, query: Q) {
  return db.batch([query]).then(([rows]) => rows);
}
