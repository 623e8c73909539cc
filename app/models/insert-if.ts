import { getTableColumns, sql, type SQL } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Db } from "~/db/client";

/**
 * `INSERT INTO table (…) SELECT …values WHERE condition [tail]`: one statement that inserts the row only while
 * `condition` holds when it runs, so a check and its write cannot be separated by a concurrent request. Values
 * go through each column's own mapping (booleans, JSON) like any drizzle insert; `tail` adds `RETURNING` or
 * `ON CONFLICT` clauses. Returns the rows `RETURNING` names (none without it). Batchable.
 */
export function insertIf<T extends SQLiteTable>(
  db: Db,
  table: T,
  row: Partial<T["$inferInsert"]>,
  condition: SQL,
  tail: SQL = sql``,
) {
  const columns = getTableColumns(table);
  const values = row as Record<string, unknown>;
  const keys = Object.keys(values).filter((key) => key in columns && values[key] !== undefined);
  const names = sql.join(keys.map((key) => sql.identifier(columns[key].name)), sql`, `);
  const params = sql.join(keys.map((key) => sql.param(values[key], columns[key])), sql`, `);
  return db.all<Record<string, unknown>>(sql`INSERT INTO ${table} (${names}) SELECT ${params} WHERE ${condition} ${tail}`);
}
