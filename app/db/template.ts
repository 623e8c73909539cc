import { Column, fillPlaceholders, is, SQL, sql, type Placeholder } from "drizzle-orm";
import type { SQLitePreparedQuery } from "drizzle-orm/sqlite-core";
import { BoundedCache } from "../lib/bounded-cache";
import { createDb, type Db } from "./client";
import { resultColumns, selectList } from "./d1-meter";

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
  const packed = packedRows(template, fields);
  if (packed) {
    const { values: rawValues } = template;
    return Object.assign(template, {
      /** The rows as arrays of the columns in order, as drizzle's `all` and `get` read them. */
      async values(placeholderValues?: Record<string, unknown>) {
        const rows = (await rawValues.call(this, placeholderValues)) as unknown[][];
        return rows.map((row) => packed.unpack(row, []));
      },
      mapAllResult(rows: unknown[][] | { results: Array<Record<string, unknown>> }, isFromBatch?: boolean) {
        return isFromBatch
          ? (rows as { results: Array<Record<string, unknown>> }).results.map((row) =>
              mapRow(packed.unpackObject(row, values)),
            )
          : (rows as unknown[][]).map(mapRow);
      },
    });
  }
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

/** Templates with fewer columns than this keep a column per value (see `packedRows`). */
const PACK_MIN_COLUMNS = 8;

/** The column that holds a packed row's values. */
const PACKED = "packed_row";

/**
 * A wide select's text and integer columns sent back as one JSON array per row (`json_array(…)`), the rest (real
 * numbers, whose JSON SQLite writes with 15 digits, and blobs) as columns of their own.
 *
 * D1's batch answers each row as an object built from one `[name, value]` pair per column; for a page of 100 tasks
 * of 22 columns that was some 2,000 small arrays and 100 objects of 22 properties per request, made and dropped.
 * Packed, a row is an object of one or two properties and one `JSON.parse`, and a list of 100 tasks cost the Worker
 * a third of a millisecond less in a standalone Worker (docs/decisions/028-cpu-per-request.md, "Fifth round").
 * Values read back as they were: a column read from a table carries no JSON subtype, so text stays text (JSON text
 * included, which the column's decoder parses as before), and integers are numbers either way.
 *
 * Only for selects of plain columns, each written as a quoted name, and aliased expressions (`… as "name"`, kept
 * apart: their type is not known); the template's SQL is rewritten once.
 */
function packedRows(template: PreparedQuery, fields: SelectedField[]) {
  const { executeMethod } = template as unknown as { executeMethod: string };
  if (fields.length < PACK_MIN_COLUMNS || executeMethod !== "all") return null;
  const query = template.getQuery() as { sql: string; params: unknown[] };
  const list = selectList(query.sql);
  if (!list || list.items.length !== fields.length) return null;
  const inJson: number[] = [];
  const apart: number[] = [];
  for (let i = 0; i < fields.length; i++) {
    const { path, field } = fields[i];
    if (path.length !== 1) return null;
    if (is(field, SQL.Aliased) && ALIASED_ITEM.test(list.items[i].trim())) apart.push(i);
    else if (is(field, Column) && QUOTED_NAME.test(list.items[i].trim())) {
      (PACKABLE.has(field.getSQLType()) ? inJson : apart).push(i);
    } else return null;
  }
  const items = [
    `json_array(${inJson.map((i) => list.items[i].trim()).join(", ")}) as "${PACKED}"`,
    ...apart.map((i) => list.items[i].trim()),
  ];
  const text = `${query.sql.slice(0, list.start)}${items.join(", ")}${query.sql.slice(list.end)}`;
  const names = resultColumns(text);
  if (!names) return null;
  (template as unknown as { query: typeof query }).query = { ...query, sql: text };
  const fill = (into: unknown[], packedValues: unknown[]) => {
    for (let j = 0; j < inJson.length; j++) into[inJson[j]] = packedValues[j];
    return into;
  };
  return {
    /** A row answered as an array (`raw()`): the JSON, then the other columns in order. */
    unpack(row: unknown[], into: unknown[]) {
      fill(into, JSON.parse(row[0] as string) as unknown[]);
      for (let k = 0; k < apart.length; k++) into[apart[k]] = row[k + 1];
      return into;
    },
    /** A row answered as an object (a batch): the JSON, then the other columns by name. */
    unpackObject(row: Record<string, unknown>, into: unknown[]) {
      fill(into, JSON.parse(row[PACKED] as string) as unknown[]);
      for (let k = 0; k < apart.length; k++) into[apart[k]] = row[names[k + 1]];
      return into;
    },
  };
}

/** SQL types whose values JSON carries exactly: text, and integers (as SQLite stores them, 64-bit). */
const PACKABLE = new Set(["text", "integer"]);

/** A column as drizzle writes it in a select list: `"name"` or `"table"."name"`. Linear. */
const QUOTED_NAME = /^"[^"]*"(?:\."[^"]*")?$/;

/** An aliased expression as drizzle writes it in a select list: `… as "name"`. Linear: anchored at the end. */
const ALIASED_ITEM = /\sas\s+"[^"]*"$/i;

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
