import { addDays, daysBetween, todayIn, wallClock, zonedTimeToInstant } from "./dates";
import { eventWallClock } from "./event-settings";
import { findStageByName, NO_STAGE_LABEL, type Stage } from "./stages";

/**
 * The run of show (issue 17, ADR 024): one ordered list of cues per event day. A cue's `start` is the venue's wall
 * clock (`HH:MM`) in the workspace timezone; its planned start and end are instants computed here from the cues
 * before it, so the sheet, the API, the share link and show mode all read the same plan.
 */

/** `fixed` keeps its own start; `flexible` starts when the cue before it ends. */
export type CueTiming = "fixed" | "flexible";
export const CUE_TIMINGS = ["fixed", "flexible"] as const satisfies readonly CueTiming[];

/** The departments a cue belongs to out of the box; a workspace's task categories are offered beside them. */
export const DEPARTMENTS = ["audio", "lighting", "video", "stage", "talent", "hospitality", "security"] as const;

export const CUE_TITLE_MAX = 200;
export const CUE_NOTES_MAX = 2000;
export const CUE_DEPARTMENT_MAX = 50;
/** A day's rundown holds at most this many cues: a long festival day has a few dozen. */
export const MAX_CUES_PER_DAY = 200;
/** Tasks linked to one cue. */
export const MAX_CUE_TASKS = 20;
/** One cue lasts at most a day. */
export const MAX_CUE_DURATION_SECONDS = 24 * 3600;
/** How many show days the settings can span (a festival fortnight and more, never an unbounded list). */
export const MAX_SHOW_DAYS = 31;

export interface PlannedCue {
  id: string;
  title: string;
  /** "HH:MM" on the venue wall clock: a fixed cue's start, a flexible cue's hint (used only when it opens the day). */
  start: string | null;
  /** Seconds. */
  duration: number;
  timing: CueTiming;
  department: string | null;
  assigneeId: string | null;
  assigneeName: string | null;
  notes: string | null;
  taskIds: string[];
  /** Linked tasks not yet completed. */
  openTaskCount: number;
  position: number;
  /** UTC ISO instants. */
  plannedStart: string;
  plannedEnd: string;
  /** Every linked task is completed (a cue without tasks is ready). */
  ready: boolean;
}

export type CueInput = Omit<PlannedCue, "plannedStart" | "plannedEnd" | "ready">;

/** Between two consecutive cues of which the later is fixed: time nobody planned for, or two cues at once. */
export interface ShowConflict {
  kind: "gap" | "overlap";
  /** The later, fixed cue. */
  cueId: string;
  previousCueId: string;
  seconds: number;
}

export interface ShowDay {
  day: string;
  /** The stage whose sheet this is (ADR 037); null: the cues on no stage (a workspace without stages has only these). */
  stageId: string | null;
  timezone: string;
  cues: PlannedCue[];
  conflicts: ShowConflict[];
  /** When the last cue ends (UTC ISO); null for an empty day. */
  plannedEnd: string | null;
}

const CLOCK_RE = /^([01]\d|2[0-3]):([0-5]\d)$/;
const DAY_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether `value` is a wall-clock time `HH:MM` (00:00–23:59). */
export function isClockTime(value: string) {
  return CLOCK_RE.test(value);
}

/** Whether `value` is a real calendar day `YYYY-MM-DD`. */
export function isCalendarDay(value: string) {
  const m = DAY_RE.exec(value);
  if (!m) return false;
  return addDays(value, 0) === value && +m[1] >= 1970;
}

/**
 * The planned times of one day's cues, in their order:
 * - a fixed cue (with a start) starts at its start on the wall clock of the day the plan has reached: the show
 *   day, or a later one once the cues have run past midnight. A fixed start earlier than the previous cue's planned
 *   start belongs to the next calendar day (23:30 then 00:15 is a quarter to one after midnight);
 * - a flexible cue (or a fixed one without a start) starts when the cue before it ends;
 * - the first cue, if flexible, starts at its own start hint; without one the cues before the day's first fixed cue
 *   are back-timed to end when it starts (a rundown's usual "walk-in, then doors at 19:00"); with no fixed cue at
 *   all the day starts at 00:00.
 * Instants go through the workspace timezone, so a day with a DST change is right: a flexible cue lasts its real
 * seconds, a fixed cue keeps its wall-clock start. A gap or overlap is flagged where the later of two consecutive
 * cues is fixed (a flexible cue cannot have either).
 */
