import { Link } from "@remix-run/react";
import { Bell } from "lucide-react";
import { lazy, Suspense, useCallback, useEffect, useState } from "react";
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
export function NotificationsMenu({ timezone }: { timezone: string }) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const opened = useOpenedOnce(open);
  const [data, setData] = useState<NotificationsResponse | null>(null);

  const load = useCallback(async () => {
    const result = await callApi<NotificationsResponse>("GET", "/api/notifications");
    if (result.ok) setData(result.data);
  }, []);

  useEffect(() => {
    void load();
    // The signal carries the member's count only; the entries are fetched when shown.
    return liveConnection().onUnread((unread) => {
      setData((current) => (current ? { ...current, unread } : { unread, notifications: [] }));
      void load();
    });
  }, [load]);

  const markAllRead = async () => {
    const result = await callApi<{ marked: number }>("POST", "/api/notifications/read", {});
    if (result.ok) await load();
  };

  const unread = data?.unread ?? 0;
  const label = unread > 0 ? `Notifications, ${unread} unread` : "Notifications";
  const bell = (
    <>
      <Bell aria-hidden />
      {unread > 0 ? (
        <span
          data-testid="unread-count"
          className="absolute -top-1 -right-1 min-w-4 rounded-full bg-brand-600 px-1 text-center text-xs leading-4 font-semibold text-white"
          aria-hidden
        >
          {unread > 99 ? "99+" : unread}
        </span>
      ) : null}
    </>
  );

  if (!hydrated) {
    return (
      <Button asChild variant="ghost" size="sm" className="relative">
        <Link to="/notifications" aria-label="Notifications">
          {bell}
        </Link>
      </Button>
    );
  }
  const onOpenChange = (next: boolean) => {
    setOpen(next);
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
            notifications={data?.notifications ?? []}
            timezone={timezone}
            onMarkAllRead={() => void markAllRead()}
          />
        </Suspense>
      ) : null}
    </>
  );
}
