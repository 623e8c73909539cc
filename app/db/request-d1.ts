/**
 * The D1 binding one request's queries go through: counted for the `Server-Timing` header, in a Sessions API
 * session when the request has one (app/http/bookmark.server.ts), and with the reads a loader starts together sent
 * as one batch (docs/decisions/031-reads-batched-and-replicas.md).
 *
 * Every call that goes to D1 is one round trip: a statement run on its own, or a batch. Reads share a round trip
 * only when the loader says so: `together(start)` runs `start`, and every `batch()` issued while it runs (each
 * service sends its reads as one `db.batch` as soon as it is called) goes to D1 in one batch once `start` returns.
 * Nothing waits for a timer: a batch issued after `start` returned (after an `await`) is sent on its own.
 */

export interface D1Meter {
  /** Calls that went to D1 (a batch is one). */
  roundTrips: number;
  /** Statements sent, in all. */
  statements: number;
  /** Rows D1 reports having read (`meta.rows_read`), where it reports them. */
  rowsRead: number;
  /** Milliseconds spent waiting on D1 (overlapping waits counted once each). */
  waitedMs: number;
}

export const newMeter = (): D1Meter => ({ roundTrips: 0, statements: 0, rowsRead: 0, waitedMs: 0 });

function rowsReadOf(result: unknown) {
  const meta = (result as { meta?: { rows_read?: number } } | null)?.meta;
  return typeof meta?.rows_read === "number" ? meta.rows_read : 0;
}

/** A statement of the request's binding: run on its own, it is one metered round trip. */
class MeteredStatement {
  constructor(
    readonly inner: D1PreparedStatement,
    private readonly d1: RequestD1,
  ) {}

  bind(...values: unknown[]) {
    return new MeteredStatement(this.inner.bind(...values), this.d1);
  }

  first<T = Record<string, unknown>>(column?: string): Promise<T | null> {
    return this.d1.trip(() => this.inner.first<T>(column as string), 1);
  }

  all<T = Record<string, unknown>>(): Promise<D1Result<T>> {
    return this.d1.trip(() => this.inner.all<T>(), 1);
  }

  raw<T = unknown[]>(options?: { columnNames?: boolean }): Promise<T[]> {
    return this.d1.trip(() => this.inner.raw<T>(options as { columnNames: true }) as Promise<T[]>, 1);
  }

  run<T = Record<string, unknown>>(): Promise<D1Result<T>> {
    return this.d1.trip(() => this.inner.run<T>(), 1);
  }
}

const unwrap = (statement: D1PreparedStatement) =>
  statement instanceof MeteredStatement ? statement.inner : statement;

interface Queued {
  statements: D1PreparedStatement[];
  resolve: (results: D1Result[]) => void;
  reject: (error: unknown) => void;
}

export class RequestD1 {
  /** The batches issued while `together` runs; null outside it. */
  private queue: Queued[] | null = null;
  /** Reads that go with the request's next batch (`withNextBatch`). */
  private waiting: Array<() => void> = [];

  constructor(
    private readonly d1: D1Database | D1DatabaseSession,
    readonly meter: D1Meter = newMeter(),
  ) {}

  prepare(sql: string) {
    return new MeteredStatement(this.d1.prepare(sql), this);
  }

  batch<T = unknown>(statements: D1PreparedStatement[]): Promise<D1Result<T>[]> {
    const queue = this.queue;
    if (queue) {
      return new Promise<D1Result[]>((resolve, reject) => queue.push({ statements, resolve, reject })) as Promise<
        D1Result<T>[]
      >;
    }
    if (this.waiting.length > 0) return this.together(() => this.batch<T>(statements));
    return this.trip(() => this.d1.batch<T>(statements.map(unwrap)), statements.length);
  }

  /**
   * Runs `start` and sends every batch issued while it runs, with the reads waiting for the next batch, as one D1
   * batch; returns what `start` returned. Inside another `together`, its batches simply join the outer one.
   */
  together<T>(start: () => T): T {
    if (this.queue) return start();
    const queue: Queued[] = (this.queue = []);
    try {
      for (const read of this.waiting.splice(0)) read();
      return start();
    } finally {
      this.queue = null;
      void this.send(queue);
    }
  }

  /**
   * `start` issues a read (one `db.batch`) that goes with the request's next batch rather than on its own: the check
   * of a remembered session, the header's unread count. `sendWaiting` sends it if nothing else follows.
   */
  withNextBatch(start: () => void) {
    // While a batch is being gathered (`together`), that batch is the next one.
    if (this.queue) start();
    else this.waiting.push(start);
  }

  /** Sends the reads still waiting for a next batch, by themselves. */
  sendWaiting() {
    if (this.waiting.length > 0) this.together(() => undefined);
  }

  /** The session's bookmark after what this request did; null outside a session. */
  bookmark() {
    return "getBookmark" in this.d1 ? this.d1.getBookmark() : null;
  }

  /** One call to D1, metered. */
  async trip<T>(send: () => Promise<T>, statements: number): Promise<T> {
    this.meter.roundTrips += 1;
    this.meter.statements += statements;
    const started = Date.now();
    try {
      const result = await send();
      const results = Array.isArray(result) ? result : [result];
      for (const one of results) this.meter.rowsRead += rowsReadOf(one);
      return result;
    } finally {
      this.meter.waitedMs += Date.now() - started;
    }
  }

  private async send(queue: Queued[]) {
    if (queue.length === 0) return;
    const statements = queue.flatMap((queued) => queued.statements.map(unwrap));
    try {
      const results = await this.trip(() => this.d1.batch(statements), statements.length);
      let at = 0;
      for (const queued of queue) {
        queued.resolve(results.slice(at, at + queued.statements.length));
        at += queued.statements.length;
      }
    } catch (error) {
      for (const queued of queue) queued.reject(error);
    }
  }
}

/**
 * The `Server-Timing` value of a request: `d1;desc="2 round trips, 5 queries, 120 rows read";dur=3,total;dur=12`.
 * Browsers show it in their network panel; the bench reads it (scripts/server-timing.mjs).
 */
export function serverTiming(meter: D1Meter, totalMs: number) {
  const trips = `${meter.roundTrips} round trip${meter.roundTrips === 1 ? "" : "s"}`;
  const queries = `${meter.statements} quer${meter.statements === 1 ? "y" : "ies"}`;
  const rows = `${meter.rowsRead} row${meter.rowsRead === 1 ? "" : "s"} read`;
  return `d1;desc="${trips}, ${queries}, ${rows}";dur=${meter.waitedMs}, total;dur=${totalMs}`;
}
