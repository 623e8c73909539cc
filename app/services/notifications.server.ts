import type { NotificationRow } from "~/db/schema";
import * as reminderModel from "~/models/reminders";
import type { ActorCtx, Ctx } from "./context.server";

/**
 * A member's in-app notifications (ADR 022): the header's menu, `/notifications` and `/api/notifications`. Only
 * the member's own; a new one reaches their open pages as a count, sent to their sockets alone.
 */

/** The menu and the page show at most this many, newest first. */
export const NOTIFICATIONS_SHOWN = 30;

export function toNotificationDto(row: NotificationRow) {
  return {
    id: row.id,
    kind: row.kind,
    text: row.text,
    taskId: row.taskId,
    createdAt: row.createdAt,
    read: row.readAt !== null,
  };
}
export type NotificationDto = ReturnType<typeof toNotificationDto>;

/** The caller's newest notifications and how many are unread, in one round trip. */
export async function listMyNotifications(ctx: ActorCtx, limit = NOTIFICATIONS_SHOWN) {
  const { db } = ctx;
  const { workspace, user } = ctx.actor;
  const [rows, [unread]] = await db.batch([
    reminderModel.listNotifications(db, workspace.id, user.id, limit),
    reminderModel.countUnread(db, workspace.id, user.id),
  ]);
  return { unread: unread?.count ?? 0, notifications: rows.map(toNotificationDto) };
}

/** Marks the caller's notifications read: all, or those of `ids` (others' ids match nothing). */
export async function markMyNotificationsRead(ctx: ActorCtx, ids: readonly string[] | null) {
  const { workspace, user } = ctx.actor;
  const marked = await reminderModel.markRead(ctx.db, workspace.id, user.id, ids, ctx.now.toISOString());
  if (marked.length) notifyUnread(ctx, workspace.id, user.id);
  return { marked: marked.length };
}

/** How many of a member's notifications are unread (up to UNREAD_COUNT_CAP). Batchable. */
export async function unreadCount(ctx: Ctx, workspaceId: string, userId: string) {
  const [[row]] = await ctx.db.batch([reminderModel.countUnread(ctx.db, workspaceId, userId)]);
  return row?.count ?? 0;
}

/**
 * Tells one member's open pages of a workspace their unread count (after the response): a count only, and only to
 * that member's sockets, so nobody else learns what was said to them.
 */
export function notifyUnread(ctx: Ctx, workspaceId: string, userId: string) {
  ctx.live?.notifyUser(workspaceId, userId, async () => {
    return { type: "notifications", unread: await unreadCount(ctx, workspaceId, userId) };
  });
}
