import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { formatEventDate } from "~/domain/dates";
import type { EventDay } from "~/domain/show";
import { cn } from "~/lib/utils";

export const EVENT_DAY_KIND_LABELS = { "load-in": "Load-in", show: "Show", "load-out": "Load-out" } as const;

/** An event day as the pages name it: "Mon, Nov 30, 2026". */
export const eventDayLabel = (day: string) => formatEventDate(day, "00:00");

/**
 * The event's days as tabs (load-in, show days, load-out), each a link to `hrefOf(day)`; the current one is marked.
 * The run of show and the crew calls share it; `children` follow the tabs (a day picker). Below them: a note when
 * the asked day was not a date (`badDay`), and without event days, a link to Settings ending in `withoutDays`
 * ("to plan calls for its days").
 */
export function EventDayTabs({
  label,
  days,
  current,
  hrefOf,
  badDay,
  withoutDays,
  children,
}: {
  label: string;
  days: EventDay[];
  current: string;
  hrefOf: (day: string) => string;
  badDay: boolean;
  withoutDays: string;
  children?: ReactNode;
}) {
  return (
    <nav aria-label={label} className="mb-4 flex flex-wrap items-end gap-2">
      {days.map((d) => (
        <Link
          key={d.day}
          to={hrefOf(d.day)}
          aria-current={d.day === current ? "page" : undefined}
          className={cn(
            "rounded-lg border px-3 py-1.5 text-sm",
            d.day === current
              ? "border-brand-600 bg-brand-50 font-medium text-brand-800"
              : "border-slate-200 bg-white text-slate-700 hover:border-slate-300",
          )}
        >
          <span className="block text-xs">{EVENT_DAY_KIND_LABELS[d.kind]}</span>
          {eventDayLabel(d.day)}
        </Link>
      ))}
      {children}
      {badDay ? (
        <p className="w-full text-sm text-red-700">That is not a date: showing {eventDayLabel(current)}.</p>
      ) : null}
      {days.length === 0 ? (
        <p className="w-full text-sm text-slate-600">
          Set the event date in{" "}
          <Link to="/settings" className="underline">
            Settings
          </Link>{" "}
          {withoutDays}.
        </p>
      ) : null}
    </nav>
  );
}
