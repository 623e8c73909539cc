import type { Db } from "~/db/client";
import { badRequest, conflict, notFound } from "~/domain/errors";
import { isDefaultStatus } from "~/domain/tasks";
import { assertFeature, type WorkspacePlan } from "~/domain/tiers";
import { deleteName, insertName, listNames, type ListKind } from "~/models/lists";

const messages = {
  categories: {
    exists: { title: "Category Already Exists", message: "This category already exists in your list." },
    missing: "Category not found",
  },
  statuses: {
    exists: { title: "Status Already Exists", message: "This status already exists in your list." },
    missing: "Status not found",
  },
} as const;

export async function getNames(db: Db, workspaceId: string, kind: ListKind) {
  return (await listNames(db, workspaceId, kind)).map((r) => r.name);
}

/**
 * Adds a category or status; names are trimmed and compared case-insensitively. Statuses beyond the defaults
 * are custom workflows, a premium feature (403 below it); removing one stays open to every plan.
 */
export async function addName(
  db: Db,
  workspaceId: string,
  kind: ListKind,
  name: string,
  plan: WorkspacePlan,
  now: Date,
) {
  if (kind === "statuses") assertFeature(plan.tier, "customStatuses");
  const added = await insertName(db, workspaceId, kind, name.trim(), now.toISOString());
  if (!added) throw conflict(messages[kind].exists.message, { title: messages[kind].exists.title });
  return name.trim();
}

/** Removes a name; the four default statuses stay, because every workflow needs them. Tasks keep their value. */
export async function removeName(db: Db, workspaceId: string, kind: ListKind, name: string) {
  if (kind === "statuses" && isDefaultStatus(name)) {
    throw badRequest(`"${name.trim()}" is a default status and cannot be deleted`);
  }
  const deleted = await deleteName(db, workspaceId, kind, name);
  if (deleted.length === 0) throw notFound(messages[kind].missing);
}
