import { Link } from "@remix-run/react";
import { Button } from "../ui/button";
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from "../ui/sheet";
import { NotificationList, type NotificationItem } from "./notification-list";

/**
 * The notifications panel the header's bell opens (ADR 022). Loaded on the first click (React.lazy in
 * notifications-menu.tsx), so the dialog code is not part of every page's first load.
 */
export default function NotificationsPanel(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  unread: number;
  /** Null until the first fetch answers. */
  notifications: NotificationItem[] | null;
  timezone: string;
  onMarkAllRead: () => void;
}) {
  const close = () => props.onOpenChange(false);
  return (
    <Sheet open={props.open} onOpenChange={props.onOpenChange}>
      <SheetContent className="gap-4 p-6">
        <SheetHeader>
          <SheetTitle>Notifications</SheetTitle>
          <SheetDescription>Reminders for your tasks, newest first.</SheetDescription>
        </SheetHeader>
        <div className="flex items-center justify-between gap-2">
          <Link to="/notifications" onClick={close} className="text-sm text-brand-700 hover:underline">
            See all
          </Link>
          <Button
            type="button"
            variant="secondary"
            size="sm"
            disabled={props.unread === 0}
            onClick={props.onMarkAllRead}
          >
            Mark all read
          </Button>
        </div>
        {props.notifications ? (
          <NotificationList notifications={props.notifications} timezone={props.timezone} onNavigate={close} />
        ) : (
          <p className="py-6 text-center text-sm text-slate-600" role="status">
            Loading notifications…
          </p>
        )}
      </SheetContent>
    </Sheet>
  );
}
