import { Column, fillPlaceholders, is, SQL, sql, type Placeholder } from "drizzle-orm";
import type { SQLitePreparedQuery } from "drizzle-orm/sqlite-core";
import { BoundedCache } from "../lib/bounded-cache";
import { createDb, type Db } from "./client";

/**
 * A statement whose SQL is built once per isolate, for the reads every request makes (the session, the counts, the
 * lists beside every page).
 *
 * drizzle builds a statement's SQL from its query tree each time it runs: walking the tree, checking every piece's
 * kind, escaping every name. Measured in the Worker, that was a quarter to a third of an API read's CPU
 * (docs/benchmarks.md). A template is built the first time with `sql.placeholder`s where the values go, against a
 * database that only prepares; each use then takes that prepared query, binds it to the request's database (so it
 * is metered and batched like any other read, app/db/d1-meter.ts) and fills the placeholders. The result is what
 * the builder would answer: it can be awaited, run with `all`/`get`/`values`/`run`, or put in `db.batch`.
 *
 * The values go to D1 as given (a placeholder skips the column's encoder): pass what the column stores (text ids,
 * ISO dates), not objects a custom column type would have encoded. A statement whose shape varies (optional
 * filters, lists of ids) stays a builder.
 */
export function statementTemplate<const Names extends string, Query extends Preparable>(
  names: readonly Names[],
  build: (db: Db, values: Record<Names, Placeholder>) => Query,
): (db: Db, values: Record<Names, Value>) => Bound<Query> {
  let template: PreparedQuery | undefined;
  return (db, values) => {
    template ??= withPlainRows(build(templateDb, placeholders(names)).prepare());
    return bind(template, db, values) as unknown as Bound<Query>;
  };
}

/**
 * Statements whose shape varies with a few arguments (a list's filters, sort and grouping): one template per shape,
 * each built the first time that shape runs. `values` names the placeholders the statement takes (a filter that is
 * not set has no value, so no placeholder); `keyOf` must tell apart every other argument `build` reads, since
 * statements with the same key and names share one template. At most `maxShapes` are kept, the oldest dropped first.
 */
export function statementTemplates<Args extends unknown[], Query extends Preparable>(
  keyOf: (...args: Args) => string,
  build: (db: Db, values: Record<string, Placeholder>, ...args: Args) => Query,
  maxShapes = 200,
): (db: Db, values: Record<string, Value>, ...args: Args) => Bound<Query> {
  const templates = new BoundedCache<PreparedQuery>(maxShapes);
  return (db, values, ...args) => {
    const names = Object.keys(values);
    const key = `${names.join(",")}|${keyOf(...args)}`;
    let template = templates.get(key);
    if (!template) {
      template = withPlainRows(build(templateDb, placeholders(names), ...args).prepare());
      templates.set(key, template);
    }
    return bind(template, db, values) as unknown as Bound<Query>;
  };
}

/** A value a placeholder takes: what the column stores. */
export type Value = string | number | null;

/** What a query builder offers once bound: running it, not building on it. */
export type Bound<Query> = Pick<
  Query,
  Extract<keyof Query, "_" | "then" | "catch" | "finally" | "all" | "get" | "values" | "run" | "execute">
>;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any query's result type
type PreparedQuery = SQLitePreparedQuery<any>;

interface Preparable {
  prepare(): PreparedQuery;
}

/** The templates' database: it prepares nothing (each use prepares its SQL on the request's binding). */
const templateDb = createDb({ prepare: () => null } as unknown as D1Database);

function placeholders<Names extends string>(names: readonly Names[]) {
  return Object.fromEntries(names.map((name) => [name, sql.placeholder(name)])) as unknown as Record<
    Names,
    Placeholder
  >;
}

interface SelectedField {
  path: string[];
  field: unknown;
}

