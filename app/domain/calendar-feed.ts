import ical, {
  escape,
  ICalEventTransparency,
  type ICalTemporalPlainDateTimeStub,
  type ICalTemporalZonedDateTimeStub,
} from "ical-generator";
import { z } from "zod";
import { addDays, dateParts, offsetAt, pad2, zonedTimeToInstant } from "./dates";
import { eventWallClock } from "./event-settings";
import { categoryLabel, PRIORITY_LABELS, statusLabel } from "./labels";
import type { Priority } from "./tasks";

/**
 * Calendar feeds (ADR 020): a secret `webcal` URL per person and workspace that a calendar app polls. Pure rules
 * and the iCalendar text; the service reads the rows, checks the token and answers conditional requests.
 */

export const FEED_SCOPES = ["mine", "workspace"] as const;
export type FeedScope = (typeof FEED_SCOPES)[number];

export const feedCreateSchema = z.object({
  scope: z.enum(FEED_SCOPES, {
    required_error: "Choose what the feed shows",
    invalid_type_error: "Choose what the feed shows",
    message: 'The scope is "mine" or "workspace"',
  }),
});

/** Feeds one person may hold in one workspace: enough for each device and app, few enough to review. */
export const MAX_FEEDS_PER_MEMBER = 10;

export function feedLimitRefusal(count: number) {
  return count >= MAX_FEEDS_PER_MEMBER
    ? `You have ${MAX_FEEDS_PER_MEMBER} calendar feeds in this workspace, the most allowed. Revoke one you no longer use first.`
    : null;
}

/**
 * What a feed holds: open dated tasks due from `PAST_DAYS` days ago on, the earliest `MAX_TASKS` of them. A
 * calendar app polls every few hours; the bound keeps each answer one indexed read and a few hundred KB at most.
 */
export const FEED_WINDOW = { pastDays: 90, maxTasks: 1000, maxCalls: 1000 } as const;

export const feedWindowStart = (today: string) => addDays(today, -FEED_WINDOW.pastDays);

/** `last_used_at` is written when it is older than this, so polling costs no write per request. */
export const LAST_USED_EVERY_MS = 60 * 60 * 1000;

export function shouldTouchLastUsed(lastUsedAt: string | null, now: Date) {
  return lastUsedAt === null || now.getTime() - Date.parse(lastUsedAt) >= LAST_USED_EVERY_MS;
}

/** Feed tokens are 43 base64url characters (256 bits); anything else is not looked up. */
export const FEED_TOKEN_RE = /^[A-Za-z0-9_-]{43}$/;

export const feedPath = (token: string) => `/calendar/${token}.ics`;

/** The same URL for calendar apps that subscribe on a `webcal:` link (Apple Calendar, Outlook). */
export const webcalUrl = (url: string) => url.replace(/^https?:/, "webcal:");

/** Bumped when the feed's text changes shape, so a deploy invalidates what calendar apps hold. */
const FEED_FORMAT = 1;

/**
 * Everything the feed's text depends on besides its tasks, which `planVersion` stands for (a trigger moves it on
 * every task written or deleted, drizzle/0010). Hashed into the ETag, so a poll whose ETag still holds is
 * answered 304 without reading a task. `today` is in it because the window moves with the date.
 */
export interface FeedVersionParts {
  feedId: string;
  scope: FeedScope;
  ownerName: string;
  planVersion: number;
  workspaceName: string;
  eventName: string | null;
  eventDate: string | null;
  eventEndDate: string | null;
  timezone: string;
  today: string;
  /** The owner's calls' fingerprint (a `mine` feed shows them); null for a workspace feed. */
  callsVersion?: string | null;
}

export function feedVersionKey(parts: FeedVersionParts) {
  return JSON.stringify([
    FEED_FORMAT,
    parts.feedId,
    parts.scope,
    parts.ownerName,
    parts.planVersion,
    parts.workspaceName,
    parts.eventName,
    parts.eventDate,
    parts.eventEndDate,
    parts.timezone,
    parts.today,
    parts.callsVersion ?? null,
  ]);
}

// ---- the iCalendar text ----------------------------------------------------------------------------

export interface FeedTask {
  id: string;
  title: string;
  description: string | null;
  /** The workspace's wall clock: `YYYY-MM-DD` (all day) or `YYYY-MM-DDTHH:MM`. */
  dueDate: string;
  priority: Priority;
  category: string | null;
  status: string;
  assigneeName: string | null;
  updatedAt: string;
  /** Grows with every change of the task (`task_revisions`, drizzle/0012); SEQUENCE. */
  revision: number;
  /** An RFC 5545 RRULE (`FREQ=WEEKLY;BYDAY=FR`), or null for a one-off task. */
  recurrence?: string | null;
}

