import { addDays, daysBetween, dueDay, todayIn, wallClock } from "./dates";
import { detectRisks } from "./risks";
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
  createdAt: string;
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
  openCount: number;
}

/** Composes the digest from the workspace's tasks; each list is most urgent first. */
export function composeDailyDigest(input: {
  tasks: readonly DigestTask[];
  now: Date;
  timezone: string;
  workspaceName: string;
  eventDate: string | null;
}): DailyDigest {
  const today = todayIn(input.timezone, input.now);
  const lastUpcoming = addDays(today, UPCOMING_DAYS);
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
  for (const risk of detectRisks({ tasks: open, now: input.now, timezone: input.timezone, eventDate: input.eventDate })) {
    if (risk.kind === "overdue" || listedOverdue.has(risk.taskId)) continue;
    reasons.set(risk.taskId, [...(reasons.get(risk.taskId) ?? []), risk.reason]);
  }
  const atRisk = open.filter((t) => reasons.has(t.id)).map((task) => ({ task, note: reasons.get(task.id)!.join("; ") }));
  return { localDate: today, workspaceName: input.workspaceName, overdue, dueToday, upcoming, atRisk, openCount: open.length };
}
