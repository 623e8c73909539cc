import { useEventCountdown, useLiveEventDate } from "./live-provider";

/**
 * Time left until the event, ticking each second against the server's clock so every viewer sees the same
 * figure, and following event date changes made on other pages. Before hydration (and without JavaScript) it
 * shows the loader's whole-day count.
 */
export function EventCountdown({ eventDate, daysToEvent }: { eventDate: string | null; daysToEvent: number | null }) {
  const liveDate = useLiveEventDate(eventDate);
  const countdown = useEventCountdown(liveDate);
  if (!liveDate || daysToEvent === null || daysToEvent < 0) return null;
  if (!countdown) {
    return (
      <p className="text-sm text-slate-600">
        {daysToEvent === 0 ? "Show day is today." : `${daysToEvent} days until event`}
      </p>
    );
  }
  if (countdown.reached) return <p className="text-sm text-slate-600">Show day is today.</p>;
  const { days, hours, minutes, seconds } = countdown;
  const clock = [hours, minutes, seconds].map((n) => String(n).padStart(2, "0")).join(":");
  return (
    <p className="text-sm text-slate-600">
      <span className="font-semibold text-slate-900 tabular-nums" data-testid="event-countdown">
        {days > 0 ? `${days}d ${clock}` : clock}
      </span>{" "}
      until the event
    </p>
  );
}
