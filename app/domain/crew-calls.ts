import { z } from "zod";
import { addDays, wallClock, zonedTimeToInstant } from "./dates";
import { capitalize } from "./labels";
import { optionalText, text } from "./schemas";
import { isCalendarDay, isClockTime } from "./show";

/**
 * Calls (issue 35, ADR 043): when and where a person, or a whole department, is wanted on an event day, and the
 * rules that warn about them. Times are the venue's wall clock (`HH:MM`) on a local day in the workspace timezone;
 * every length of time below is measured between real instants, so a day with a clock change is counted right.
 */

export const CALL_LOCATION_MAX = 100;
export const CALL_NOTES_MAX = 1000;
export const CALL_DEPARTMENT_MAX = 50;
/** A call without an end time holds the person for this long (ADR 043): two calls at the same minute clash. */
export const OPEN_CALL_MINUTES = 1;
/** Warnings a day answers at most (each names its calls; a day holds at most MAX_CALLS_PER_DAY calls). */
export const MAX_WARNINGS = 200;

export const END_BEFORE_START = "The end must be after the start";
export const WHO_REQUIRED = "Choose a person or a department";

const timeField = (label: string) =>
  text(label)
    .trim()
    .refine((v) => isClockTime(v), `${label} must be a time like 14:00`);

const optionalTimeField = (label: string) =>
  text(label)
    .trim()
    .nullish()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || isClockTime(v), `${label} must be a time like 14:00`);

const callDayField = text("Day").trim().refine(isCalendarDay, "Day must be a real date like 2026-06-06");

const idField = (label: string) =>
  text(label)
    .trim()
    .max(64, `${label} must be an id`)
    .nullish()
    .transform((v) => (v ? v : null));

/** The fields of a call as the API and the /calls forms send them (a form's emptied input is blank, hence null). */
const callFields = {
  day: callDayField,
  personId: idField("Person"),
  department: optionalText("Department", CALL_DEPARTMENT_MAX),
  start: timeField("Start"),
  end: optionalTimeField("End"),
  location: optionalText("Location", CALL_LOCATION_MAX),
  stageId: idField("Stage"),
  notes: optionalText("Notes", CALL_NOTES_MAX),
};

/** What is wrong with a call's times or its who, by field (empty when they fit). */
export function callProblems(call: {
  personId: string | null;
  department: string | null;
  start: string;
  end: string | null;
}): Record<string, string[]> {
  const problems: Record<string, string[]> = {};
  if (!call.personId && !call.department) problems.personId = [WHO_REQUIRED];
  if (call.end !== null && isClockTime(call.start) && call.end <= call.start) problems.end = [END_BEFORE_START];
  return problems;
}

/** `POST /api/calls` and the add form: a call for a person or a department, its end (if any) after its start. */
export const callCreateSchema = z.object(callFields).superRefine((call, ctx) => {
  for (const [field, messages] of Object.entries(callProblems(call))) {
    ctx.addIssue({ code: "custom", path: [field], message: messages[0] });
  }
});
export type CallCreateInput = z.infer<typeof callCreateSchema>;

/** `PATCH /api/calls/{id}`: any of the fields; the service checks the merged call with `callProblems`. */
export const callUpdateSchema = z
  .object({
    day: callDayField.optional(),
    personId: idField("Person").optional(),
    department: optionalText("Department", CALL_DEPARTMENT_MAX).optional(),
    start: timeField("Start").optional(),
    end: optionalTimeField("End").optional(),
    location: optionalText("Location", CALL_LOCATION_MAX).optional(),
    stageId: idField("Stage").optional(),
    notes: optionalText("Notes", CALL_NOTES_MAX).optional(),
  })
  .strict();
export type CallUpdateInput = z.infer<typeof callUpdateSchema>;

/** The edit form: every field, and the call's id. */
export const callEditFormSchema = z
  .object({ callId: text("Call").trim().min(1).max(64), ...callFields })
  .superRefine((call, ctx) => {
    for (const [field, messages] of Object.entries(callProblems(call))) {
      ctx.addIssue({ code: "custom", path: [field], message: messages[0] });
    }
  });

export const callIdSchema = z.object({ callId: text("Call").trim().min(1).max(64) });

/** `GET /api/calls?day=`. */
export const callsQuerySchema = z.object({ day: callDayField });

// ---- the rules -------------------------------------------------------------------------------------------------

export interface CallForRules {
  id: string;
  day: string;
  personId: string | null;
  department: string | null;
  start: string;
  end: string | null;
}

export interface PersonForRules {
  id: string;
  name: string;
  department: string | null;
  /** A member's entry: the cues they own name them by this id. */
  userId: string | null;
}

