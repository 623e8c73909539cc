import { getTableColumns, is, SQL, sql } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Db } from "~/db/client";

/**
 * `INSERT INTO table (…every column) SELECT …values WHERE condition`: one statement that inserts the row only
 * while `condition` holds when it runs, so a check and its write cannot be separated by a concurrent request.
 * Values go through each column's own mapping (booleans, JSON) and missing ones take the column's default, as in
 * any drizzle insert; a value given as SQL (a subquery) is computed by the statement itself. Returns the insert
 * builder, so callers add `.returning()` or `.onConflictDoNothing()` (SQLite reads that `ON CONFLICT` right
 * because the SELECT has a WHERE). Batchable.
 */
export function insertIf<T extends SQLiteTable>(
  db: Db,
  table: T,
  row: { [K in keyof T["$inferInsert"]]: T["$inferInsert"][K] | SQL },
  condition: SQL,
) {
  const values = row as Record<string, unknown>;
  // Drizzle lists every column, in the table's order, for an insert from a select; the values must match it.
  const columns = Object.entries(getTableColumns(table)).map(([key, column]) => {
    const value = values[key];
    if (is(value, SQL)) return value;
    if (value !== undefined) return sql.param(value, column);
    if (column.default !== undefined) return is(column.default, SQL) ? column.default : sql.param(column.default, column);
    return sql`null`;
  });
  return db.insert(table).select(sql`SELECT ${sql.join(columns, sql`, `)} WHERE ${condition}`);
}
