import type { CueTiming } from "./show";

/**
 * Show mode, live (issue 17, ADR 025): which cue of the day is running, since when, and how far the show runs
 * behind or ahead of its plan. Pure: the workspace's Durable Object holds the state and applies these
 * transitions one call at a time; pages compute countdowns and projections from it on the server's clock.
 */

/** What show mode needs of a cue: the day's plan (app/domain/show.ts `planCues`) in running order. */
export interface LiveCue {
  id: string;
  /** UTC ISO instant. */
  plannedStart: string;
  /** Seconds. */
  duration: number;
  timing: CueTiming;
}

/** When a cue actually started, kept for the cues run so far (bounded: see MAX_SHOW_RUNS). */
export interface CueRun {
  cueId: string;
  startedAt: string;
}

export interface ShowLiveState {
  /**
   * The stage whose sheet this show runs (ADR 037): each stage has its own show, so two stages run at once; null for
   * the cues on no stage (the only show of a workspace without stages, and every state kept from before stages).
   */
  stageId: string | null;
  /** The day (`YYYY-MM-DD`) being run, or last run; null before any show. */
  day: string | null;
  /** The running cue; null when no show is running. */
  currentCueId: string | null;
  /** When the show started (UTC ISO); kept after it ends. */
  startedAt: string | null;
  /** When the current cue started. */
  cueStartedAt: string | null;
  /** Seconds the show runs behind (+) or ahead (−) its plan, by the actual start of the current cue. */
  offsetSeconds: number;
  /** When the show ended (GO past the last cue, or Stop); null while it runs. */
  endedAt: string | null;
  /** The actual starts of the cues run so far, in order; Back undoes the last one. */
  runs: CueRun[];
  /** A practice run: its timing is against the plan moved to when it started, and its end leaves no record. */
  rehearsal: boolean;
  /** Seconds the plan moves for this run: a rehearsal's start less the first cue's planned start; 0 for a show. */
  planShiftSeconds: number;
}

export type ShowAction = "start" | "rehearse" | "go" | "back" | "stop";
export const SHOW_ACTIONS = ["start", "rehearse", "go", "back", "stop"] as const satisfies readonly ShowAction[];

/** Whether an action begins a run (a show or a rehearsal) on the day it names, rather than moving the running one. */
export const beginsRun = (action: ShowAction) => action === "start" || action === "rehearse";

/**
 * A start earlier than this before the day's first cue is a rehearsal (issue 33): the crew practises days or hours
 * ahead, and a show timed from then would read "979 h ahead".
 */
export const REHEARSAL_LEAD_SECONDS = 3600;

/** Whether Start at `now` would begin a rehearsal rather than the show: more than the lead before the first cue. */
export function startsAsRehearsal(cues: readonly LiveCue[], now: number) {
  const first = cues[0];
  return !!first && now < Date.parse(first.plannedStart) - REHEARSAL_LEAD_SECONDS * 1000;
}

/** Runs kept: a day holds at most 200 cues (MAX_CUES_PER_DAY), and a run seldom goes back and forth more. */
export const MAX_SHOW_RUNS = 400;

export const IDLE_SHOW: ShowLiveState = {
  stageId: null,
  day: null,
  currentCueId: null,
  startedAt: null,
  cueStartedAt: null,
  offsetSeconds: 0,
  endedAt: null,
  runs: [],
  rehearsal: false,
  planShiftSeconds: 0,
};

/** A stage's show before any run (or after a rehearsal): `IDLE_SHOW` on that stage. */
export const idleShow = (stageId: string | null): ShowLiveState => ({ ...IDLE_SHOW, stageId });

/** Why an action changed nothing. `at_first` (Back on the first cue) is a no-op; the others are refusals. */
export type ShowRefusal = "stale" | "not_running" | "already_running" | "no_cues" | "at_first";

export type ShowTransition =
  { applied: true; state: ShowLiveState } | { applied: false; state: ShowLiveState; reason: ShowRefusal };

export const SHOW_REFUSALS: Record<ShowRefusal, string> = {
  stale: "Someone else moved the show on first",
  not_running: "No show is running",
  already_running: "The show is already running",
  no_cues: "This day has no cues to run",
  at_first: "Already at the first cue",
};

export function isRunning(state: ShowLiveState) {
  return state.currentCueId !== null;
}

const seconds = (ms: number) => Math.round(ms / 1000);

/** When `cue` is planned to start in this run (epoch ms): its planned start, moved for a rehearsal. */
function plannedAt(state: ShowLiveState, cue: LiveCue) {
  return Date.parse(cue.plannedStart) + state.planShiftSeconds * 1000;
}

/** Behind (+) or ahead (−) when `cue` starts at `at`. */
function offsetAt(state: ShowLiveState, cue: LiveCue, at: number) {
  return seconds(at - plannedAt(state, cue));
}