export interface CueForRules {
  id: string;
  title: string;
  /** UTC ISO instant, from the run of show's plan (app/domain/show.ts `planCues`). */
  plannedStart: string;
  department: string | null;
  assigneeId: string | null;
  assigneeName: string | null;
}

export type CrewWarningKind = "double-call" | "no-call-before-cue" | "outside-event" | "long-day" | "short-rest";

export interface CrewWarning {
  kind: CrewWarningKind;
  message: string;
  /** The calls it is about (none for a cue nobody is called for). */
  callIds: string[];
  personId?: string;
  department?: string;
  cueId?: string;
}

export interface CrewRulesInput {
  /** The day the warnings are for. */
  day: string;
  timezone: string;
  /** The calls of `day` and of the days either side (for the rest between days). */
  calls: readonly CallForRules[];
  people: readonly PersonForRules[];
  /** The day's cues, planned. */
  cues: readonly CueForRules[];
  /** The event's days (load-in, show and load-out days). */
  eventDays: readonly string[];
  dayLimitHours: number;
  restHours: number;
}

const MINUTE_MS = 60_000;
const lower = (value: string) => value.trim().toLowerCase();

/** A department as sentences show it: "audio" → "Audio". */
export const departmentLabel = (department: string) => capitalize(department.trim());

/** "5h", "13 h 30 min", "45 min": a length of time for people. */
export function describeHours(ms: number) {
  const minutes = Math.round(ms / MINUTE_MS);
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return [h ? `${h} h` : "", m || !h ? `${m} min` : ""].filter(Boolean).join(" ");
}

const hoursLabel = (hours: number) => `${hours}-hour`;

const dayFormat = new Intl.DateTimeFormat("en-GB", {
  weekday: "short",
  day: "numeric",
  month: "short",
  timeZone: "UTC",
});
/** "Fri 5 Jun". */
export const formatCallDay = (day: string) => dayFormat.format(new Date(`${day}T00:00:00Z`)).replace(",", "");

interface Span {
  call: CallForRules;
  /** Epoch ms. */
  start: number;
  end: number;
  /** The subject's own call (not only their department's). */
  own: boolean;
}

/** A call's span in real time: its start to its end, or OPEN_CALL_MINUTES for a call without an end. */
export function callSpan(call: Pick<CallForRules, "day" | "start" | "end">, timezone: string) {
  const start = zonedTimeToInstant(call.day, call.start, timezone).getTime();
  const end =
    call.end && call.end > call.start
      ? zonedTimeToInstant(call.day, call.end, timezone).getTime()
      : start + OPEN_CALL_MINUTES * MINUTE_MS;
  return { start, end };
}

/** The person's calls: their own and their department's. */
function callsOfPerson(person: PersonForRules, calls: readonly CallForRules[]) {
  const department = person.department ? lower(person.department) : null;
  return calls.filter(
    (c) =>
      c.personId === person.id ||
      (c.personId === null && department !== null && lower(c.department ?? "") === department),
  );
}

/** Who a cue's owner is in the directory: a member by their account, an outside owner by name. */
export function cueOwnerOf(cue: Pick<CueForRules, "assigneeId" | "assigneeName">, people: readonly PersonForRules[]) {
  if (cue.assigneeId) return people.find((p) => p.userId === cue.assigneeId) ?? null;
  if (cue.assigneeName) return people.find((p) => lower(p.name) === lower(cue.assigneeName!)) ?? null;
  return null;
}

interface Subject {
  label: string;
  personId?: string;
  department?: string;
  spans: Span[];
}

/**
 * Whose calls the rules look at: each person (their own calls and their department's) and each department (its
 * calls). A person's warning needs one of their own calls in it, so a clash of two department calls is said once,
 * of the department.
 */
function subjectsOf(input: Pick<CrewRulesInput, "calls" | "people" | "timezone">): Subject[] {
  const spanOf = (call: CallForRules, own: boolean): Span => ({ call, own, ...callSpan(call, input.timezone) });
  const subjects: Subject[] = [];
  for (const person of input.people) {
    const calls = callsOfPerson(person, input.calls);
    if (!calls.some((c) => c.personId === person.id)) continue;
    subjects.push({
      label: person.name,
      personId: person.id,
      spans: calls.map((c) => spanOf(c, c.personId === person.id)).sort((a, b) => a.start - b.start),
    });
  }
  const departments = new Map<string, CallForRules[]>();
  for (const call of input.calls) {
    if (call.personId !== null || !call.department) continue;
    const key = lower(call.department);
    departments.set(key, [...(departments.get(key) ?? []), call]);
  }
  for (const calls of departments.values()) {
    subjects.push({
      label: departmentLabel(calls[0].department!),
      department: calls[0].department!,
      spans: calls.map((c) => spanOf(c, true)).sort((a, b) => a.start - b.start),
    });
  }
  return subjects;
}

