import {
  eventDays,
  planCues,
  venueClock,
  type CueInput,
  type CueTiming,
  type EventDay,
  type EventDaySettings,
} from "./show";
import { NO_STAGE_LABEL } from "./stages";

/**
 * Day sheets (issue 35, ADR 044): one person's event day on one page: where and when they are called, the cues
 * they own or their department runs (with the run of show's planned times), their open tasks due that day, and the
 * key contacts the owner marked. Composed here from rows the service reads in one batch, so the page, the crew
 * link, the evening Slack DM and the change DM all say the same thing.
 *
 * Privacy: the sheet carries the person's own phone and email (it is their sheet) and the key contacts' (the owner
 * chose to publish those); no one else's.
 */

/** Tasks listed on one sheet; the rest are counted. */
export const DAY_SHEET_MAX_TASKS = 30;
/** Key contacts listed on one sheet. */
export const DAY_SHEET_MAX_KEY_CONTACTS = 20;

export interface DaySheetPerson {
  id: string;
  name: string;
  role: string | null;
  department: string | null;
  company: string | null;
  phone: string | null;
  email: string | null;
  /** The member's account, when they are one. */
  userId: string | null;
}

export interface DaySheetCall {
  id: string;
  /** `HH:MM` on the venue's wall clock. */
  startTime: string;
  endTime: string | null;
  location: string | null;
  /** The stage or room the call is at, by name (null: none). */
  stageName: string | null;
  notes: string | null;
  /** Set when the call is for the person's whole department rather than for them by name. */
  department: string | null;
}

export interface DaySheetCue {
  id: string;
  title: string;
  /** The planned start and end on the venue's wall clock: `HH:MM`, with ` (+1)` once past midnight. */
  start: string;
  end: string;
  /** UTC instants. */
  plannedStart: string;
  plannedEnd: string;
  /** The stage's name, or null for a workspace without stages. */
  stageName: string | null;
  department: string | null;
  /** Why it is on this sheet: the person owns it, or their department runs it. */
  reason: "owner" | "department";
}

export interface DaySheetTask {
  id: string;
  title: string;
  priority: string;
  /** `HH:MM` when the task is due at a time that day; null when due on the day. */
  dueTime: string | null;
}

export interface DaySheetContact {
  id: string;
  name: string;
  role: string | null;
  department: string | null;
  phone: string | null;
  email: string | null;
}

export interface DaySheet {
  day: string;
  timezone: string;
  eventName: string | null;
  venueAddress: string | null;
  /** This day's place among the event's days; null when the day is not one of them. */
  eventDay: EventDay | null;
  /** Every event day, so a sheet for another day can link to them. */
  eventDays: EventDay[];
  person: DaySheetPerson;
  calls: DaySheetCall[];
  cues: DaySheetCue[];
  tasks: DaySheetTask[];
  /** Open tasks due that day in all (`tasks` holds at most DAY_SHEET_MAX_TASKS). */
  taskTotal: number;
  keyContacts: DaySheetContact[];
}

// ---- inputs: the rows the service reads --------------------------------------------------------------------

export interface DaySheetWorkspace extends EventDaySettings {
  eventName: string | null;
  venueAddress: string | null;
}

export interface DaySheetCallRow {
  id: string;
  day: string;
  personId: string | null;
  department: string | null;
  startTime: string;
  endTime: string | null;
  location: string | null;
  stageId: string | null;
  notes: string | null;
}

export interface DaySheetCueRow {
  id: string;
  title: string;
  start: string | null;
  durationSeconds: number;
  timing: string;
  department: string | null;
  assigneeId: string | null;
  assigneeName: string | null;
  stageId: string | null;
  position: number;
}

export interface DaySheetTaskRow {
  id: string;
  title: string;
  priority: string;
  /** `YYYY-MM-DD[THH:MM]`. */
  dueDate: string | null;
}

export interface DaySheetInput {
  workspace: DaySheetWorkspace;
  day: string;
  person: DaySheetPerson;
  stages: ReadonlyArray<{ id: string; name: string }>;
  /** Every call of the day (the sheet keeps the person's and their department's). */
  calls: readonly DaySheetCallRow[];
  /** Every cue of the day, every stage's, in position order (each stage is planned as its own sheet). */
  cues: readonly DaySheetCueRow[];
  /** The person's open tasks due that day. */
  tasks: readonly DaySheetTaskRow[];
  keyContacts: readonly DaySheetContact[];
}