function runCue(state: ShowLiveState, cue: LiveCue, at: Date, runs: CueRun[]): ShowLiveState {
  const iso = at.toISOString();
  return { ...state, currentCueId: cue.id, cueStartedAt: iso, offsetSeconds: offsetAt(state, cue, at.getTime()), runs };
}

/** The run is over: a show keeps its day, start and final offset for every page to say; a rehearsal leaves nothing. */
function ended(state: ShowLiveState, now: Date, offsetSeconds = state.offsetSeconds): ShowLiveState {
  if (state.rehearsal) return idleShow(state.stageId);
  return { ...state, currentCueId: null, cueStartedAt: null, endedAt: now.toISOString(), offsetSeconds };
}

/** The next cue to run: the one after the current; if the current was deleted meanwhile, the first not yet run. */
function nextIndex(state: ShowLiveState, cues: readonly LiveCue[]) {
  const index = cues.findIndex((c) => c.id === state.currentCueId);
  if (index >= 0) return index + 1;
  const run = new Set(state.runs.map((r) => r.cueId));
  const first = cues.findIndex((c) => !run.has(c.id));
  return first < 0 ? cues.length : first;
}

/**
 * Applies `action` to `state` over the day's cues in running order at `now`. `fromCueId`, when given (null for
 * "no show running"), is the current cue the caller saw: if the show has moved since, nothing changes (one writer
 * wins, the others see the result).
 * - start: runs the day's first cue (refused while a show runs); more than `REHEARSAL_LEAD_SECONDS` before that cue's
 *   planned start it begins a rehearsal instead;
 * - rehearse: runs the day's cues to practise, timed against the plan moved to now, at any time; ending it (Stop or
 *   GO past the last cue) leaves the state as if it never ran, so the show's record is the show's;
 * - go: runs the next cue; GO on the last cue ends the show (as Stop does: the state keeps its day, start and
 *   final offset, so every page can say how it ended);
 * - back: returns to the previous cue and restores its actual start (GO pressed too early is undone); on the
 *   first cue it does nothing;
 * - stop: ends the show.
 */
export function applyShowAction(
  state: ShowLiveState,
  input: { action: ShowAction; day: string; cues: readonly LiveCue[]; now: Date; fromCueId?: string | null },
): ShowTransition {
  const { action, cues, now } = input;
  const refuse = (reason: ShowRefusal): ShowTransition => ({ applied: false, state, reason });
  if (input.fromCueId !== undefined && input.fromCueId !== state.currentCueId) return refuse("stale");
  if (beginsRun(action)) {
    if (isRunning(state)) return refuse("already_running");
    const first = cues[0];
    if (!first) return refuse("no_cues");
    const rehearsal = action === "rehearse" || startsAsRehearsal(cues, now.getTime());
    const begun: ShowLiveState = {
      ...idleShow(state.stageId),
      day: input.day,
      startedAt: now.toISOString(),
      rehearsal,
      planShiftSeconds: rehearsal ? seconds(now.getTime() - Date.parse(first.plannedStart)) : 0,
    };
    return { applied: true, state: runCue(begun, first, now, [{ cueId: first.id, startedAt: now.toISOString() }]) };
  }
  if (!isRunning(state)) return refuse("not_running");
  if (action === "stop") return { applied: true, state: ended(state, now) };
  if (action === "go") {
    const next = cues[nextIndex(state, cues)];
    if (!next) {
      // Past the last cue: the final offset compares the end with the last cue's planned end.
      const last = cues[cues.length - 1];
      const plannedEnd = last ? plannedAt(state, last) + last.duration * 1000 : now.getTime();
      return { applied: true, state: ended(state, now, seconds(now.getTime() - plannedEnd)) };
    }
    const runs = [...state.runs, { cueId: next.id, startedAt: now.toISOString() }].slice(-MAX_SHOW_RUNS);
    return { applied: true, state: runCue(state, next, now, runs) };
  }
  const index = cues.findIndex((c) => c.id === state.currentCueId);
  if (index <= 0) return refuse("at_first");
  const previous = cues[index - 1];
  const runs = state.runs.slice(0, -1);
  const earlier = runs[runs.length - 1];
  // Its actual start when the runs remember it (the usual undo of one GO), else it starts again now.
  const at = earlier?.cueId === previous.id ? new Date(earlier.startedAt) : now;
  const kept = earlier?.cueId === previous.id ? runs : [...runs, { cueId: previous.id, startedAt: now.toISOString() }];
  return { applied: true, state: runCue(state, previous, at, kept) };
}

