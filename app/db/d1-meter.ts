/**
 * A D1 binding that counts what a request costs and batches its reads.
 *
 * Every call that goes to D1 is one round trip: a statement run on its own, or a batch. The meter counts them
 * with the statements sent, the rows D1 says it read, and the time spent waiting, for the `Server-Timing` header
 * (workers/app.ts) and the bench.
 *
 * Reads issued in the same turn of the event loop go together: a `batch` of read-only statements and a read
 * statement's `all()` or `first()` wait until the current turn's microtasks have run (a zero-delay timer), then
 * everything queued meanwhile is sent as one D1 batch. So a loader that starts several independent reads at once
 * (`Promise.all` of services that each batch their own queries), and the session check of a cached sign-in
 * (app/services/auth.server.ts), share one round trip. Writes are never held or merged: a batch of writes is its
 * own transaction, sent at once, as before. `raw()` (what drizzle uses for a single select) joins the batch only
 * when its columns' names are all different (`resultColumns`), because a batch answers with rows keyed by column
 * name and a join's two `id`s would merge; such a statement is sent on its own.
 */
import { BoundedCache } from "../lib/bounded-cache";

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

/** A statement that only reads: it may wait for others and go in their batch. Linear: an anchored prefix. */
const READ_ONLY = /^\s*(?:select|with)\s/i;

export const isReadOnly = (sql: string) => READ_ONLY.test(sql) && !/\b(?:insert|update|delete|replace)\b/i.test(sql);

interface StatementShape {
  readOnly: boolean;
  /** `resultColumns` of a read-only statement. */
  columns: string[] | null;
}

/**
 * What the meter reads off a statement's text, kept per text: the same few dozen statements run on every request
 * (app/db/template.ts builds the hot ones once), and reading a wide select's text char by char on each call was a
 * visible share of an API read's CPU. Bounded, since a text could carry a literal.
 */
const shapes = new BoundedCache<StatementShape>(1000);

function shapeOf(sql: string) {
  let shape = shapes.get(sql);
  if (!shape) {
    const readOnly = isReadOnly(sql);
    shape = { readOnly, columns: readOnly ? resultColumns(sql) : null };
    shapes.set(sql, shape);
  }
  return shape;
}

interface Pending {
  statements: D1PreparedStatement[];
  resolve: (results: D1Result[]) => void;
  reject: (error: unknown) => void;
}

function rowsReadOf(result: unknown) {
  const meta = (result as { meta?: { rows_read?: number } } | null)?.meta;
  return typeof meta?.rows_read === "number" ? meta.rows_read : 0;
}

class MeteredStatement {
  constructor(
    readonly inner: D1PreparedStatement,
    readonly sql: string,
    private readonly d1: MeteredD1,
    readonly shape = shapeOf(sql),
  ) {}

  bind(...values: unknown[]) {
    return new MeteredStatement(this.inner.bind(...values), this.sql, this.d1, this.shape);
  }

  async first<T = Record<string, unknown>>(column?: string): Promise<T | null> {
    if (!this.shape.readOnly) return this.d1.trip(() => this.inner.first<T>(column as string), 1);
    const [result] = await this.d1.enqueue([this.inner]);
    const row = (result.results[0] ?? null) as Record<string, unknown> | null;
    if (row === null) return null;
    return (column === undefined ? row : (row[column] ?? null)) as T;
  }

  all<T = Record<string, unknown>>(): Promise<D1Result<T>> {
    if (!this.shape.readOnly) return this.d1.trip(() => this.inner.all<T>(), 1);
    return this.d1.enqueue([this.inner]).then(([result]) => result as D1Result<T>);
  }

  async raw<T = unknown[]>(options?: { columnNames?: boolean }): Promise<T[]> {
    const names = options?.columnNames ? null : this.shape.columns;
    if (!names) return this.d1.trip(() => this.inner.raw<T>(options as { columnNames: true }) as Promise<T[]>, 1);
    // In a batch rows come back as objects: read each column by its name, in the select list's order.
    const [result] = await this.d1.enqueue([this.inner]);
    const rows = result.results as Array<Record<string, unknown>>;
    if (rows.some((row) => Object.keys(row).length !== names.length || names.some((name) => !(name in row)))) {
      // The select list was not what it seemed: ask again on its own rather than guess.
      return this.d1.trip(() => this.inner.raw<T>() as Promise<T[]>, 1);
    }
    return rows.map((row) => names.map((name) => row[name])) as T[];
  }