/** A call (ADR 044): when and where the feed's owner, or their department, is wanted on an event day. */
export interface FeedCall {
  id: string;
  day: string;
  /** `HH:MM` on the workspace's clock; the end, when set, later the same day. */
  startTime: string;
  endTime: string | null;
  location: string | null;
  stageName: string | null;
  notes: string | null;
  /** Set for a department's call. */
  department: string | null;
  updatedAt: string;
}

export interface FeedInput {
  /** `https://cueboard.example`: the tasks' links and the UIDs' host. */
  origin: string;
  calendarName: string;
  workspace: {
    id: string;
    name: string;
    eventName: string | null;
    /** The show's start as a UTC instant (ISO), or null. */
    eventDate: string | null;
    /** The last show day (`YYYY-MM-DD`), or null for a one-day event. */
    eventEndDate: string | null;
    timezone: string;
    /** SEQUENCE of the show's own event: it moves on whenever the event date does. */
    planVersion: number;
  };
  tasks: FeedTask[];
  /** The owner's calls (a `mine` feed, ADR 044): timed events where they are wanted. */
  calls?: FeedCall[];
  /** DTSTAMP of the show's event: when the feed's content last changed. */
  stamp: Date;
  /** Writes a zone's VTIMEZONE for a span of years: `vtimezone`, or a caller's cache of it. */
  timezoneText?: typeof vtimezone;
}

/** iCalendar PRIORITY: 1 is the highest, 9 the lowest (RFC 5545 §3.8.1.9). */
const ICAL_PRIORITY: Record<Priority, number> = { critical: 1, high: 3, medium: 5, low: 9 };

/**
 * A wall-clock date and time as the Temporal-shaped value ical-generator formats verbatim after `TZID=`: the
 * library reads plain `Date`s through the runtime's own timezone, which would shift every time by the server's.
 * It is only ever asked for its own zone.
 */
function wallClockValue(date: string, time: string, zone: string): ICalTemporalPlainDateTimeStub {
  const [year, month, day] = dateParts(date);
  const [hour, minute] = time.split(":").map(Number);
  const text = `${date}T${time}:00`;
  const fields = { year, month, day, hour, minute, second: 0, toJSON: () => text, toString: () => text };
  const plain: ICalTemporalPlainDateTimeStub = {
    ...fields,
    toPlainDate: () => ({ year, month, day, toJSON: () => date, toString: () => date }),
    toZonedDateTime: (tz) => zoned(tz),
  };
  const zoned = (tz: string): ICalTemporalZonedDateTimeStub => {
    if (tz !== zone) throw new Error(`A wall clock in ${zone} cannot be read in ${tz}`);
    const zonedValue: ICalTemporalZonedDateTimeStub = {
      ...fields,
      timeZoneId: tz,
      toPlainDateTime: () => plain,
      withTimeZone: (other) => zoned(other),
      toInstant: () => {
        const ms = zonedTimeToInstant(date, time, tz).getTime();
        return {
          epochMilliseconds: ms,
          toJSON: () => new Date(ms).toISOString(),
          toString: () => new Date(ms).toISOString(),
          toZonedDateTimeISO: (other) => zoned(other),
        };
      },
    };
    return zonedValue;
  };
  return plain;
}

/** A `YYYY-MM-DD` date as a UTC midnight, which ical-generator writes as `VALUE=DATE` for all-day events. */
const utcDay = (date: string) => new Date(`${date}T00:00:00Z`);

const RRULE_RE = /^(?:RRULE:)?((?:[A-Z]+=[A-Z0-9,+-]+)(?:;[A-Z]+=[A-Z0-9,+-]+)*)$/;
const UNTIL_RE = /(^|;)UNTIL=(\d{8})(T\d{6}Z?)?(?=;|$)/;

/**
 * A stored RRULE as it may go into the feed, or null when it is not exactly one rule. Only the RRULE line is kept
 * (a rule written with its DTSTART line, as the `rrule` package prints it, drops that line), and UNTIL takes the value type
 * of the event's start, as RFC 5545 requires: a date for an all-day task, a UTC time for a timed one (the end of
 * that day on the workspace's clock).
 */
