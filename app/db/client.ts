import {
  createTableRelationsHelpers,
  extractTablesRelationalConfig,
  type ExtractTablesWithRelations,
  type RelationalSchemaConfig,
} from "drizzle-orm";
import { DrizzleD1Database, SQLiteD1Session } from "drizzle-orm/d1";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";
import * as schema from "./schema";

/**
 * The schema's relational config, worked out once per isolate. `drizzle(d1, { schema })` works it out on every
 * call, walking every table and relation, and a database is made per request (each wraps that request's metered
 * binding, app/db/d1-meter.ts): measured, it was a steady share of every request's CPU (docs/benchmarks.md). So
 * `createDb` does what `drizzle()` does (drizzle-orm/d1/driver.js) with the config made here; the dialect keeps no
 * per-request state.
 */
const tablesConfig = extractTablesRelationalConfig(schema, createTableRelationsHelpers);
type Tables = ExtractTablesWithRelations<typeof schema>;
const relationalSchema: RelationalSchemaConfig<Tables> = {
  fullSchema: schema,
  schema: tablesConfig.tables as Tables,
  tableNamesMap: tablesConfig.tableNamesMap,
};
const dialect = new SQLiteAsyncDialect();

export function createDb(d1: D1Database) {
  const session = new SQLiteD1Session<typeof schema, Tables>(d1, dialect, relationalSchema, {});
  const db = new DrizzleD1Database<typeof schema>("async", dialect, session, relationalSchema) as DrizzleD1Database<
    typeof schema
  > & { $client: D1Database };
  db.$client = d1;
  return db;
}

export type Db = ReturnType<typeof createDb>;