/**
 * A template whose rows drizzle would map without looking at them (columns at the top level, SQL expressions at
 * most one object deep) maps its rows with a mapper made once: each value's path and decoder in order, written
 * straight into the row. drizzle's own mapping (`mapResultRow`) works out each field's kind and walks its path for
 * every value of every row, which was a tenth of a 100-task page's CPU. A column inside a nested object stays with
 * drizzle, which turns the object into null when a left join found nothing. For the shapes taken here the two give
 * the same rows (tests/worker/statement-template.test.ts compares them).
 */
function withPlainRows(template: PreparedQuery) {
  const { fields, customResultMapper } = template as unknown as {
    fields?: SelectedField[];
    customResultMapper?: unknown;
  };
  if (!fields || customResultMapper) return template;
  const decoders: Decoder[] = [];
  for (const { path, field } of fields) {
    const decoder = is(field, Column)
      ? path.length === 1 && field
      : is(field, SQL)
        ? path.length <= 2 && decoderOf(field)
        : is(field, SQL.Aliased)
          ? path.length <= 2 && decoderOf(field.sql)
          : false;
    if (!decoder) return template;
    decoders.push(decoder);
  }
  const paths = fields.map((f) => f.path);
  const mapRow = (row: unknown[]) => {
    const out: Record<string, unknown> = {};
    for (let i = 0; i < paths.length; i++) {
      const raw = row[i];
      const value = raw === null ? null : decoders[i].mapFromDriverValue(raw);
      const path = paths[i];
      if (path.length === 1) out[path[0]] = value;
      else ((out[path[0]] ??= {}) as Record<string, unknown>)[path[1]] = value;
    }
    return out;
  };
  // A batch's row is an object whose keys are the columns in order: its values go through one reused array rather
  // than a new one per row (`mapRow` keeps nothing of it).
  const values: unknown[] = [];
  const mapObjectRow = (row: Record<string, unknown>) => {
    let i = 0;
    for (const key in row) values[i++] = row[key];
    return mapRow(values);
  };
  return Object.assign(template, {
    /** drizzle's signature: raw rows as arrays, or a batch's result whose rows are objects in column order. */
    mapAllResult(rows: unknown[][] | { results: Array<Record<string, unknown>> }, isFromBatch?: boolean) {
      return isFromBatch
        ? (rows as { results: Array<Record<string, unknown>> }).results.map(mapObjectRow)
        : (rows as unknown[][]).map(mapRow);
    },
  });
}

interface Decoder {
  mapFromDriverValue(value: unknown): unknown;
}

/** The decoder an expression was given (`mapWith`), or drizzle's pass-through: what `mapResultRow` reads. */
const decoderOf = (expression: SQL) => (expression as unknown as { decoder: Decoder }).decoder;

/** The template as a prepared query of the request's database, its values filled in. */
function bind(template: PreparedQuery, db: Db, values: Record<string, unknown>) {
  const { sql: text, params } = template.getQuery();
  const prepared: PreparedQuery = Object.assign(Object.create(Object.getPrototypeOf(template)), template, {
    stmt: db.$client.prepare(text),
    query: { sql: text, params: fillPlaceholders(params, values) },
  });
  return new BoundQuery(prepared);
}

/** A bound template, run the way drizzle runs its builders (`db.batch` calls `_prepare`). */
class BoundQuery {
  constructor(private readonly prepared: PreparedQuery) {}

  _prepare() {
    return this.prepared;
  }

  all() {
    return this.prepared.all();
  }

  get() {
    return this.prepared.get();
  }

  values() {
    return this.prepared.values();
  }

  run() {
    return this.prepared.run();
  }

  execute() {
    return this.prepared.execute();
  }

  then<A = unknown, B = never>(
    onFulfilled?: ((value: unknown) => A | PromiseLike<A>) | null,
    onRejected?: ((reason: unknown) => B | PromiseLike<B>) | null,
  ) {
    return Promise.resolve(this.execute()).then(onFulfilled, onRejected);
  }

  catch<B = never>(onRejected?: ((reason: unknown) => B | PromiseLike<B>) | null) {
    return this.then(undefined, onRejected);
  }

  finally(onFinally?: (() => void) | null) {
    return Promise.resolve(this.execute()).finally(onFinally);
  }
}
