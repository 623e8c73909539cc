import type { BatchItem } from "drizzle-orm/batch";
import type { TaskRow, WorkspaceRow } from "~/db/schema";
import { notFound } from "~/domain/errors";
import { plannedReminders, reminderInstant, reminderText } from "~/domain/reminders";
import { reminderMessage } from "~/domain/slack-blocks";
import { COMPLETED } from "~/domain/tasks";
import { newId } from "~/lib/crypto";
import { secretKeys } from "~/lib/secrets.server";
import { SlackApiError } from "~/integrations/slack/web-api";
import * as reminderModel from "~/models/reminders";
import * as slackModel from "~/models/slack";
import type { Ctx } from "./context.server";
import { botApi } from "./slack/setup.server";
import { notifyUnread } from "./notifications.server";

/**
 * Reminders (ADR 022). The task services keep each task's pending reminders in step with it (`reminderStatements`
 * rides in their write batch); the cron claims the due ones and queues one job each; the queue consumer writes the
 * in-app notification (once, keyed by the reminder) and, when the assignee's Slack account is linked, DMs them.
 */

export interface ReminderJob {
  kind: "reminder";
  reminderId: string;
  workspaceId: string;
}

/** Claimed per cron run at most; the rest wait for the next run (every 15 minutes). */
const CLAIM_LIMIT = 500;
/** Backoff when Slack fails without a Retry-After (5xx, network). */
const DEFAULT_RETRY_SECONDS = 60;
const DAY_MS = 24 * 60 * 60 * 1000;
const SNOOZE_MS = DAY_MS;
/** Delivered reminders are kept a month (a late queue retry still finds its row), read notifications three. */
const DELIVERED_KEEP_MS = 30 * DAY_MS;
const READ_KEEP_MS = 90 * DAY_MS;

/**
 * The statements that plan a task's reminders again after a write that left it as `row`; `fresh` for a task that
 * has none yet (created or restored), which needs only the inserts. Batchable.
 */
export function reminderStatements(
  ctx: Pick<Ctx, "db" | "now">,
  row: TaskRow,
  timezone: string,
  options: { fresh?: boolean } = {},
): BatchItem<"sqlite">[] {
  const planned = plannedReminders({ ...row, reminders: row.reminders ?? [] }, timezone, ctx.now);
  if (options.fresh && planned.length === 0) return [];
  const statements = reminderModel.replaceRemindersStatements(ctx.db, row, planned, newId, ctx.now.toISOString());
  return options.fresh ? statements.slice(statements.length - planned.length) : statements;
}

/** Tasks whose reminders are planned again per batch after a timezone change. */
const REPLAN_TASKS_PER_BATCH = 20;

/** Plans the reminders of these tasks again (after a write that did not: a timezone change, a member removed). */
export async function replanReminders(ctx: Pick<Ctx, "db" | "now">, rows: readonly TaskRow[], timezone: string) {
  for (let i = 0; i < rows.length; i += REPLAN_TASKS_PER_BATCH) {
    const statements = rows.slice(i, i + REPLAN_TASKS_PER_BATCH).flatMap((row) => reminderStatements(ctx, row, timezone));
    if (statements.length) await ctx.db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  }
}

/**
 * Plans the workspace's pending reminders again in its (new) timezone: their instants were read on the old clock.
 * Call after the settings write commits, with the updated row.
 */
export async function replanWorkspaceReminders(ctx: Pick<Ctx, "db" | "now">, workspace: WorkspaceRow) {
  const rows = await reminderModel.listTasksWithPendingReminders(ctx.db, workspace.id);
  await replanReminders(ctx, rows, workspace.timezone);
  return rows.length;
}

/**
 * The reminders a new task gets: the creator's, or for a dated task the workspace's default when they named none.
 */
export function initialReminders(workspace: WorkspaceRow, input: { reminders?: number[]; dueDate: string | null }) {
  if (input.reminders !== undefined) return input.reminders;
  return input.dueDate ? (workspace.defaultReminders ?? []) : [];
}

/**
 * The cron's work: claim every due reminder (one statement stamps them, so none is claimed twice) and queue a job
 * each. A queue that refuses gets the claims back for the next run. Old delivered reminders and read notifications
 * are forgotten.
 */
export async function enqueueDueReminders(ctx: Ctx) {
  const nowIso = ctx.now.toISOString();
  const claimed = await reminderModel.claimDueReminders(ctx.db, nowIso, CLAIM_LIMIT);
  const jobs: ReminderJob[] = claimed.map((r) => ({ kind: "reminder", reminderId: r.id, workspaceId: r.workspaceId }));
  for (let i = 0; i < jobs.length; i += 100) {
    const slice = jobs.slice(i, i + 100);
    try {
      await ctx.env.DIGEST_QUEUE.sendBatch(slice.map((body) => ({ body, contentType: "json" as const })));
    } catch (err) {
      await reminderModel.releaseClaims(
        ctx.db,
        jobs.slice(i).map((j) => j.reminderId),
        nowIso,
      );
      throw err;
    }
  }
  if (jobs.length) console.log(`reminder cron: ${jobs.length} reminder(s) queued`);
  const now = ctx.now.getTime();
  await ctx.db.batch([
    reminderModel.pruneDeliveredReminders(ctx.db, new Date(now - DELIVERED_KEEP_MS).toISOString()),
    reminderModel.pruneReadNotifications(ctx.db, new Date(now - READ_KEEP_MS).toISOString()),
  ]);
  return jobs;
}

