import { dueState } from "~/domain/stats";

/**
 * Due dates are wall-clock strings in the workspace timezone (`YYYY-MM-DD[THH:MM]`), so they are
 * formatted as written, never shifted through the viewer's timezone. A fixed locale keeps the server
 * render and the browser render identical.
 */
const dayFormat = new Intl.DateTimeFormat("en-US", {
  weekday: "short",
  month: "short",
  day: "numeric",
  timeZone: "UTC",
});
const dayWithYearFormat = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  year: "numeric",
  timeZone: "UTC",
});
const timeFormat = new Intl.DateTimeFormat("en-US", { hour: "numeric", minute: "2-digit", timeZone: "UTC" });

function asUtcDate(date: string, time = "00:00") {
  return new Date(`${date}T${time}:00Z`);
}

/** "Today", "Tomorrow", "Yesterday", "Fri, Nov 28", or "Mar 3, 2027" outside the current year; plus the time if set. */
export function formatDueDate(dueDate: string, today: string) {
  const [date, time] = dueDate.split("T");
  const days = Math.round((asUtcDate(date).getTime() - asUtcDate(today).getTime()) / 86_400_000);
  let day: string;
  if (days === 0) day = "Today";
  else if (days === 1) day = "Tomorrow";
  else if (days === -1) day = "Yesterday";
  else if (date.slice(0, 4) === today.slice(0, 4)) day = dayFormat.format(asUtcDate(date));
  else day = dayWithYearFormat.format(asUtcDate(date));
  return time ? `${day}, ${timeFormat.format(asUtcDate(date, time))}` : day;
}

/** A calendar date (`YYYY-MM-DD`) with its year: "Mar 3, 2027". */
export function formatCalendarDate(date: string) {
  return dayWithYearFormat.format(asUtcDate(date));
}

/** The due line of a task card, with how urgent it is. */
export function describeDue(task: { dueDate: string | null; status: string }, today: string) {
  if (!task.dueDate) return null;
  const state = dueState(task, today);
  const when = formatDueDate(task.dueDate, today).replace(/^(Today|Tomorrow|Yesterday)/, (word) => word.toLowerCase());
  return { state, label: state === "overdue" ? `Overdue · was due ${when}` : `Due ${when}` };
}

/** A category as shown: the stored name with its first letter capitalised (`logistics` → `Logistics`). */
export function categoryLabel(name: string) {
  return name.charAt(0).toUpperCase() + name.slice(1);
}

const eventDayFormat = new Intl.DateTimeFormat("en-US", {
  weekday: "short",
  month: "short",
  day: "numeric",
  year: "numeric",
  timeZone: "UTC",
});

/** The event's local date and time as written: "Sat, Jun 6, 2026 at 6:00 PM"; midnight is left out as "no time". */
export function formatEventDate(date: string, time: string) {
  const day = eventDayFormat.format(asUtcDate(date));
  return time === "00:00" ? day : `${day} at ${timeFormat.format(asUtcDate(date, time))}`;
}

/** "1 day", "3 days". */
export function plural(count: number, word: string) {
  return `${count} ${word}${count === 1 ? "" : "s"}`;
}