export function feedRecurrence(rule: string | null | undefined, allDay: boolean, timezone: string): string | null {
  if (!rule) return null;
  const lines = rule
    .split(/\r?\n/)
    .map((part) => part.trim().toUpperCase())
    .filter((part) => part !== "" && !part.startsWith("DTSTART"));
  const match = lines.length === 1 ? RRULE_RE.exec(lines[0]) : null;
  if (!match || !/(^|;)FREQ=[A-Z]+(;|$)/.test(match[1])) return null;
  return match[1].replace(UNTIL_RE, (_all, lead: string, day: string, time: string | undefined) => {
    if (allDay) return `${lead}UNTIL=${day}`;
    if (time) return `${lead}UNTIL=${day}${time.endsWith("Z") ? time : `${time}Z`}`;
    const date = `${day.slice(0, 4)}-${day.slice(4, 6)}-${day.slice(6, 8)}`;
    const end = zonedTimeToInstant(date, "23:59", timezone).toISOString();
    return `${lead}UNTIL=${end.slice(0, 19).replace(/[-:]/g, "")}Z`;
  });
}

function taskDescription(task: FeedTask, link: string) {
  const lines = [
    `Priority: ${PRIORITY_LABELS[task.priority]}`,
    task.category ? `Category: ${categoryLabel(task.category)}` : null,
    `Status: ${statusLabel(task.status)}`,
    `Owner: ${task.assigneeName ?? "Unassigned"}`,
  ].filter((line) => line !== null);
  const body = task.description?.trim();
  return [lines.join("\n"), body, `Open in Cueboard: ${link}`].filter(Boolean).join("\n\n");
}

/** Calendar names are written unescaped by ical-generator; escaped here so no name can end the line. */
const calendarText = (text: string) => escape(text.replace(/[\r\n]+/g, " "), false);

/** The feed as iCalendar text (RFC 5545): the show itself, then each task, in the order given. */
export function buildCalendarFeed(input: FeedInput): string {
  const { origin, workspace } = input;
  const host = new URL(origin).host;
  const zone = workspace.timezone;
  const calendar = ical({
    name: calendarText(input.calendarName),
    prodId: { company: "Cueboard", product: "Calendar feed", language: "EN" },
    ttl: 60 * 60,
  });
  const years: number[] = [];

  const show = eventWallClock(workspace.eventDate, zone);
  if (show) {
    const summary = workspace.eventName ?? workspace.name;
    const base = {
      id: `event-${workspace.id}@${host}`,
      sequence: workspace.planVersion,
      stamp: input.stamp,
      summary,
      description: `${workspace.name}\n\n${origin}/dashboard`,
      url: `${origin}/dashboard`,
    };
    if (show.time === "00:00") {
      const last = workspace.eventEndDate && workspace.eventEndDate > show.date ? workspace.eventEndDate : show.date;
      calendar.createEvent({ ...base, allDay: true, start: utcDay(show.date), end: utcDay(addDays(last, 1)) });
    } else {
      calendar.createEvent({ ...base, start: wallClockValue(show.date, show.time, zone), timezone: zone });
      years.push(dateParts(show.date)[0]);
    }
  }

  for (const task of input.tasks) {
    const [date, time] = task.dueDate.split("T");
    const link = `${origin}/tasks/${encodeURIComponent(task.id)}`;
    const allDay = time === undefined;
    const rule = feedRecurrence(task.recurrence, allDay, zone);
    const base = {
      id: `${task.id}@${host}`,
      sequence: task.revision,
      stamp: new Date(task.updatedAt),
      summary: task.title,
      description: taskDescription(task, link),
      url: link,
      priority: ICAL_PRIORITY[task.priority],
      categories: task.category ? [{ name: categoryLabel(task.category) }] : [],
      // A due date is a deadline, not time spent: it leaves the person free in scheduling tools.
      transparency: ICalEventTransparency.TRANSPARENT,
      ...(rule ? { repeating: rule } : {}),
    };
    if (allDay) {
      calendar.createEvent({ ...base, allDay: true, start: utcDay(date), end: utcDay(addDays(date, 1)) });
    } else {
      calendar.createEvent({ ...base, start: wallClockValue(date, time, zone), timezone: zone });
      years.push(dateParts(date)[0]);
    }
  }

  for (const c of input.calls ?? []) {
    const place = [c.location, c.stageName].filter(Boolean).join(" · ");
    const link = `${origin}/day/${c.day}`;
    const updated = Date.parse(c.updatedAt);
    calendar.createEvent({
      id: `call-${c.id}@${host}`,
      // Seconds of the last write: grows with every change, as SEQUENCE must.
      sequence: Number.isFinite(updated) ? Math.floor(updated / 1000) : 0,
      stamp: Number.isFinite(updated) ? new Date(updated) : input.stamp,
      summary: `Call${place ? `: ${place}` : ""}${c.department ? ` (${c.department})` : ""}`,
      description: [c.notes?.trim(), `Your day sheet: ${link}`].filter(Boolean).join("\n\n"),
      url: link,
      ...(place ? { location: place } : {}),
      start: wallClockValue(c.day, c.startTime, zone),
      ...(c.endTime ? { end: wallClockValue(c.day, c.endTime, zone) } : {}),
      timezone: zone,
    });
    years.push(dateParts(c.day)[0]);
  }

  if (years.length > 0) {
    const first = Math.min(...years);
    // Recurring times run on past their first date: their zone's changes are written a few years ahead.
    const ahead = input.tasks.some((t) => t.recurrence) ? VTIMEZONE_YEARS_AHEAD : 1;
    const last = Math.min(Math.max(...years) + ahead, first + VTIMEZONE_MAX_YEARS);
    const write = input.timezoneText ?? vtimezone;
    calendar.timezone({ name: null, generator: (tz) => write(tz, first, last) });
  }
  return calendar.toString();
}