const same = (a: string | null, b: string | null) =>
  a !== null && b !== null && a.trim().toLowerCase() === b.trim().toLowerCase();

/** Whether a cue is this person's: a member owns it by account, an outside person by name, or their department runs it. */
export function cueReason(
  cue: Pick<DaySheetCueRow, "assigneeId" | "assigneeName" | "department">,
  person: Pick<DaySheetPerson, "userId" | "name" | "department">,
): DaySheetCue["reason"] | null {
  if (person.userId !== null && cue.assigneeId === person.userId) return "owner";
  if (cue.assigneeId === null && same(cue.assigneeName, person.name)) return "owner";
  if (same(cue.department, person.department)) return "department";
  return null;
}

/** Whether a call is for this person: by name, or for their whole department. */
export function callIsFor(call: Pick<DaySheetCallRow, "personId" | "department">, person: DaySheetPerson) {
  if (call.personId !== null) return call.personId === person.id;
  return same(call.department, person.department);
}

/** "18:00", or "00:30 (+1)" past midnight, as the run of show writes it. */
function sheetClock(instant: string, timezone: string, day: string) {
  const { time, dayOffset } = venueClock(instant, timezone, day);
  return dayOffset === 0 ? time : `${time} (${dayOffset > 0 ? "+" : ""}${dayOffset})`;
}

/** The sheet of `input.person` for `input.day`. */
export function composeDaySheet(input: DaySheetInput): DaySheet {
  const { workspace, day, person, stages } = input;
  const timezone = workspace.timezone;
  const stageNames = new Map(stages.map((s) => [s.id, s.name]));
  const stageName = (id: string | null) => (id === null ? null : (stageNames.get(id) ?? null));

  const calls = input.calls
    .filter((c) => c.day === day && callIsFor(c, person))
    .map((c): DaySheetCall => ({
      id: c.id,
      startTime: c.startTime,
      endTime: c.endTime,
      location: c.location,
      stageName: stageName(c.stageId),
      notes: c.notes,
      department: c.personId === null ? c.department : null,
    }))
    .sort((a, b) => (a.startTime === b.startTime ? a.id.localeCompare(b.id) : a.startTime < b.startTime ? -1 : 1));

  // Each stage's cues are one sheet of the run of show: planned on their own, then kept when they are the person's.
  const bySheet = new Map<string | null, DaySheetCueRow[]>();
  for (const cue of input.cues) bySheet.set(cue.stageId, [...(bySheet.get(cue.stageId) ?? []), cue]);
  const cues: DaySheetCue[] = [];
  for (const [stageId, rows] of bySheet) {
    const inputs = rows.map((r): CueInput => ({
      id: r.id,
      title: r.title,
      start: r.start,
      duration: r.durationSeconds,
      timing: r.timing as CueTiming,
      department: r.department,
      assigneeId: r.assigneeId,
      assigneeName: r.assigneeName,
      notes: null,
      taskIds: [],
      openTaskCount: 0,
      position: r.position,
    }));
    const planned = planCues(day, timezone, inputs).cues;
    for (const cue of planned) {
      const reason = cueReason(cue, person);
      if (!reason) continue;
      cues.push({
        id: cue.id,
        title: cue.title,
        start: sheetClock(cue.plannedStart, timezone, day),
        end: sheetClock(cue.plannedEnd, timezone, day),
        plannedStart: cue.plannedStart,
        plannedEnd: cue.plannedEnd,
        stageName: stageId === null ? (stages.length ? NO_STAGE_LABEL : null) : stageName(stageId),
        department: cue.department,
        reason,
      });
    }
  }
  cues.sort((a, b) =>
    a.plannedStart === b.plannedStart ? a.id.localeCompare(b.id) : a.plannedStart < b.plannedStart ? -1 : 1,
  );

  const dueOnDay = input.tasks.filter((t) => t.dueDate !== null && t.dueDate.slice(0, 10) === day);
  const tasks = dueOnDay
    .map((t): DaySheetTask => ({
      id: t.id,
      title: t.title,
      priority: t.priority,
      dueTime: t.dueDate!.slice(11, 16) || null,
    }))
    // Timed tasks first by time, then those due on the day.
    .sort((a, b) => (a.dueTime ?? "99:99").localeCompare(b.dueTime ?? "99:99") || a.title.localeCompare(b.title));

  const days = eventDays(workspace);
  return {
    day,
    timezone,
    eventName: workspace.eventName,
    venueAddress: workspace.venueAddress,
    eventDay: days.find((d) => d.day === day) ?? null,
    eventDays: days,
    person,
    calls,
    cues,
    tasks: tasks.slice(0, DAY_SHEET_MAX_TASKS),
    taskTotal: tasks.length,
    keyContacts: input.keyContacts.filter((c) => c.id !== person.id).slice(0, DAY_SHEET_MAX_KEY_CONTACTS),
  };
}

