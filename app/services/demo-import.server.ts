import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "~/db/client";
import { categories, statuses } from "~/db/schema";
import { notFound } from "~/domain/errors";
import * as identityModel from "~/models/identity";
import { listNames, listRows } from "~/models/lists";
import { listMembers } from "~/models/teams";
import type { Auth } from "./auth.server";

/**
 * Bringing a demo workspace's tasks into an identity account (offered when an identity sign-in ends a demo
 * session, see identity.server.ts). Only the account's owner session sees and acts on its offer.
 */

function offerOwner(auth: Auth) {
  return auth.user.authType === "oidc" && auth.role === "owner" ? auth.user.id : null;
}

/** The pending offer: the demo workspace's name and how many tasks it would bring; null when there is none. */
export async function getImportOffer(db: Db, auth: Auth, now = new Date()) {
  const userId = offerOwner(auth);
  if (!userId) return null;
  const found = await identityModel.findImportOffer(db, userId, now.toISOString());
  if (!found) return null;
  const counts = await identityModel.countTasks(db, found.workspace.id);
  if (!counts || counts.total === 0) return null;
  return { workspaceName: found.workspace.name, taskCount: counts.total, completedCount: counts.completed };
}

/**
 * Moves the demo workspace's tasks, their dependencies, and the categories and statuses they use into the
 * signed-in account's workspace, in one D1 batch (all or nothing), and closes the offer. A workspace
 * without an event of its own takes the demo's event name, date and timezone, so due dates keep their
 * meaning. Returns how many tasks moved.
 */
export async function importDemoTasks(db: Db, auth: Auth, now = new Date()) {
  const userId = offerOwner(auth);
  const found = userId ? await identityModel.findImportOffer(db, userId, now.toISOString()) : undefined;
  if (!userId || !found) throw notFound("There is nothing to import");
  // The demo workspace became a team's since the offer: its tasks are not one person's to move any more.
  if ((await listMembers(db, found.workspace.id)).length > 1) throw notFound("There is nothing to import");
  const from = found.workspace;
  const to = auth.workspace.id;
  const nowIso = now.toISOString();
  const [counts, categoryRows, statusRows] = await db.batch([
    identityModel.countTasksQuery(db, from.id),
    listNames(db, from.id, "categories"),
    listNames(db, from.id, "statuses"),
  ]);
  // Appended after the account's own entries, as a newly added name is (see models/lists.ts).
  const append = (table: typeof categories | typeof statuses, rows: { name: string }[]) =>
    rows.length
      ? [
          db
            .insert(table)
            .values(
              listRows(
                to,
                rows.map((r) => r.name),
                nowIso,
                now.getTime(),
              ),
            )
            .onConflictDoNothing(),
        ]
      : [];
  const statements: BatchItem<"sqlite">[] = [
    ...(auth.workspace.eventDate === null && (await identityModel.countTasks(db, to))?.total === 0
      ? [identityModel.adoptEventStatement(db, to, from)]
      : []),
    ...append(categories, categoryRows),
    ...append(statuses, statusRows),
    ...identityModel.moveTasksStatements(db, from.id, to, nowIso),
    identityModel.deleteImportOffer(db, userId),
  ];
  await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  return { moved: counts[0]?.total ?? 0 };
}

/** "Start fresh": the offer goes away; the demo workspace is left as it was. */
export async function declineImport(db: Db, auth: Auth) {
  const userId = offerOwner(auth);
  if (userId) await identityModel.deleteImportOffer(db, userId);
}