const who = (subject: Subject) => ({
  ...(subject.personId ? { personId: subject.personId } : {}),
  ...(subject.department ? { department: subject.department } : {}),
});

/** (a) Two calls of one person (or one department) at once on `day`. */
function doubleCalls(subject: Subject, day: string, timezone: string): CrewWarning[] {
  const spans = subject.spans.filter((s) => s.call.day === day);
  const warnings: CrewWarning[] = [];
  for (let i = 0; i < spans.length; i++) {
    for (let j = i + 1; j < spans.length && spans[j].start < spans[i].end; j++) {
      if (!spans[i].own && !spans[j].own) continue;
      const at = wallClock(new Date(spans[j].start), timezone).time;
      warnings.push({
        kind: "double-call",
        message: `${subject.label} is called twice at ${at}`,
        callIds: [spans[i].call.id, spans[j].call.id],
        ...who(subject),
      });
    }
  }
  return warnings;
}

/** (d) A day longer than the limit: from the first call's start to the last call's end. */
function longDay(subject: Subject, day: string, limitHours: number): CrewWarning[] {
  const spans = subject.spans.filter((s) => s.call.day === day);
  if (!spans.some((s) => s.own) || spans.length === 0) return [];
  const first = Math.min(...spans.map((s) => s.start));
  const last = Math.max(...spans.map((s) => s.end));
  if (last - first <= limitHours * 3_600_000) return [];
  return [
    {
      kind: "long-day",
      message: `${subject.label}'s day on ${formatCallDay(day)} is ${describeHours(last - first)}, over the ${hoursLabel(limitHours)} limit`,
      callIds: spans.map((s) => s.call.id),
      ...who(subject),
    },
  ];
}

/** (e) Less rest than the limit between the last end of one day and the first start of the next. */
function shortRests(subject: Subject, day: string, restHours: number): CrewWarning[] {
  const byDay = new Map<string, Span[]>();
  for (const span of subject.spans) byDay.set(span.call.day, [...(byDay.get(span.call.day) ?? []), span]);
  const warnings: CrewWarning[] = [];
  for (const [earlier, later] of [
    [addDays(day, -1), day],
    [day, addDays(day, 1)],
  ]) {
    const before = byDay.get(earlier);
    const after = byDay.get(later);
    if (!before || !after) continue;
    if (!before.some((s) => s.own) && !after.some((s) => s.own)) continue;
    const lastEnd = before.reduce((a, b) => (b.end > a.end ? b : a));
    const firstStart = after.reduce((a, b) => (b.start < a.start ? b : a));
    const rest = firstStart.start - lastEnd.end;
    if (rest >= restHours * 3_600_000) continue;
    warnings.push({
      kind: "short-rest",
      message: `${subject.label} has ${rest > 0 ? describeHours(rest) : "no"} rest between ${formatCallDay(earlier)} and ${formatCallDay(later)}, under the ${hoursLabel(restHours)} minimum`,
      callIds: [lastEnd.call.id, firstStart.call.id],
      ...who(subject),
    });
  }
  return warnings;
}

/** (b) Cues whose owner or department has no call starting at or before the cue's planned start that day. */
function uncalledCues(input: CrewRulesInput): CrewWarning[] {
  const dayCalls = input.calls.filter((c) => c.day === input.day);
  const startOf = (c: CallForRules) => zonedTimeToInstant(c.day, c.start, input.timezone).getTime();
  const warnings: CrewWarning[] = [];
  for (const cue of input.cues) {
    const cueStart = Date.parse(cue.plannedStart);
    const at = wallClock(new Date(cueStart), input.timezone).time;
    const calledBefore = (calls: readonly CallForRules[]) => calls.some((c) => startOf(c) <= cueStart);
    const ownerName = cue.assigneeName?.trim();
    if (cue.assigneeId || ownerName) {
      const owner = cueOwnerOf(cue, input.people);
      if (!owner || !calledBefore(callsOfPerson(owner, dayCalls))) {
        const name = owner?.name ?? ownerName ?? "The owner";
        warnings.push({
          kind: "no-call-before-cue",
          message: `${name} has no call before “${cue.title}” at ${at}`,
          callIds: [],
          cueId: cue.id,
          ...(owner ? { personId: owner.id } : {}),
        });
      }
    }
    if (cue.department) {
      const department = lower(cue.department);
      const members = new Set(input.people.filter((p) => lower(p.department ?? "") === department).map((p) => p.id));
      const calls = dayCalls.filter(
        (c) =>
          (c.personId === null && lower(c.department ?? "") === department) || (c.personId && members.has(c.personId)),
      );
      if (!calledBefore(calls)) {
        warnings.push({
          kind: "no-call-before-cue",
          message: `${departmentLabel(cue.department)} has no call before “${cue.title}” at ${at}`,
          callIds: [],
          cueId: cue.id,
          department: cue.department,
        });
      }
    }
  }
  return warnings;
}