export type ReminderOutcome =
  | { kind: "sent"; dm: boolean }
  | { kind: "skipped"; reason: string }
  | { kind: "retry"; delaySeconds: number };

/** Where "Open" in a DM points: the app's public origin (APP_URL), when configured. */
export function appOrigin(env: Env) {
  const url = env.APP_URL?.trim();
  if (!url) return null;
  return url.endsWith("/") ? url.slice(0, -1) : url;
}

/**
 * One claimed reminder: dropped if its task is gone, done, given to someone else or moved (the reminder planned for
 * the new time is sent instead); otherwise the in-app notification (once) and a Slack DM to a linked assignee.
 */
export async function deliverReminder(ctx: Ctx, job: ReminderJob): Promise<ReminderOutcome> {
  const { db, now } = ctx;
  const found = await reminderModel.getReminderForDelivery(db, job.reminderId);
  if (!found) return { kind: "skipped", reason: "gone" };
  const { reminder, task, workspace } = found;
  if (!task) return { kind: "skipped", reason: "task_deleted" };
  if (task.status === COMPLETED) return { kind: "skipped", reason: "completed" };
  if (task.assigneeId !== reminder.userId) return { kind: "skipped", reason: "reassigned" };
  if (reminder.offsetMinutes !== null) {
    const instant = task.dueDate && reminderInstant(task.dueDate, workspace.timezone, reminder.offsetMinutes);
    if (!instant || instant.toISOString() !== reminder.fireAt) return { kind: "skipped", reason: "moved" };
  }

  const text = reminderText(task, workspace.timezone, now);
  const inserted = await reminderModel.insertReminderNotification(db, {
    id: newId(),
    workspaceId: workspace.id,
    userId: reminder.userId,
    taskId: task.id,
    reminderId: reminder.id,
    kind: "reminder",
    text,
    createdAt: now.toISOString(),
  });
  if (inserted.length) notifyUnread(ctx, workspace.id, reminder.userId);

  const dm = await sendReminderDm(ctx, { reminderId: reminder.id, workspaceId: workspace.id, userId: reminder.userId, task, text });
  if (dm.kind === "retry") return dm;
  return { kind: "sent", dm: dm.kind === "sent" };
}

type DmOutcome = { kind: "sent" } | { kind: "skipped"; reason: string } | { kind: "retry"; delaySeconds: number };

async function sendReminderDm(
  ctx: Ctx,
  input: { reminderId: string; workspaceId: string; userId: string; task: TaskRow; text: string },
): Promise<DmOutcome> {
  const { db, now } = ctx;
  const [found, link] = await Promise.all([
    slackModel.findSlackAppByWorkspace(db, input.workspaceId),
    slackModel.findSlackLinkOfMember(db, input.workspaceId, input.userId),
  ]);
  if (!found || !link || link.slackTeamId !== found.app.teamId) return { kind: "skipped", reason: "not_linked" };
  const api = await botApi(ctx, await secretKeys(ctx.env), found.app);
  if (!api) return { kind: "skipped", reason: "not_installed" };
  const nowIso = now.toISOString();
  if (!(await reminderModel.claimReminderDm(db, input.reminderId, nowIso))) return { kind: "skipped", reason: "already_sent" };
  try {
    const message = reminderMessage({ task: input.task, text: input.text, reminderId: input.reminderId, appUrl: appOrigin(ctx.env) });
    await api.postMessage({ channel: link.slackUserId, ...message });
    return { kind: "sent" };
  } catch (err) {
    if (err instanceof SlackApiError && err.transient) {
      await reminderModel.releaseReminderDm(db, input.reminderId, nowIso);
      return { kind: "retry", delaySeconds: err.retryAfterSeconds ?? DEFAULT_RETRY_SECONDS };
    }
    // A permanent refusal (the bot may not DM them, the token was revoked) would fail again: the app has it anyway.
    if (err instanceof SlackApiError) return { kind: "skipped", reason: `slack_${err.code}` };
    await reminderModel.releaseReminderDm(db, input.reminderId, nowIso);
    throw err;
  }
}

/**
 * 'Snooze 1 day' on a reminder DM: the same reminder again a day after it fell due (a day from now if that has
 * passed too), for the member who clicked, if the reminder was theirs and its task still exists.
 */
export async function snoozeReminder(ctx: Ctx, input: { workspaceId: string; userId: string; reminderId: string }) {
  const reminder = await reminderModel.getReminder(ctx.db, input.workspaceId, input.reminderId);
  if (!reminder || reminder.userId !== input.userId) throw notFound("That reminder is not yours");
  const dayAfter = new Date(reminder.fireAt).getTime() + SNOOZE_MS;
  const later = dayAfter > ctx.now.getTime() ? dayAfter : ctx.now.getTime() + SNOOZE_MS;
  const fireAt = new Date(later).toISOString();
  const [row] = await reminderModel.insertSnooze(ctx.db, {
    id: newId(),
    workspaceId: input.workspaceId,
    taskId: reminder.taskId,
    userId: input.userId,
    fireAt,
    createdAt: ctx.now.toISOString(),
  });
  if (!row) throw notFound("That task no longer exists");
  return { fireAt };
}