/** Whether the sheet has anything for the person that day (the evening DM goes only to those). */
export function daySheetHasWork(sheet: Pick<DaySheet, "calls" | "cues" | "taskTotal">) {
  return sheet.calls.length > 0 || sheet.cues.length > 0 || sheet.taskTotal > 0;
}

// ---- what changed since a sheet was sent ---------------------------------------------------------------------

/** What a sent sheet is compared by: its calls and cues (tasks change all day and are not announced). */
export interface DaySheetSnapshot {
  calls: Array<{ id: string; startTime: string; endTime: string | null; place: string | null }>;
  cues: Array<{ id: string; title: string; start: string }>;
}

const callPlace = (call: Pick<DaySheetCall, "location" | "stageName">) => call.location ?? call.stageName ?? null;

export function daySheetSnapshot(sheet: Pick<DaySheet, "calls" | "cues">): DaySheetSnapshot {
  return {
    calls: sheet.calls.map((c) => ({ id: c.id, startTime: c.startTime, endTime: c.endTime, place: callPlace(c) })),
    cues: sheet.cues.map((c) => ({ id: c.id, title: c.title, start: c.start })),
  };
}

/** Lines of a change DM, at most this many (the rest are counted in one more line). */
export const MAX_CHANGE_LINES = 12;

/**
 * What changed between a sent sheet and the sheet now, one plain line each: "Your call moved 14:00 → 13:00",
 * "Doors moved 19:00 → 19:30", "New call 09:00 Load-in", "Call at 10:00 removed". Empty when nothing a person acts
 * on changed.
 */
export function describeDaySheetChanges(before: DaySheetSnapshot, after: DaySheetSnapshot): string[] {
  const lines: string[] = [];
  const oldCalls = new Map(before.calls.map((c) => [c.id, c]));
  const newCallIds = new Set(after.calls.map((c) => c.id));
  for (const call of after.calls) {
    const old = oldCalls.get(call.id);
    if (!old) {
      lines.push(`New call ${call.startTime}${call.place ? ` ${call.place}` : ""}`);
      continue;
    }
    if (old.startTime !== call.startTime) lines.push(`Your call moved ${old.startTime} → ${call.startTime}`);
    if (old.endTime !== call.endTime) {
      lines.push(
        call.endTime
          ? `Your ${call.startTime} call now ends ${call.endTime}${old.endTime ? ` (was ${old.endTime})` : ""}`
          : `Your ${call.startTime} call has no end time now`,
      );
    }
    if (old.place !== call.place) {
      lines.push(
        call.place
          ? `Your ${call.startTime} call is now at ${call.place}`
          : `Your ${call.startTime} call has no location now`,
      );
    }
  }
  for (const old of before.calls) if (!newCallIds.has(old.id)) lines.push(`Call at ${old.startTime} removed`);

  const oldCues = new Map(before.cues.map((c) => [c.id, c]));
  const newCueIds = new Set(after.cues.map((c) => c.id));
  for (const cue of after.cues) {
    const old = oldCues.get(cue.id);
    if (!old) {
      lines.push(`New cue ${cue.start} ${cue.title}`);
      continue;
    }
    if (old.title !== cue.title) lines.push(`${old.title} is now called ${cue.title}`);
    if (old.start !== cue.start) lines.push(`${cue.title} moved ${old.start} → ${cue.start}`);
  }
  for (const old of before.cues)
    if (!newCueIds.has(old.id)) lines.push(`${old.title} (${old.start}) is no longer on your day`);

  if (lines.length <= MAX_CHANGE_LINES) return lines;
  const rest = lines.length - (MAX_CHANGE_LINES - 1);
  return [...lines.slice(0, MAX_CHANGE_LINES - 1), `and ${rest} more changes: open your day sheet`];
}
