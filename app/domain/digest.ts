import { addDays, daysBetween, dueDay, todayIn, wallClock } from "./dates";
import { detectCueRisks, detectRisks, type CueReadiness } from "./risks";
import { applyAcknowledgements, type RiskAcknowledgement } from "./risk-acknowledgements";
import type { Priority } from "./tasks";
import { COMPLETED } from "./tasks";
import { compareUrgency } from "./task-triage";
import { plural } from "./labels";

/** The morning digest: what a producer needs to see at the start of the day, in the workspace timezone. */

/** "Upcoming" covers the next seven days after today. */
const UPCOMING_DAYS = 7;

export interface DigestSchedule {
  enabled: boolean;
  channel: string | null;
  /** Local `HH:MM` in `timezone`. */
  time: string;
  timezone: string;
  /** Local date of the last digest claimed, or null. */
  lastDate: string | null;
}

export type DigestDecision =
  | { due: true; localDate: string }
  | { due: false; localDate: string; reason: "disabled" | "no_channel" | "not_yet" | "already_sent" };

/**
 * Whether the digest should go out at `now`: enabled, with a channel, the local wall-clock time at or past the
 * digest time, and none sent this local day. Comparing wall-clock times (not instants) keeps this right on DST
 * days: a 02:30 digest on a spring-forward night goes at the first run after the jump, and the repeated hour
 * of a fall-back night cannot send twice because the local date is already recorded.
 */
export function isDigestDue(schedule: DigestSchedule, now: Date): DigestDecision {
  const local = wallClock(now, schedule.timezone);
  if (!schedule.enabled) return { due: false, localDate: local.date, reason: "disabled" };
  if (!schedule.channel) return { due: false, localDate: local.date, reason: "no_channel" };
  if (local.time < schedule.time) return { due: false, localDate: local.date, reason: "not_yet" };
  if (schedule.lastDate !== null && schedule.lastDate >= local.date) {
    return { due: false, localDate: local.date, reason: "already_sent" };
  }
  return { due: true, localDate: local.date };
}

export interface DigestTask {
  id: string;
  title: string;
  status: string;
  priority: Priority;
  dueDate: string | null;
  assigneeName: string | null;
  /** The member doing it (the personal DM keeps only the reader's); absent where the caller does not know. */
  assigneeId?: string | null;
  createdAt: string;
  /** When it last changed: an acknowledged risk stays out of "At risk" only while this holds (ADR 036). */
  updatedAt?: string;
}

export interface DigestItem {
  task: DigestTask;
  /** Days past due for overdue items; why it is at risk for at-risk items. */
  note: string | null;
}

export interface DailyDigest {
  localDate: string;
  workspaceName: string;
  overdue: DigestItem[];
  dueToday: DigestItem[];
  upcoming: DigestItem[];
  /** Open tasks not already listed as overdue whose risk rules fire (app/domain/risks.ts). */
  atRisk: DigestItem[];
  /** The run of show's cues not ready, in show order, from three days before the show (ADR 026). */
  cuesNotReady: DigestCue[];
  openCount: number;
}

/** A cue that waits on open tasks, as the digest lists it. */
export interface DigestCue {
  cueId: string;
  title: string;
  day: string;
  /** "cue 'Walk-in music' waits on 2 open tasks". */
  reason: string;
  /** Who calls the cue, and its open tasks: the personal DM keeps the reader's. */
  assigneeId: string | null;
  taskIds: string[];
}

/** A cue waiting on open tasks as the digest reads it: who calls it too. */
export type DigestCueInput = CueReadiness & { assigneeId: string | null };