export function planCues(
  day: string,
  timezone: string,
  cues: readonly CueInput[],
): { cues: PlannedCue[]; conflicts: ShowConflict[]; plannedEnd: string | null } {
  const planned: PlannedCue[] = [];
  const conflicts: ShowConflict[] = [];
  let previous: { id: string; start: number; end: number } | null = null;
  let latestEnd: number | null = null;
  const firstStart = openingInstant(day, timezone, cues);

  for (const cue of cues) {
    let start: number;
    const fixed = cue.timing === "fixed" && cue.start !== null && isClockTime(cue.start);
    if (fixed) {
      start = fixedInstant(cue.start!, previous ? wallClock(new Date(previous.start), timezone).date : day, timezone);
      if (previous && start < previous.start) {
        start = fixedInstant(cue.start!, addDays(wallClock(new Date(previous.start), timezone).date, 1), timezone);
      }
      if (previous && start !== previous.end) {
        const seconds = Math.round(Math.abs(start - previous.end) / 1000);
        conflicts.push({
          kind: start > previous.end ? "gap" : "overlap",
          cueId: cue.id,
          previousCueId: previous.id,
          seconds,
        });
      }
    } else {
      start = previous ? previous.end : firstStart;
    }
    const end: number = start + Math.max(0, cue.duration) * 1000;
    planned.push({
      ...cue,
      plannedStart: new Date(start).toISOString(),
      plannedEnd: new Date(end).toISOString(),
      ready: cue.openTaskCount === 0,
    });
    previous = { id: cue.id, start, end };
    latestEnd = latestEnd === null ? end : Math.max(latestEnd, end);
  }
  return { cues: planned, conflicts, plannedEnd: latestEnd === null ? null : new Date(latestEnd).toISOString() };
}

function fixedInstant(start: string, date: string, timezone: string) {
  return zonedTimeToInstant(date, start, timezone).getTime();
}

/** Where a day whose first cue is flexible begins (see planCues). */
function openingInstant(day: string, timezone: string, cues: readonly CueInput[]) {
  const first = cues[0];
  if (first && first.start !== null && isClockTime(first.start)) return fixedInstant(first.start, day, timezone);
  const firstFixed = cues.findIndex((c) => c.timing === "fixed" && c.start !== null && isClockTime(c.start));
  if (firstFixed > 0) {
    const before = cues.slice(0, firstFixed).reduce((sum, c) => sum + Math.max(0, c.duration), 0);
    return fixedInstant(cues[firstFixed].start!, day, timezone) - before * 1000;
  }
  return fixedInstant("00:00", day, timezone);
}

export type EventDayKind = "load-in" | "show" | "load-out";

export interface EventDay {
  day: string;
  kind: EventDayKind;
}

export interface EventDaySettings {
  /** The show's start as a UTC instant (ISO). */
  eventDate: string | null;
  /** Local calendar days (`YYYY-MM-DD`) in `timezone`. */
  eventEndDate: string | null;
  loadInDate: string | null;
  loadOutDate: string | null;
  timezone: string;
}

/**
 * The event's days in order: the load-in day (when set and before the show), the show days from the event date's
 * local day through `eventEndDate` (one day when that is unset or earlier; at most MAX_SHOW_DAYS), and the load-out
 * day (when set and after the show). No event date, no days.
 */
export function eventDays(workspace: EventDaySettings): EventDay[] {
  const local = eventWallClock(workspace.eventDate, workspace.timezone);
  if (!local) return [];
  const first = local.date;
  const end = workspace.eventEndDate && isCalendarDay(workspace.eventEndDate) ? workspace.eventEndDate : first;
  const count = Math.min(Math.max(daysBetween(first, end), 0) + 1, MAX_SHOW_DAYS);
  const showDays = Array.from({ length: count }, (_, i): EventDay => ({ day: addDays(first, i), kind: "show" }));
  const last = showDays[showDays.length - 1].day;
  const days: EventDay[] = [];
  const { loadInDate, loadOutDate } = workspace;
  if (loadInDate && isCalendarDay(loadInDate) && loadInDate < first) days.push({ day: loadInDate, kind: "load-in" });
  days.push(...showDays);
  if (loadOutDate && isCalendarDay(loadOutDate) && loadOutDate > last)
    days.push({ day: loadOutDate, kind: "load-out" });
  return days;
}

/**
 * The day `/show` opens on: today (on the venue's clock) when it is an event day, else the first show day; a
 * workspace without an event date plans today.
 */
