import { badRequest, conflict, notFound } from "~/domain/errors";
import { isDefaultStatus } from "~/domain/tasks";
import { assertFeature } from "~/domain/tiers";
import { deleteName, insertName, listNames, type ListKind } from "~/models/lists";
import type { ActorCtx } from "./context.server";

/** Which of a workspace's name lists: its categories or its statuses. */
export type { ListKind };

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

export async function getNames(ctx: ActorCtx, kind: ListKind) {
  const [rows] = await ctx.db.batch([listNames(ctx.db, ctx.actor.workspace.id, kind)]);
  return rows.map((r) => r.name);
}

/**
 * Adds a category or status; names are trimmed and compared case-insensitively. Statuses beyond the defaults
 * are custom workflows, a premium feature (forbidden below it); removing one stays open to every plan.
 */
export async function addName(ctx: ActorCtx, input: { kind: ListKind; name: string }) {
  const { kind } = input;
  const name = input.name.trim();
  if (kind === "statuses") assertFeature(ctx.actor.plan.tier, "customStatuses");
  const added = await insertName(ctx.db, ctx.actor.workspace.id, kind, name, ctx.now);
  if (!added) throw conflict(messages[kind].exists.message, { title: messages[kind].exists.title });
  return name;
}

/** Removes a name; the four default statuses stay, because every workflow needs them. Tasks keep their value. */
export async function removeName(ctx: ActorCtx, input: { kind: ListKind; name: string }) {
  const { kind, name } = input;
  if (kind === "statuses" && isDefaultStatus(name)) {
    throw badRequest(`"${name.trim()}" is a default status and cannot be deleted`);
  }
  const deleted = await deleteName(ctx.db, ctx.actor.workspace.id, kind, name);
  if (deleted.length === 0) throw notFound(messages[kind].missing);
}