// ---- VTIMEZONE ---------------------------------------------------------------------------------------

const VTIMEZONE_YEARS_AHEAD = 5;
/** The most years one VTIMEZONE spans past its first: each year costs a few dozen Intl lookups. */
const VTIMEZONE_MAX_YEARS = 10;
/**
 * How far apart the scan looks at the zone's offset. No zone changes its offset twice within two weeks (the shortest
 * period of one offset, Morocco's Ramadan hour, lasts about a month), so none is missed; each change found is then
 * narrowed to the minute.
 */
const SCAN_STEP_MS = 14 * 86_400_000;
const HOUR_MS = 3_600_000;

/** `+0100`, `-0330`: an offset in milliseconds as a UTC-OFFSET value. */
function utcOffset(ms: number) {
  const minutes = Math.round(Math.abs(ms) / 60_000);
  return `${ms < 0 ? "-" : "+"}${pad2(Math.floor(minutes / 60))}${pad2(minutes % 60)}`;
}

/** An instant as the local DATE-TIME it reads on a clock `offset` ahead of UTC (`20260329T020000`). */
function localStamp(instant: number, offset: number) {
  return new Date(instant + offset).toISOString().slice(0, 19).replace(/[-:]/g, "");
}

/** The first instant (to the minute) in (from, to] at which the zone's offset differs from its offset at `from`. */
function transitionBetween(from: number, to: number, tz: string) {
  const before = offsetAt(from, tz);
  let low = from;
  let high = to;
  while (high - low > 60_000) {
    const mid = low + Math.floor((high - low) / 120_000) * 60_000;
    if (offsetAt(mid, tz) === before) low = mid;
    else high = mid;
  }
  return high;
}

/**
 * A VTIMEZONE for `tz` (RFC 5545 §3.6.5) covering the years `fromYear`–`toYear`, read from the runtime's own
 * timezone data (Intl): the offset on 1 January of the first year, then each change of offset found by a scan
 * every two weeks, each as an observance of its own (no RRULE), so zones whose rules changed or never followed a yearly
 * pattern come out right too. After the last year the last offset holds. Null for UTC, which needs none.
 */
export function vtimezone(tz: string, fromYear: number, toYear: number): string | null {
  if (tz === "UTC" || tz === "Etc/UTC") return null;
  const start = Date.UTC(fromYear, 0, 1) - 14 * HOUR_MS;
  const end = Date.UTC(toYear + 1, 0, 1);
  const changes: Array<{ at: number; from: number; to: number }> = [];
  let previous = offsetAt(start, tz);
  for (let step = start; step < end; step += SCAN_STEP_MS) {
    const next = Math.min(step + SCAN_STEP_MS, end);
    const offset = offsetAt(next, tz);
    if (offset !== previous) {
      const at = transitionBetween(step, next, tz);
      changes.push({ at, from: previous, to: offsetAt(at, tz) });
      previous = offset;
    }
  }
  const offsets = [offsetAt(start, tz), ...changes.map((c) => c.to)];
  // A year's lower offset is its standard time; the higher one is daylight saving time.
  const standard = (at: number) => {
    const year = new Date(at).getUTCFullYear();
    return Math.min(offsetAt(Date.UTC(year, 0, 1), tz), offsetAt(Date.UTC(year, 6, 1), tz));
  };
  const observance = (at: number, from: number, to: number) => {
    const kind = to > standard(at) ? "DAYLIGHT" : "STANDARD";
    return [
      `BEGIN:${kind}`,
      `DTSTART:${localStamp(at, from)}`,
      `TZOFFSETFROM:${utcOffset(from)}`,
      `TZOFFSETTO:${utcOffset(to)}`,
      `END:${kind}`,
    ];
  };
  const lines = [
    "BEGIN:VTIMEZONE",
    `TZID:${tz}`,
    ...observance(start, offsets[0], offsets[0]),
    ...changes.flatMap((change) => observance(change.at, change.from, change.to)),
    "END:VTIMEZONE",
  ];
  return lines.join("\r\n");
}
