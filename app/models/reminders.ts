import { and, desc, eq, inArray, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import type { Db } from "~/db/client";
import {
  memberships,
  morningDms,
  notifications,
  taskReminders,
  tasks,
  workspaces,
  type MorningDmRow,
} from "~/db/schema";
import { UNREAD_COUNT_CAP, type PlannedReminder } from "~/domain/reminders";
import { insertIf } from "./insert-if";
import { taskExists } from "./tasks";

/** Reminders, in-app notifications and personal morning DMs (ADR 022). */

const isMember = (workspaceId: string, userId: string) =>
  sql`EXISTS (SELECT 1 FROM ${memberships} WHERE ${memberships.workspaceId} = ${workspaceId} AND ${memberships.userId} = ${userId})`;

/**
 * The statements that replace a task's pending reminders with `planned`: its offset reminders still to send are
 * dropped and planned again; a snooze still to send follows the assignee, or goes with them. Each insert holds
 * only while the task exists (a create the task limit held back writes none) and the person is a member. Batchable.
 */
export function replaceRemindersStatements(
  db: Db,
  task: { workspaceId: string; id: string; assigneeId: string | null },
  planned: readonly PlannedReminder[],
  ids: () => string,
  nowIso: string,
) {
  const pending = and(eq(taskReminders.taskId, task.id), isNull(taskReminders.deliveredAt));
  const statements = [
    db
      .delete(taskReminders)
      .where(and(pending, or(isNotNull(taskReminders.offsetMinutes), task.assigneeId ? undefined : sql`1`))),
    ...(task.assigneeId
      ? [
          db
            .update(taskReminders)
            .set({ userId: task.assigneeId })
            .where(and(pending, isNull(taskReminders.offsetMinutes))),
        ]
      : []),
    ...planned.map((p) =>
      insertIf(
        db,
        taskReminders,
        {
          id: ids(),
          workspaceId: task.workspaceId,
          taskId: task.id,
          userId: p.userId,
          offsetMinutes: p.offsetMinutes,
          fireAt: p.fireAt,
          createdAt: nowIso,
        },
        sql`${taskExists(task.id)} AND ${isMember(task.workspaceId, p.userId)}`,
      ),
    ),
  ];
  return statements;
}

/** A snooze: one more reminder of the task for `userId` at `fireAt`. */
export function insertSnooze(
  db: Db,
  row: { id: string; workspaceId: string; taskId: string; userId: string; fireAt: string; createdAt: string },
) {
  return insertIf(
    db,
    taskReminders,
    { ...row, offsetMinutes: null },
    sql`${taskExists(row.taskId)} AND ${isMember(row.workspaceId, row.userId)}`,
  ).returning({ id: taskReminders.id });
}

/**
 * Claims the reminders due at `nowIso` (at most `limit`, earliest first): one statement selects them and stamps
 * `deliveredAt`, so two cron runs can never both claim one. Reminders that came due during runs that did not happen
 * are due too (`fireAt <= now`).
 */
export function claimDueReminders(db: Db, nowIso: string, limit: number) {
  const due = db
    .select({ id: taskReminders.id })
    .from(taskReminders)
    .where(and(isNull(taskReminders.deliveredAt), sql`${taskReminders.fireAt} <= ${nowIso}`))
    .orderBy(taskReminders.fireAt)
    .limit(limit);
  return db
    .update(taskReminders)
    .set({ deliveredAt: nowIso })
    .where(and(isNull(taskReminders.deliveredAt), inArray(taskReminders.id, due)))
    .returning({ id: taskReminders.id, workspaceId: taskReminders.workspaceId });
}

/** Gives claims back (the queue refused them), unless someone else stamped them since. */
export function releaseClaims(db: Db, ids: readonly string[], nowIso: string) {
  return db
    .update(taskReminders)
    .set({ deliveredAt: null })
    .where(
      and(
        sql`${taskReminders.id} IN (SELECT value FROM json_each(${JSON.stringify(ids)}))`,
        eq(taskReminders.deliveredAt, nowIso),
      ),
    );
}

/** A claimed reminder with its task (null once deleted) and workspace, for the queue consumer. */
export async function getReminderForDelivery(db: Db, reminderId: string) {
  const [row] = await db
    .select({ reminder: taskReminders, task: tasks, workspace: workspaces })
    .from(taskReminders)
    .innerJoin(workspaces, eq(workspaces.id, taskReminders.workspaceId))
    .leftJoin(tasks, eq(tasks.id, taskReminders.taskId))
    .where(eq(taskReminders.id, reminderId))
    .limit(1);
  return row ?? null;
}

/** Claims the Slack DM of a reminder: true for exactly one caller. */
export async function claimReminderDm(db: Db, reminderId: string, nowIso: string) {
  const rows = await db
    .update(taskReminders)
    .set({ dmSentAt: nowIso })
    .where(and(eq(taskReminders.id, reminderId), isNull(taskReminders.dmSentAt)))
    .returning({ id: taskReminders.id });
  return rows.length > 0;
}

/** Gives the DM claim back: Slack asked to try again later. */
export function releaseReminderDm(db: Db, reminderId: string, nowIso: string) {
  return db
    .update(taskReminders)
    .set({ dmSentAt: null })
    .where(and(eq(taskReminders.id, reminderId), eq(taskReminders.dmSentAt, nowIso)));
}

/** The workspace's tasks with offset reminders still to send: a timezone change plans them again. */
export function listTasksWithPendingReminders(db: Db, workspaceId: string) {
  const pending = db
    .select({ taskId: taskReminders.taskId })
    .from(taskReminders)
    .where(
      and(
        eq(taskReminders.workspaceId, workspaceId),
        isNull(taskReminders.deliveredAt),
        isNotNull(taskReminders.offsetMinutes),
      ),
    );
  return db
    .select()
    .from(tasks)
    .where(and(eq(tasks.workspaceId, workspaceId), inArray(tasks.id, pending)));
}

/** The reminders of a task still to send, earliest first (the task page, tests). */
export function listPendingReminders(db: Db, workspaceId: string, taskId: string) {
  return db
    .select()
    .from(taskReminders)
    .where(
      and(
        eq(taskReminders.workspaceId, workspaceId),
        eq(taskReminders.taskId, taskId),
        isNull(taskReminders.deliveredAt),
      ),
    )
    .orderBy(taskReminders.fireAt);
}

export function getReminder(db: Db, workspaceId: string, reminderId: string) {
  return db
    .select()
    .from(taskReminders)
    .where(and(eq(taskReminders.workspaceId, workspaceId), eq(taskReminders.id, reminderId)))
    .get();
}

// ---- notifications ----------------------------------------------------------------------------------------

/** Writes a reminder's notification once: a second delivery of the same reminder inserts nothing. */
export function insertReminderNotification(db: Db, row: typeof notifications.$inferInsert) {
  return db.insert(notifications).values(row).onConflictDoNothing().returning({ id: notifications.id });
}

/**
 * A notice for a member (a task given to them, someone joining the team), written only while they still belong and
 * its task, if it names one, still exists: part of the change's own batch, it can never fail it. Batchable.
 */
export function insertNoticeStatement(db: Db, row: typeof notifications.$inferInsert) {
  const condition = row.taskId
    ? sql`${isMember(row.workspaceId, row.userId)} AND ${taskExists(row.taskId)}`
    : isMember(row.workspaceId, row.userId);
  return insertIf(db, notifications, row, condition).returning({ id: notifications.id });
}

/** The owners of a workspace (who hear that someone joined). */
export function listOwnerIds(db: Db, workspaceId: string) {
  return db
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(and(eq(memberships.workspaceId, workspaceId), eq(memberships.role, "owner")));
}

/** A member's own notifications in a workspace. */
const ownedBy = (workspaceId: string, userId: string) =>
  and(eq(notifications.workspaceId, workspaceId), eq(notifications.userId, userId));

/** A member's newest notifications, at most `limit`. Batchable. */
export function listNotifications(db: Db, workspaceId: string, userId: string, limit: number) {
  return db
    .select()
    .from(notifications)
    .where(ownedBy(workspaceId, userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit);
}

/**
 * How many of a member's notifications are unread, counted up to `UNREAD_COUNT_CAP` (the bell shows "99+"): it reads
 * at most that many rows of the unread index, however many a member has let pile up. Batchable.
 */
export function countUnread(db: Db, workspaceId: string, userId: string) {
  const unread = db
    .select({ one: sql<number>`1`.as("one") })
    .from(notifications)
    .where(and(ownedBy(workspaceId, userId), isNull(notifications.readAt)))
    .limit(UNREAD_COUNT_CAP)
    .as("unread");
  return db.select({ count: sql<number>`count(*)` }).from(unread);
}

/** Marks a member's notifications read: all of them, or those among `ids` (one JSON parameter). */
export function markRead(db: Db, workspaceId: string, userId: string, ids: readonly string[] | null, nowIso: string) {
  return db
    .update(notifications)
    .set({ readAt: nowIso })
    .where(
      and(
        ownedBy(workspaceId, userId),
        isNull(notifications.readAt),
        ids ? sql`${notifications.id} IN (SELECT value FROM json_each(${JSON.stringify(ids)}))` : undefined,
      ),
    )
    .returning({ id: notifications.id });
}

/** Reminders delivered before `beforeIso`: the cron forgets them (their notifications stay). */
export function pruneDeliveredReminders(db: Db, beforeIso: string) {
  return db
    .delete(taskReminders)
    .where(and(isNotNull(taskReminders.deliveredAt), lt(taskReminders.deliveredAt, beforeIso)));
}

/** Notifications older than `beforeIso` that were read: the cron forgets them. */
export function pruneReadNotifications(db: Db, beforeIso: string) {
  return db.delete(notifications).where(and(isNotNull(notifications.readAt), lt(notifications.createdAt, beforeIso)));
}

// ---- personal morning DMs -------------------------------------------------------------------------------

export function getMorningDm(db: Db, workspaceId: string, userId: string) {
  return morningDmOf(db, workspaceId, userId).get();
}

/** A member's morning DM settings, as zero or one rows. Batchable. */
export function morningDmOf(db: Db, workspaceId: string, userId: string) {
  return db
    .select()
    .from(morningDms)
    .where(and(eq(morningDms.workspaceId, workspaceId), eq(morningDms.userId, userId)))
    .limit(1);
}

export function saveMorningDm(db: Db, row: Omit<MorningDmRow, "lastDate">) {
  const { workspaceId: _, userId: __, ...changes } = row;
  return db
    .insert(morningDms)
    .values(row)
    .onConflictDoUpdate({ target: [morningDms.workspaceId, morningDms.userId], set: changes })
    .returning()
    .get();
}

/** Every opted-in member, with their workspace's timezone (theirs when they chose none). */
export function listMorningDmCandidates(db: Db) {
  return db
    .select({ dm: morningDms, workspaceTimezone: workspaces.timezone })
    .from(morningDms)
    .innerJoin(workspaces, eq(workspaces.id, morningDms.workspaceId))
    .where(eq(morningDms.enabled, true));
}

/** Claims a member's local day: true for exactly one caller per member and day. */
export async function claimMorningDmDay(db: Db, workspaceId: string, userId: string, localDate: string) {
  const rows = await db
    .update(morningDms)
    .set({ lastDate: localDate })
    .where(
      and(
        eq(morningDms.workspaceId, workspaceId),
        eq(morningDms.userId, userId),
        eq(morningDms.enabled, true),
        or(isNull(morningDms.lastDate), lt(morningDms.lastDate, localDate)),
      ),
    )
    .returning({ userId: morningDms.userId });
  return rows.length > 0;
}

/** Gives the day back (Slack asked to retry), unless a later day was claimed since. */
export function releaseMorningDmDay(
  db: Db,
  workspaceId: string,
  userId: string,
  localDate: string,
  previous: string | null,
) {
  return db
    .update(morningDms)
    .set({ lastDate: previous })
    .where(
      and(eq(morningDms.workspaceId, workspaceId), eq(morningDms.userId, userId), eq(morningDms.lastDate, localDate)),
    );
}
