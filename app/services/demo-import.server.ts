import type { BatchItem } from "drizzle-orm/batch";
import { categories, statuses } from "~/db/schema";
import { notFound } from "~/domain/errors";
import { isDefaultStatus } from "~/domain/tasks";
import { hasFeature, taskLimitReached } from "~/domain/tiers";
import * as identityModel from "~/models/identity";
import { listNames, listRows } from "~/models/lists";
import { listMembers } from "~/models/teams";
import type { Actor, ActorCtx } from "./context.server";

/**
 * Bringing a demo workspace's tasks into an identity account (offered when an identity sign-in ends a demo
 * session, see identity.server.ts). Only the account's owner session sees and acts on its offer.
 */

function offerOwner(actor: Actor) {
  return actor.user.authType === "oidc" && actor.role === "owner" ? actor.user.id : null;
}

/** The pending offer: the demo workspace's name and how many tasks it would bring; null when there is none. */
export async function getImportOffer(ctx: ActorCtx) {
  const { db } = ctx;
  const userId = offerOwner(ctx.actor);
  if (!userId) return null;
  const found = await identityModel.findImportOffer(db, userId, ctx.now.toISOString());
  if (!found) return null;
  const counts = await identityModel.countTasks(db, found.workspace.id);
  if (!counts || counts.total === 0) return null;
  return { workspaceName: found.workspace.name, taskCount: counts.total, completedCount: counts.completed };
}

/**
 * Moves the demo workspace's tasks, their dependencies, and the categories and statuses they use into the
 * signed-in account's workspace, in one D1 batch (all or nothing). The target workspace's plan holds: tasks move
 * while it has room (open ones first; `notMoved` says how many stayed behind, and the offer stays open for them),
 * and custom statuses come along only on a plan with custom workflows (tasks in one become 'pending'). A
 * workspace without an event of its own takes the demo's event name, date and timezone, so due dates keep their
 * meaning.
 */
export async function importDemoTasks(ctx: ActorCtx) {
  const { db, now, actor } = ctx;
  const userId = offerOwner(actor);
  const found = userId ? await identityModel.findImportOffer(db, userId, now.toISOString()) : undefined;
  if (!userId || !found) throw notFound("There is nothing to import");
  // The demo workspace became a team's since the offer: its tasks are not one person's to move any more.
  if ((await listMembers(db, found.workspace.id)).length > 1) throw notFound("There is nothing to import");
  const from = found.workspace;
  const to = actor.workspace.id;
  const nowIso = now.toISOString();
  const [counts, targetCounts, categoryRows, statusRows] = await db.batch([
    identityModel.countTasksQuery(db, from.id),
    identityModel.countTasksQuery(db, to),
    listNames(db, from.id, "categories"),
    listNames(db, from.id, "statuses"),
  ]);
  const total = counts[0]?.total ?? 0;
  const { taskLimit } = actor.plan.entitlements;
  if (total > 0 && taskLimit !== null && (targetCounts[0]?.total ?? 0) >= taskLimit)
    throw taskLimitReached(actor.plan.tier);
  // Appended after the account's own entries, as a newly added name is (see models/lists.ts).
  const append = (table: typeof categories | typeof statuses, names: string[]) =>
    names.length
      ? [
          db
            .insert(table)
            .values(listRows(to, names, nowIso, now.getTime()))
            .onConflictDoNothing(),
        ]
      : [];
  const statusNames = statusRows
    .map((r) => r.name)
    .filter((name) => isDefaultStatus(name) || hasFeature(actor.plan.tier, "customStatuses"));
  const before: BatchItem<"sqlite">[] = [
    ...(actor.workspace.eventDate === null && targetCounts[0]?.total === 0
      ? [identityModel.adoptEventStatement(db, to, from)]
      : []),
    ...append(
      categories,
      categoryRows.map((r) => r.name),
    ),
    ...append(statuses, statusNames),
  ];
  const statements: BatchItem<"sqlite">[] = [
    ...before,
    ...identityModel.moveTasksStatements(db, from.id, to, nowIso, taskLimit),
    // Tasks the plan had no room for stay in the demo workspace, and the offer with them, for after an upgrade.
    identityModel.closeImportOfferIfEmpty(db, userId, from.id),
  ];
  const results = await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  const moved = (results[before.length] as unknown[]).length;
  return { moved, notMoved: total - moved };
}

/** "Start fresh": the offer goes away; the demo workspace is left as it was. */
export async function declineImport(ctx: ActorCtx) {
  const userId = offerOwner(ctx.actor);
  if (userId) await identityModel.deleteImportOffer(ctx.db, userId);
}
