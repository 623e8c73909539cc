import { Link } from "@remix-run/react";
import { CalendarClock } from "lucide-react";
import { useEffect, useState, type MouseEvent } from "react";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { serverNow as liveServerNow } from "~/components/live-provider";
import { countdownTo, eventDaysLabel, showDaysLabel, type EventDays } from "~/domain/event-settings";
import type { TaskStats } from "~/domain/stats";
import { formatEventDate } from "~/domain/dates";
import { plural, pluralWord } from "~/domain/labels";

export interface EventView extends Partial<EventDays> {
  eventName: string | null;
  /** UTC instant. */
  eventDate: string | null;
  eventLocalDate: string | null;
  eventLocalTime: string | null;
  timezone: string;
}

/**
 * Completion and the run-up to the event: the percent of tasks done, the days to go and a live countdown to
 * the start, with the show days of a multi-day event. `now` is the server's clock, so the first render matches.
 */
export function ProjectProgressCard({
  stats,
  event,
  now,
  settingsHref,
  onSettingsClick,
  className,
}: {
  stats: TaskStats;
  event: EventView;
  now: number;
  /** Where the event settings open; absent for members, who cannot change them. */
  settingsHref?: string;
  onSettingsClick?: (event: MouseEvent<HTMLAnchorElement>) => void;
  className?: string;
}) {
  // The days around a multi-day show (ADR 026); the countdown runs to the start either way.
  const showDays = showDaysLabel(event.eventLocalDate, event);
  return (
    <Card className={className} role="region" aria-labelledby="progress-title">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1.5">
          <CardTitle asChild>
            <h2 id="progress-title">Project Progress</h2>
          </CardTitle>
          <CardDescription>
            {stats.totalTasks === 0
              ? "No tasks yet. Add the first one and progress shows up here."
              : `${stats.completedTasks} of ${plural(stats.totalTasks, "task")} completed.`}
          </CardDescription>
        </div>
        {settingsHref ? (
          <Button asChild variant="secondary" size="sm">
            <Link to={settingsHref} onClick={onSettingsClick} preventScrollReset>
              {event.eventDate ? "Change event settings" : "Set the event date"}
            </Link>
          </Button>
        ) : null}
      </CardHeader>
      <CardContent className="grid gap-5">
        <div className="flex items-center gap-4">
          <div
            role="progressbar"
            aria-label="Completion"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={stats.completionPercentage}
            className="h-3 flex-1 overflow-hidden rounded-full bg-slate-100"
          >
            <div className="h-full rounded-full bg-brand-600" style={{ width: `${stats.completionPercentage}%` }} />
          </div>
          <span className="w-12 text-right text-sm font-semibold text-slate-900 tabular-nums">
            {stats.completionPercentage}%
          </span>
        </div>

        {event.eventDate && event.eventLocalDate && event.eventLocalTime ? (
          <div className="grid gap-3 rounded-lg border border-slate-200 bg-slate-50 p-4">
            <div className="flex items-start gap-3">
              <CalendarClock className="mt-0.5 size-5 shrink-0 text-brand-600" aria-hidden />
              <div className="min-w-0">
                <p className="font-semibold break-words text-slate-900">{event.eventName ?? "Your event"}</p>
                <p className="text-sm text-slate-600">
                  {formatEventDate(event.eventLocalDate, event.eventLocalTime)}{" "}
                  <span className="whitespace-nowrap">({event.timezone})</span>
                </p>
                {showDays ? (
                  <p className="text-sm text-slate-600" data-testid="show-days">
                    {showDays}
                  </p>
                ) : null}
              </div>
            </div>
            <EventCountdown eventMs={Date.parse(event.eventDate)} serverNow={now} timezone={event.timezone} />
          </div>
        ) : (
          <p className="text-sm text-slate-600">
            {settingsHref
              ? "Set your event date to see the days to go and a countdown to doors."
              : "Once an owner sets the event date, the days to go and a countdown to doors show here."}
          </p>
        )}
      </CardContent>
    </Card>
  );
}

/**
 * The days to go and the days, hours and minutes to the event, ticking in the browser from one clock, so the
 * sentence and the countdown always agree (`eventDaysLabel`); the server renders the same figures.
 */
function EventCountdown({ eventMs, serverNow, timezone }: { eventMs: number; serverNow: number; timezone: string }) {
  const [now, setNow] = useState(serverNow);
  useEffect(() => {
    // Server time (offset measured by the live socket), so every viewer sees the same figure.
    setNow(liveServerNow());
    const timer = setInterval(() => setNow(liveServerNow()), 1000);
    return () => clearInterval(timer);
  }, []);
  const left = countdownTo(eventMs, now);
  const daysLabel = (
    <p className="text-sm font-medium text-slate-900" data-testid="days-until-event">
      {eventDaysLabel(eventMs, now, timezone)}
    </p>
  );
  if (!left) return daysLabel;
  const parts = [
    [left.days, pluralWord(left.days, "day")],
    [left.hours, pluralWord(left.hours, "hour")],
    [left.minutes, pluralWord(left.minutes, "minute")],
  ] as const;
  return (
    <>
      {daysLabel}
      <div>
        <p id="countdown-label" className="mb-1.5 text-xs font-medium tracking-wide text-slate-600 uppercase">
          Starts in
        </p>
        {/* role="timer" is not announced on every change, which is what a ticking clock needs. */}
        <div role="timer" aria-labelledby="countdown-label" className="grid grid-cols-3 gap-2">
          {parts.map(([value, unit]) => (
            <div
              key={unit.replace(/s$/, "")}
              className="rounded-md bg-white px-2 py-2 text-center ring-1 ring-slate-200"
            >
              <span className="block text-2xl font-bold text-slate-900 tabular-nums">{value}</span>
              <span className="block text-xs text-slate-600">{unit}</span>
            </div>
          ))}
        </div>
      </div>
    </>
  );
}