/** (c) Calls on a day that is not one of the event's days (left there when the event's dates moved). */
function outsideEvent(input: CrewRulesInput, people: ReadonlyMap<string, PersonForRules>): CrewWarning[] {
  if (input.eventDays.includes(input.day)) return [];
  return input.calls
    .filter((c) => c.day === input.day)
    .map((c) => {
      const name = c.personId ? (people.get(c.personId)?.name ?? "Someone") : departmentLabel(c.department ?? "");
      return {
        kind: "outside-event" as const,
        message: `${name}'s call at ${c.start} on ${formatCallDay(c.day)} is outside the event's days`,
        callIds: [c.id],
        ...(c.personId ? { personId: c.personId } : { department: c.department ?? "" }),
      };
    });
}

/**
 * Every warning about `input.day`'s calls: double calls, cues nobody is called for, calls outside the event, days
 * over the limit and too little rest before or after the day. At most MAX_WARNINGS, in that order.
 */
export function crewCallWarnings(input: CrewRulesInput): CrewWarning[] {
  const people = new Map(input.people.map((p) => [p.id, p]));
  const subjects = subjectsOf(input);
  const warnings: CrewWarning[] = [
    ...subjects.flatMap((s) => doubleCalls(s, input.day, input.timezone)),
    ...uncalledCues(input),
    ...outsideEvent(input, people),
    ...subjects.flatMap((s) => longDay(s, input.day, input.dayLimitHours)),
    ...subjects.flatMap((s) => shortRests(s, input.day, input.restHours)),
  ];
  return warnings.slice(0, MAX_WARNINGS);
}

/**
 * The call a cue's caller answers (the cue sheet's "Call 13:00 · Stage door"): the owner's latest call (own or
 * their department's) starting at or before the cue, else the cue's department's; null when the cue has neither
 * owner nor department. `{ call: null }` when they have no call before it.
 */
export function callerCallOf<C extends CallForRules>(
  cue: CueForRules,
  people: readonly PersonForRules[],
  dayCalls: readonly C[],
  timezone: string,
): { call: C | null } | null {
  const cueStart = Date.parse(cue.plannedStart);
  const latestBefore = (calls: readonly C[]) =>
    calls
      .filter((c) => zonedTimeToInstant(c.day, c.start, timezone).getTime() <= cueStart)
      .sort((a, b) => b.start.localeCompare(a.start))[0] ?? null;
  const owner = cueOwnerOf(cue, people);
  if (owner) {
    const call = latestBefore(callsOfPerson(owner, dayCalls) as C[]);
    if (call || !cue.department) return { call };
  }
  if (cue.department) {
    const department = lower(cue.department);
    return {
      call: latestBefore(dayCalls.filter((c) => c.personId === null && lower(c.department ?? "") === department)),
    };
  }
  return cue.assigneeId || cue.assigneeName ? { call: null } : null;
}

/** The call's times for people: "13:00–17:00", or "13:00" without an end. */
export const callTimesLabel = (call: { start: string; end: string | null }) =>
  call.end ? `${call.start}–${call.end}` : call.start;

/**
 * The cue sheet's "Call 13:00 · Stage door" for each cue with an owner or a department (cue id → label), or null
 * when the caller has no call before the cue. `where` names a call's place: its location, else its stage.
 */
export function cueCallLabels<C extends CallForRules & { location: string | null; stageId: string | null }>(
  cues: readonly CueForRules[],
  people: readonly PersonForRules[],
  dayCalls: readonly C[],
  stageNames: ReadonlyMap<string, string>,
  timezone: string,
): Record<string, string | null> {
  const labels: Record<string, string | null> = {};
  for (const cue of cues) {
    const caller = callerCallOf(cue, people, dayCalls, timezone);
    if (!caller) continue;
    const call = caller.call;
    const where = call && (call.location ?? (call.stageId ? stageNames.get(call.stageId) : undefined));
    labels[cue.id] = call ? [`Call ${callTimesLabel(call)}`, where].filter(Boolean).join(" · ") : null;
  }
  return labels;
}