export function defaultShowDay(workspace: EventDaySettings, now: Date): string {
  const today = todayIn(workspace.timezone, now);
  const days = eventDays(workspace);
  if (days.some((d) => d.day === today)) return today;
  return days.find((d) => d.kind === "show")?.day ?? today;
}

/** How a cue's duration is written, said the same on the form, in the CSV help and in every refusal. */
export const DURATION_HINT = "15 min, 1 h 30 min or 45 s (a plain number is minutes; 1:30 is 1 min 30 s)";

const CLOCK_DURATION_RE = /^(\d{1,4})(?::([0-5]\d))?(?::([0-5]\d))?$/;
// Matched with the spaces taken out, so no two optional parts compete for the same characters.
const UNIT_DURATION_RE =
  /^(?:(\d{1,2})h(?:ours?|rs?)?)?(?:(\d{1,4})m(?:in(?:ute)?s?)?)?(?:(\d{1,5})s(?:ec(?:ond)?s?)?)?$/;

/**
 * A duration as producers type it, in seconds: minutes (`15`), with units (`15 min`, `1 h 30 min`, `45 s`), a
 * stopwatch's minutes and seconds (`1:30`) or hours, minutes and seconds (`1:05:00`). Null for anything else, for
 * nothing at all, and past a day; zero is returned (and refused by the forms).
 */
export function parseDuration(text: string): number | null {
  const trimmed = text.trim();
  const clock = CLOCK_DURATION_RE.exec(trimmed);
  let seconds: number | null = null;
  if (clock) {
    const [, a, b, c] = clock;
    seconds = c !== undefined ? +a * 3600 + +b * 60 + +c : b !== undefined ? +a * 60 + +b : +a * 60;
  } else {
    const units = UNIT_DURATION_RE.exec(trimmed.toLowerCase().replace(/\s+/g, ""));
    if (units && (units[1] ?? units[2] ?? units[3]) !== undefined) {
      seconds = +(units[1] ?? 0) * 3600 + +(units[2] ?? 0) * 60 + +(units[3] ?? 0);
    }
  }
  return seconds !== null && seconds <= MAX_CUE_DURATION_SECONDS ? seconds : null;
}

/** A duration for people, which `parseDuration` reads back: "1 h 5 min", "45 min", "1 min 30 s", "0 min". */
export function describeDuration(seconds: number) {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const parts = [h ? `${h} h` : "", m || (!h && !s) ? `${m} min` : "", s ? `${s} s` : ""];
  return parts.filter(Boolean).join(" ");
}

/** Total planned seconds per department ("No department" last), in the order departments first appear. */
export function departmentTotals(cues: readonly Pick<PlannedCue, "department" | "duration">[]) {
  const totals = new Map<string | null, number>();
  for (const cue of cues) totals.set(cue.department, (totals.get(cue.department) ?? 0) + cue.duration);
  return [...totals]
    .sort(([a], [b]) => Number(a === null) - Number(b === null))
    .map(([department, seconds]) => ({ department, seconds }));
}

/** Where each cue goes when one of them moves a place up or down (`ids` unchanged when it cannot move). */
export function moveCue(ids: readonly string[], id: string, direction: "up" | "down") {
  const from = ids.indexOf(id);
  const to = direction === "up" ? from - 1 : from + 1;
  if (from < 0 || to < 0 || to >= ids.length) return [...ids];
  const next = [...ids];
  [next[from], next[to]] = [next[to], next[from]];
  return next;
}

// ---- CSV ----------------------------------------------------------------------------------------------------

/** The run of show's CSV columns, export and import alike; `stage` is blank for the cues on no stage (ADR 037). */
export const CUE_CSV_COLUMNS = [
  "title",
  "start",
  "duration",
  "timing",
  "department",
  "owner",
  "notes",
  "stage",
] as const;
type CueCsvColumn = (typeof CUE_CSV_COLUMNS)[number];

/**
 * A day's sheets as CSV rows (the header is `CUE_CSV_COLUMNS`), sheet after sheet; durations as `parseDuration` reads
 * them back, the stage by its name.
 */
export function cueCsvRows(sheets: readonly Pick<ShowDay, "stageId" | "cues">[], stages: readonly Stage[]) {
  return sheets.flatMap((sheet) =>
    sheet.cues.map((c) => [
      c.title,
      c.start,
      describeDuration(c.duration),
      c.timing,
      c.department,
      c.assigneeName,
      c.notes,
      sheet.stageId === null ? null : (stages.find((s) => s.id === sheet.stageId)?.name ?? null),
    ]),
  );
}