/** Seconds left in the current cue at `now` (negative once it overruns); null when no show is running. */
export function remainingSeconds(state: ShowLiveState, cues: readonly LiveCue[], now: number) {
  if (!state.currentCueId || !state.cueStartedAt) return null;
  const cue = cues.find((c) => c.id === state.currentCueId);
  if (!cue) return null;
  // Never more than the cue's length: a page whose clock estimate runs a little behind the server's would show 3:01.
  return Math.min(cue.duration, Math.ceil((Date.parse(state.cueStartedAt) + cue.duration * 1000 - now) / 1000));
}

/**
 * Behind (+) or ahead (−) at `now`: the state's offset, plus the current cue's overrun as it grows (a cue running
 * long makes the show later with every second, before anyone presses GO).
 */
export function liveOffsetSeconds(state: ShowLiveState, cues: readonly LiveCue[], now: number) {
  const remaining = remainingSeconds(state, cues, now);
  return state.offsetSeconds + (remaining !== null && remaining < 0 ? -remaining : 0);
}

/** "2 min behind", "1 min ahead", "On time" (within half a minute either way). */
export function offsetLabel(offsetSeconds: number) {
  const minutes = Math.round(Math.abs(offsetSeconds) / 60);
  if (minutes === 0) return "On time";
  const amount = minutes >= 60 ? `${Math.floor(minutes / 60)} h ${minutes % 60} min` : `${minutes} min`;
  return `${amount} ${offsetSeconds > 0 ? "behind" : "ahead"}`;
}

/** A countdown as `m:ss` (or `h:mm:ss`), with a minus sign once the cue overruns. */
export function formatCountdown(totalSeconds: number) {
  const sign = totalSeconds < 0 ? "−" : "";
  const abs = Math.abs(totalSeconds);
  const h = Math.floor(abs / 3600);
  const m = Math.floor((abs % 3600) / 60);
  const s = String(abs % 60).padStart(2, "0");
  return h > 0 ? `${sign}${h}:${String(m).padStart(2, "0")}:${s}` : `${sign}${m}:${s}`;
}

/**
 * When each cue is now expected to start (epoch ms, by cue id). Cues already run keep their actual start; the
 * current cue ends at its planned length or `now`, whichever is later; after it a flexible cue starts when the one
 * before it is expected to end (it moves with the show), a fixed cue keeps its planned start. Before or after a
 * run, the plan. A rehearsal's plan is moved to its start (`planShiftSeconds`), fixed cues with it.
 */
export function projectedStarts(state: ShowLiveState, cues: readonly LiveCue[], now: number) {
  const starts = new Map<string, number>();
  const index = state.currentCueId ? cues.findIndex((c) => c.id === state.currentCueId) : -1;
  if (index < 0 || !state.cueStartedAt) {
    for (const cue of cues) starts.set(cue.id, Date.parse(cue.plannedStart));
    return starts;
  }
  const actual = new Map(state.runs.map((r) => [r.cueId, Date.parse(r.startedAt)]));
  for (const cue of cues.slice(0, index)) starts.set(cue.id, actual.get(cue.id) ?? plannedAt(state, cue));
  const current = cues[index];
  const currentStart = Date.parse(state.cueStartedAt);
  starts.set(current.id, currentStart);
  let end = Math.max(currentStart + current.duration * 1000, now);
  for (const cue of cues.slice(index + 1)) {
    const start = cue.timing === "fixed" ? plannedAt(state, cue) : end;
    starts.set(cue.id, start);
    end = start + cue.duration * 1000;
  }
  return starts;
}

/** The cue after the current one (or the day's first before a show); null at the end. */
export function nextCueOf<Cue extends LiveCue>(state: ShowLiveState, cues: readonly Cue[]): Cue | null {
  if (!isRunning(state)) return cues[0] ?? null;
  return cues[nextIndex(state, cues)] ?? null;
}

/** Parses a stored or received state; null when it is not one (never throws). */
export function parseShowState(value: unknown): ShowLiveState | null {
  if (!value || typeof value !== "object") return null;
  const v = value as Record<string, unknown>;
  const str = (x: unknown) => x === null || typeof x === "string";
  if (!str(v.day) || !str(v.currentCueId) || !str(v.startedAt) || !str(v.cueStartedAt) || !str(v.endedAt)) return null;
  if (typeof v.offsetSeconds !== "number" || !Array.isArray(v.runs)) return null;
  if (v.stageId !== undefined && !str(v.stageId)) return null;
  // States kept from before rehearsals existed are shows; from before stages, the cues on no stage's.
  return {
    ...(value as ShowLiveState),
    stageId: (v.stageId as string | null | undefined) ?? null,
    rehearsal: v.rehearsal === true,
    planShiftSeconds: typeof v.planShiftSeconds === "number" ? v.planShiftSeconds : 0,
  };
}
