import { and, asc, eq } from "drizzle-orm";
import type { Db } from "~/db/client";
import { categories, statuses } from "~/db/schema";
import { listNameKey } from "~/domain/tasks";
import { insertIf } from "./insert-if";
import { taskExists } from "./tasks";

export type ListKind = "categories" | "statuses";
const tables = { categories, statuses } as const;

export function listNames(db: Db, workspaceId: string, kind: ListKind) {
  const table = tables[kind];
  return db
    .select({ name: table.name })
    .from(table)
    .where(eq(table.workspaceId, workspaceId))
    .orderBy(asc(table.position), asc(table.createdAt));
}

export function findName(db: Db, workspaceId: string, kind: ListKind, name: string) {
  const table = tables[kind];
  return db
    .select({ name: table.name })
    .from(table)
    .where(and(eq(table.workspaceId, workspaceId), eq(table.nameKey, listNameKey(name))))
    .get();
}

export function listRows(workspaceId: string, names: readonly string[], now: string, startAt = 0) {
  return names.map((name, i) => ({
    workspaceId,
    name,
    nameKey: listNameKey(name),
    position: startAt + i,
    createdAt: now,
  }));
}

/**
 * Inserts a name unless it is already there (case-insensitively); returns whether it was added. A new name goes
 * after every earlier one: its position is the time it was added at (`now`, the caller's clock).
 */
export async function insertName(db: Db, workspaceId: string, kind: ListKind, name: string, now: Date) {
  const table = tables[kind];
  const rows = await db
    .insert(table)
    .values(listRows(workspaceId, [name], now.toISOString(), now.getTime()))
    .onConflictDoNothing()
    .returning({ name: table.name });
  return rows.length > 0;
}

/** Adds a name unless it is there; with `withTask`, only if that task exists (it may have been held back). */
export function insertNameStatement(db: Db, workspaceId: string, kind: ListKind, name: string, now: Date, withTask?: string) {
  const table = tables[kind];
  const [row] = listRows(workspaceId, [name], now.toISOString(), now.getTime());
  if (withTask) return insertIf(db, table, row, taskExists(withTask)).onConflictDoNothing();
  return db.insert(table).values(row).onConflictDoNothing();
}

export function deleteName(db: Db, workspaceId: string, kind: ListKind, name: string) {
  const table = tables[kind];
  return db
    .delete(table)
    .where(and(eq(table.workspaceId, workspaceId), eq(table.nameKey, listNameKey(name))))
    .returning({ name: table.name });
}
