import { eq } from "drizzle-orm";
import type { Db } from "~/db/client";
import { statementTemplate } from "~/db/template";
import { workspaces, type WorkspaceRow } from "~/db/schema";

export function updateWorkspace(db: Db, id: string, changes: Partial<Omit<WorkspaceRow, "id" | "createdAt">>) {
  return db.update(workspaces).set(changes).where(eq(workspaces.id, id)).returning();
}

/** The workspace's plan version (moved on by triggers with every write the plan reads). Batchable. */
export function planVersionOf(db: Db, workspaceId: string) {
  return planVersionRead(db, { workspaceId });
}

const planVersionRead = statementTemplate(["workspaceId"], (db, p) =>
  db.select({ version: workspaces.planVersion }).from(workspaces).where(eq(workspaces.id, p.workspaceId)),
);