/** Composes the digest from the workspace's tasks; each list is most urgent first. */
export function composeDailyDigest(input: {
  tasks: readonly DigestTask[];
  now: Date;
  timezone: string;
  workspaceName: string;
  eventDate: string | null;
  /** The event's last day (`eventLastDayOf`): "due after the event" is after it. */
  eventLastDay?: string | null;
  /** The cues that wait on open tasks (app/models/cue-readiness.ts); none unless given. */
  cues?: readonly DigestCueInput[];
  /** How many days after today "upcoming" covers; a week unless said. */
  upcomingDays?: number;
  /** The workspace's acknowledged risks (ADR 036): "At risk" leaves out those that still hold. None unless given. */
  acknowledgements?: readonly RiskAcknowledgement[];
}): DailyDigest {
  const today = todayIn(input.timezone, input.now);
  const lastUpcoming = addDays(today, input.upcomingDays ?? UPCOMING_DAYS);
  const open = input.tasks.filter((t) => t.status !== COMPLETED).sort(compareUrgency);
  const overdue: DigestItem[] = [];
  const dueToday: DigestItem[] = [];
  const upcoming: DigestItem[] = [];
  for (const task of open) {
    if (!task.dueDate) continue;
    const day = dueDay(task.dueDate);
    if (day < today) overdue.push({ task, note: `${plural(daysBetween(day, today), "day")} overdue` });
    else if (day === today) dueToday.push({ task, note: null });
    else if (day <= lastUpcoming) upcoming.push({ task, note: null });
  }
  const listedOverdue = new Set(overdue.map((item) => item.task.id));
  const reasons = new Map<string, string[]>();
  const detected = detectRisks({
    tasks: open,
    now: input.now,
    timezone: input.timezone,
    eventDate: input.eventDate,
    eventLastDay: input.eventLastDay,
  });
  // "Overdue" and "Due today" list dates, not risks: an acknowledged risk leaves "At risk" only.
  const { shown } = applyAcknowledgements({
    risks: detected,
    tasks: open,
    acknowledgements: input.acknowledgements ?? [],
  });
  for (const risk of shown) {
    if (risk.kind === "overdue" || listedOverdue.has(risk.taskId)) continue;
    reasons.set(risk.taskId, [...(reasons.get(risk.taskId) ?? []), risk.reason]);
  }
  const atRisk = open
    .filter((t) => reasons.has(t.id))
    .map((task) => ({ task, note: reasons.get(task.id)!.join("; ") }));
  const cues = input.cues ?? [];
  const callers = new Map(cues.map((cue) => [cue.id, cue.assigneeId]));
  const cuesNotReady = detectCueRisks({
    cues,
    now: input.now,
    timezone: input.timezone,
    eventDate: input.eventDate,
  }).map((risk) => ({
    cueId: risk.cueId,
    title: risk.cueTitle,
    day: risk.day,
    reason: risk.reason,
    assigneeId: callers.get(risk.cueId) ?? null,
    taskIds: risk.taskIds,
  }));
  return {
    localDate: today,
    workspaceName: input.workspaceName,
    overdue,
    dueToday,
    upcoming,
    atRisk,
    cuesNotReady,
    openCount: open.length,
  };
}

// ---- the personal morning DM (ADR 022) ----------------------------------------------------------------------

/** The personal DM looks three days ahead. */
export const PERSONAL_UPCOMING_DAYS = 3;

export interface PersonalDigest extends DailyDigest {
  /** The reader's open tasks on the critical path (app/domain/critical-path.ts) not already listed as at risk. */
  criticalPath: DigestItem[];
}

/**
 * One member's morning: the channel digest's composition over the whole workspace (risks read every task: an
 * overloaded owner, a late predecessor), kept to the tasks assigned to `userId`, with the next three days and
 * their tasks on the critical path.
 */
export function composePersonalDigest(input: {
  tasks: readonly DigestTask[];
  userId: string;
  /** Ids of the open tasks on the critical path. */
  critical: ReadonlySet<string>;
  now: Date;
  timezone: string;
  workspaceName: string;
  eventDate: string | null;
  eventLastDay?: string | null;
  cues?: readonly DigestCueInput[];
  acknowledgements?: readonly RiskAcknowledgement[];
}): PersonalDigest {
  const digest = composeDailyDigest({ ...input, upcomingDays: PERSONAL_UPCOMING_DAYS });
  const mine = (items: DigestItem[]) => items.filter((item) => item.task.assigneeId === input.userId);
  // A cue is the reader's when they call it or one of the tasks it waits on is theirs.
  const myTasks = new Set(input.tasks.filter((t) => t.assigneeId === input.userId).map((t) => t.id));
  const cuesNotReady = digest.cuesNotReady.filter(
    (cue) => cue.assigneeId === input.userId || cue.taskIds.some((id) => myTasks.has(id)),
  );
  const atRisk = mine(digest.atRisk);
  const listed = new Set(atRisk.map((item) => item.task.id));
  const criticalPath = input.tasks
    .filter(
      (t) => t.assigneeId === input.userId && t.status !== COMPLETED && input.critical.has(t.id) && !listed.has(t.id),
    )
    .sort(compareUrgency)
    .map((task) => ({ task, note: "on the critical path" }));
  return {
    ...digest,
    overdue: mine(digest.overdue),
    dueToday: mine(digest.dueToday),
    upcoming: mine(digest.upcoming),
    atRisk,
    cuesNotReady,
    criticalPath,
    openCount: input.tasks.filter((t) => t.assigneeId === input.userId && t.status !== COMPLETED).length,
  };
}

/** Nothing to tell: no overdue, due soon, at-risk or critical task of theirs, and no cue of theirs not ready. */
export function isEmptyPersonalDigest(digest: PersonalDigest) {
  const lists = [
    digest.overdue,
    digest.dueToday,
    digest.upcoming,
    digest.atRisk,
    digest.criticalPath,
    digest.cuesNotReady,
  ];
  return lists.every((l) => l.length === 0);
}
