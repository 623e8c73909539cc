import { eq } from "drizzle-orm";
import type { Db } from "~/db/client";
import { workspaces, type WorkspaceRow } from "~/db/schema";

export function updateWorkspace(db: Db, id: string, changes: Partial<Omit<WorkspaceRow, "id" | "createdAt">>) {
  return db.update(workspaces).set(changes).where(eq(workspaces.id, id)).returning();
}

/** The workspace's plan version (moved on by triggers with every write the plan reads). Batchable. */
export function planVersionOf(db: Db, workspaceId: string) {
  return db.select({ version: workspaces.planVersion }).from(workspaces).where(eq(workspaces.id, workspaceId));
}