export interface CueCsvRow {
  line: number;
  title: string;
  start: string | null;
  duration: number;
  timing: CueTiming;
  department: string | null;
  owner: string | null;
  notes: string | null;
  /** The stage the row names; undefined when its stage cell is blank (the import's own sheet takes it). */
  stageId: string | null | undefined;
}

/**
 * Reads imported rows (header first, in any column order, `title` and `duration` required) into cues, or every
 * problem found, each naming its line ("Line 4: duration must be like 15 min …"), so an import is all or
 * nothing. A blank timing is fixed when the row has a start, else flexible. A stage is named as in Settings (any
 * case); a name that is no stage of `stages` is a problem of its line.
 */
export function readCueCsv(
  records: readonly { line: number; cells: string[] }[],
  stages: readonly Stage[] = [],
): { ok: true; rows: CueCsvRow[] } | { ok: false; errors: string[] } {
  const [header, ...body] = records;
  if (!header) return { ok: false, errors: ["The file is empty: the first line names the columns"] };
  const names = header.cells.map((c) => c.trim().toLowerCase());
  const errors: string[] = [];
  const unknown = names.filter((n) => !(CUE_CSV_COLUMNS as readonly string[]).includes(n));
  if (unknown.length) errors.push(`Line ${header.line}: unknown column ${unknown.map((n) => `“${n}”`).join(", ")}`);
  for (const required of ["title", "duration"] as const) {
    if (!names.includes(required)) errors.push(`Line ${header.line}: the “${required}” column is missing`);
  }
  if (errors.length) return { ok: false, errors };
  if (body.length === 0) errors.push("The file has no cues below its header");

  const rows: CueCsvRow[] = [];
  for (const record of body) {
    const cell = (name: CueCsvColumn) => {
      const index = names.indexOf(name);
      return index < 0 ? "" : (record.cells[index] ?? "").trim();
    };
    const problem = (message: string) => errors.push(`Line ${record.line}: ${message}`);
    const before = errors.length;
    const title = cell("title");
    if (!title) problem("title is required");
    else if (title.length > CUE_TITLE_MAX) problem(`title must be at most ${CUE_TITLE_MAX} characters`);
    const start = cell("start") || null;
    if (start !== null && !isClockTime(start)) problem("start must be a time like 19:30");
    const duration = parseDuration(cell("duration"));
    if (duration === null) problem(`duration must be like ${DURATION_HINT}`);
    else if (duration === 0) problem("duration must be more than 0");
    const timingText = cell("timing").toLowerCase();
    const timing: CueTiming = timingText === "" ? (start ? "fixed" : "flexible") : (timingText as CueTiming);
    if (!(CUE_TIMINGS as readonly string[]).includes(timing)) problem("timing must be fixed or flexible");
    else if (timing === "fixed" && !start) problem("a fixed cue needs a start time");
    const department = cell("department") || null;
    if (department && department.length > CUE_DEPARTMENT_MAX) {
      problem(`department must be at most ${CUE_DEPARTMENT_MAX} characters`);
    }
    const owner = cell("owner") || null;
    if (owner && owner.length > 100) problem("owner must be at most 100 characters");
    const notes = cell("notes") || null;
    if (notes && notes.length > CUE_NOTES_MAX) problem(`notes must be at most ${CUE_NOTES_MAX} characters`);
    const stageName = cell("stage");
    const stage = stageName ? findStageByName(stages, stageName) : undefined;
    if (stageName && !stage) problem(unknownStageText(stageName, stages));
    if (errors.length === before) {
      const stageId = stage ? stage.id : undefined;
      rows.push({ line: record.line, title, start, duration: duration!, timing, department, owner, notes, stageId });
    }
  }
  return errors.length ? { ok: false, errors } : { ok: true, rows };
}

/** A stage name that names none: which names there are, so the fix is plain. */
export function unknownStageText(name: string, stages: readonly Stage[]) {
  const names = [...stages.map((s) => `“${s.name}”`), `“${NO_STAGE_LABEL}”`].join(", ");
  return stages.length
    ? `no stage is named “${name}” (the stages are ${names})`
    : `no stage is named “${name}”: this workspace has no stages (name them in Settings)`;
}

/** A planned instant on the venue's clock, with how many days after the show day it falls (0 the same day). */
export function venueClock(instant: string, timezone: string, day: string) {
  const wc = wallClock(new Date(instant), timezone);
  return { time: wc.time, dayOffset: daysBetween(day, wc.date) };
}
