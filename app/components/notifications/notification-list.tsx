import { Link } from "@remix-run/react";
import { formatActivityTime } from "~/domain/dates";
import { cn } from "~/lib/utils";

/** One entry as the API and the page's loader give it (app/services/notifications.server.ts). */
export interface NotificationItem {
  id: string;
  text: string;
  taskId: string | null;
  createdAt: string;
  read: boolean;
}

/**
 * A member's notifications, newest first: each links to its task; unread ones are marked. Times are the workspace's
 * clock, formatted the same on the server and in the browser.
 */
export function NotificationList({
  notifications,
  timezone,
  onNavigate,
}: {
  notifications: readonly NotificationItem[];
  timezone: string;
  onNavigate?: () => void;
}) {
  if (notifications.length === 0)
    return <p className="py-6 text-center text-sm text-slate-600">No notifications yet.</p>;
  return (
    <ul className="divide-y divide-slate-100" aria-label="Notifications">
      {notifications.map((n) => {
        const body = (
          <>
            <span className={cn("block text-sm text-slate-900", !n.read && "font-semibold")}>
              {!n.read ? <span className="sr-only">Unread: </span> : null}
              {n.text}
            </span>
            <span className="mt-0.5 block text-xs text-slate-500">{formatActivityTime(n.createdAt, timezone)}</span>
          </>
        );
        return (
          <li key={n.id} data-unread={!n.read || undefined} className="flex items-start gap-2 py-3">
            <span
              aria-hidden
              className={cn("mt-1.5 size-2 shrink-0 rounded-full", n.read ? "bg-transparent" : "bg-brand-600")}
            />
            {n.taskId ? (
              <Link to={`/tasks/${n.taskId}`} onClick={onNavigate} className="min-w-0 hover:underline">
                {body}
              </Link>
            ) : (
              <span className="min-w-0">{body}</span>
            )}
          </li>
        );
      })}
    </ul>
  );
}