  run<T = Record<string, unknown>>(): Promise<D1Result<T>> {
    return this.d1.trip(() => this.inner.run<T>(), 1);
  }
}

/**
 * The names SQLite gives the columns of a plain `select … from …` (a quoted column's own name, an alias, or an
 * expression's text), when they are all different; null when they are not, or the statement is not one this
 * reads with confidence.
 */
export function resultColumns(sql: string): string[] | null {
  const list = selectList(sql);
  if (!list) return null;
  const names = list.items.map(columnName);
  if (names.some((name) => name === null) || new Set(names).size !== names.length) return null;
  return names as string[];
}

/**
 * The items of a plain `select … from …`'s select list as written, and where the list starts and ends in `sql`;
 * null when the statement is not one this reads with confidence. One pass over the text, tracking quotes and
 * parentheses (no backtracking).
 */
export function selectList(sql: string): { items: string[]; start: number; end: number } | null {
  const head = /^\s*select\s+(?:distinct\s+)?/i.exec(sql);
  if (!head) return null;
  const items: string[] = [];
  let depth = 0;
  let quote: string | null = null;
  let start = head[0].length;
  let end = -1;
  for (let i = start; i < sql.length && end === -1; i++) {
    const c = sql[i];
    if (quote) {
      if (c === quote) quote = null;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === "(") depth++;
    else if (c === ")") depth--;
    else if (depth === 0 && c === ",") {
      items.push(sql.slice(start, i));
      start = i + 1;
    } else if (depth === 0 && (c === " " || c === "\n") && sql.slice(i + 1, i + 6).toLowerCase() === "from ") end = i;
  }
  if (end === -1 || quote || depth !== 0) return null;
  items.push(sql.slice(start, end));
  return { items, start: head[0].length, end };
}

const QUOTED = /^"([^"]*)"$/;
const QUALIFIED = /^"[^"]*"\."([^"]*)"$/;
const ALIASED = /\sas\s+"([^"]*)"$/i;

function columnName(item: string) {
  const text = item.trim();
  if (!text || text === "*" || text.endsWith(".*")) return null;
  const match = QUOTED.exec(text) ?? QUALIFIED.exec(text) ?? ALIASED.exec(text);
  return match ? match[1] : text;
}

const unwrap = (statement: D1PreparedStatement) =>
  statement instanceof MeteredStatement ? statement.inner : statement;

const isReadStatement = (statement: D1PreparedStatement) =>
  statement instanceof MeteredStatement && statement.shape.readOnly;

class MeteredD1 {
  private queue: Pending[] = [];
  private scheduled = false;

  constructor(
    private readonly inner: D1Database,
    readonly meter: D1Meter,
  ) {}

  prepare(sql: string) {
    return new MeteredStatement(this.inner.prepare(sql), sql, this);
  }

  batch<T = unknown>(statements: D1PreparedStatement[]): Promise<D1Result<T>[]> {
    const inner = statements.map(unwrap);
    if (statements.length > 0 && statements.every(isReadStatement)) {
      return this.enqueue(inner) as Promise<D1Result<T>[]>;
    }
    return this.trip(() => this.inner.batch<T>(inner), inner.length);
  }

  exec(sql: string) {
    return this.trip(() => this.inner.exec(sql), 1);
  }

  dump() {
    return this.inner.dump();
  }

  withSession(...args: Parameters<D1Database["withSession"]>) {
    return this.inner.withSession(...args);
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

  /** Queues read statements for this turn's batch; resolves with their results, in order. */
  enqueue(statements: D1PreparedStatement[]) {
    return new Promise<D1Result[]>((resolve, reject) => {
      this.queue.push({ statements, resolve, reject });
      if (this.scheduled) return;
      this.scheduled = true;
      setTimeout(() => void this.flush(), 0);
    });
  }

  private async flush() {
    const pending = this.queue;
    this.queue = [];
    this.scheduled = false;
    const statements = pending.flatMap((p) => p.statements);
    try {
      const results = await this.trip(() => this.inner.batch(statements), statements.length);
      let at = 0;
      for (const p of pending) {
        p.resolve(results.slice(at, at + p.statements.length));
        at += p.statements.length;
      }
    } catch (error) {
      for (const p of pending) p.reject(error);
    }
  }
}

/** `d1` metered into `meter`, with same-turn reads batched (see above). */
export function meteredD1(d1: D1Database, meter: D1Meter): D1Database {
  return new MeteredD1(d1, meter) as unknown as D1Database;
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
