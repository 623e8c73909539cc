import { Link } from "@remix-run/react";
import { Bell } from "lucide-react";
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from "react";
import { unreadBadge } from "~/domain/reminders";
import { callApi } from "~/lib/api-client";
import { liveConnection } from "~/lib/live-client";
import { useHydrated } from "~/lib/use-hydrated";
import { useOpenedOnce } from "~/lib/use-opened-once";
import { Button } from "../ui/button";
import type { NotificationItem } from "./notification-list";

/** The panel (a Radix dialog) loads on the first click: every signed-in page shows the bell, few open it. */
const NotificationsPanel = lazy(() => import("./notifications-panel"));

interface NotificationsResponse {
  unread: number;
  notifications: NotificationItem[];
}

/**
 * The header's notifications (ADR 022): a bell with the unread count that follows the member's own live signal,
 * opening a panel of the newest entries with 'Mark all read'. Without JavaScript it is a plain link to
 * /notifications, which lists them with a 'Mark all read' form.
 */
export function NotificationsMenu({ timezone, unread: pageUnread }: { timezone: string; unread?: number }) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const opened = useOpenedOnce(open);
  const openRef = useRef(open);
  openRef.current = open;
  const [entries, setEntries] = useState<NotificationItem[] | null>(null);
  // The count the page was loaded with, until a live signal or a fetch says otherwise; a newer page load (a
  // navigation, a revalidation) brings a newer count, which then wins.
  const [latest, setLatest] = useState<{ unread: number; page: number | undefined } | null>(null);

  const load = useCallback(async () => {
    const result = await callApi<NotificationsResponse>("GET", "/api/notifications");
    if (!result.ok) return;
    setEntries(result.data.notifications);
    setLatest({ unread: result.data.unread, page: pageUnread });
  }, [pageUnread]);

  // A page that did not read the count leaves the bell to read it once.
  const needsCount = pageUnread === undefined;
  useEffect(() => {
    if (needsCount) void load();
  }, [needsCount, load]);

  useEffect(
    () =>
      // The signal carries the member's count only; the entries are fetched when the panel shows them.
      liveConnection().onUnread((unread) => {
        setLatest({ unread, page: pageUnread });
        if (openRef.current) void load();
      }),
    [pageUnread, load],
  );

  const markAllRead = async () => {
    const result = await callApi<{ marked: number }>("POST", "/api/notifications/read", {});
    if (result.ok) await load();
  };

  const unread = (latest && latest.page === pageUnread ? latest.unread : pageUnread) ?? 0;
  const label = unread > 0 ? `Notifications, ${unreadBadge(unread)} unread` : "Notifications";
  const bell = (
    <>
      <Bell aria-hidden />
      {unread > 0 ? (
        <span
          data-testid="unread-count"
          className="absolute -top-1 -right-1 min-w-4 rounded-full bg-brand-600 px-1 text-center text-xs leading-4 font-semibold text-white"
          aria-hidden
        >
          {unreadBadge(unread)}
        </span>
      ) : null}
    </>
  );

  if (!hydrated) {
    return (
      <Button asChild variant="ghost" size="sm" className="relative">
        <Link to="/notifications" aria-label={label}>
          {bell}
        </Link>
      </Button>
    );
  }
  const onOpenChange = (next: boolean) => {
    setOpen(next);
    // Opening shows the newest entries (those of an earlier opening until they arrive).
    if (next) void load();
  };
  return (
    <>
      <Button variant="ghost" size="sm" className="relative" aria-label={label} onClick={() => onOpenChange(true)}>
        {bell}
      </Button>
      {opened ? (
        <Suspense fallback={null}>
          <NotificationsPanel
            open={open}
            onOpenChange={onOpenChange}
            unread={unread}
            notifications={entries}
            timezone={timezone}
            onMarkAllRead={() => void markAllRead()}
          />
        </Suspense>
      ) : null}
    </>
  );
}
