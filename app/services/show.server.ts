import type { WorkspaceRow } from "~/db/schema";
import { defaultShowDay, eventDays, planCues, type CueTiming, type ShowDay } from "~/domain/show";
import * as showModel from "~/models/show";
import type { LinkedTask } from "~/models/show";
import type { ActorCtx, Ctx } from "./context.server";

/** The run of show (issue 17, ADR 024): reading a day's cues with their planned times. */

export interface ShowDayOptions {
  /** Only cues of these departments (a crew share link); the plan is still computed from every cue. */
  departments?: readonly string[];
}

/** One day's plan and, for the sheet, the linked tasks' titles and states by id. */
async function readShowDay(ctx: Pick<Ctx, "db">, workspace: WorkspaceRow, day: string, options: ShowDayOptions = {}) {
  const rows = await showModel.listDayCues(ctx.db, workspace.id, day);
  const linked = new Map<string, LinkedTask>();
  const inputs = rows.map((row) => {
    const tasks = showModel.linkedTasksOf(row);
    for (const t of tasks) linked.set(t.id, t);
    return {
      id: row.id,
      title: row.title,
      start: row.start,
      duration: row.durationSeconds,
      timing: row.timing as CueTiming,
      department: row.department,
      assigneeId: row.assigneeId,
      assigneeName: row.assigneeName,
      notes: row.notes,
      taskIds: tasks.map((t) => t.id),
      openTaskCount: tasks.filter((t) => !t.completed).length,
      position: row.position,
    };
  });
  const plan = planCues(day, workspace.timezone, inputs);
  const showDay: ShowDay = { day, timezone: workspace.timezone, ...plan };
  if (options.departments) {
    // Filtered after planning: a flexible cue's times come from the cues before it, shown or not.
    const wanted = new Set(options.departments.map((d) => d.toLowerCase()));
    showDay.cues = plan.cues.filter((c) => c.department !== null && wanted.has(c.department.toLowerCase()));
    const shown = new Set(showDay.cues.map((c) => c.id));
    showDay.conflicts = plan.conflicts.filter((c) => shown.has(c.cueId));
  }
  return { showDay, linked, contacts: new Map(rows.map((r) => [r.id, r.assigneeContact])) };
}

/**
 * One day of the run of show, planned (app/domain/show.ts `planCues`), in one D1 read. Needs no actor, so a crew
 * share link can show it too.
 */
export async function loadShowDay(
  ctx: Ctx,
  workspace: WorkspaceRow,
  day: string,
  options?: ShowDayOptions,
): Promise<ShowDay> {
  return (await readShowDay(ctx, workspace, day, options)).showDay;
}

/** The event's days and the day shown when none is asked for. */
export function showDaysOf(ctx: Pick<Ctx, "now">, workspace: WorkspaceRow) {
  return { days: eventDays(workspace), defaultDay: defaultShowDay(workspace, ctx.now) };
}

/** `GET /api/show`: the day's cues in the API's shape, with the event's days. */
export async function getShowDay(ctx: ActorCtx, day: string | undefined) {
  const { workspace } = ctx.actor;
  const { days, defaultDay } = showDaysOf(ctx, workspace);
  const showDay = await loadShowDay(ctx, workspace, day ?? defaultDay);
  return {
    day: showDay.day,
    timezone: showDay.timezone,
    cues: showDay.cues.map((c) => ({
      id: c.id,
      title: c.title,
      start: c.start,
      duration: c.duration,
      timing: c.timing,
      department: c.department,
      assigneeId: c.assigneeId,
      assigneeName: c.assigneeName,
      notes: c.notes,
      taskIds: c.taskIds,
      plannedStart: c.plannedStart,
      plannedEnd: c.plannedEnd,
      ready: c.ready,
    })),
    conflicts: showDay.conflicts,
    plannedEnd: showDay.plannedEnd,
    days,
  };
}

/** The `/show` page's sheet: the plan, the linked tasks' titles, the outside owners' contact notes. */
export async function loadShowSheet(ctx: ActorCtx, day: string) {
  const { showDay, linked, contacts } = await readShowDay(ctx, ctx.actor.workspace, day);
  return { showDay, linkedTasks: Object.fromEntries(linked), contacts: Object.fromEntries(contacts) };
}
