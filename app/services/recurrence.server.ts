import type { BatchItem } from "drizzle-orm/batch";
import type { TaskRow } from "~/db/schema";
import { todayIn } from "~/domain/dates";
import { lastShowDayOf } from "~/domain/event-settings";
import { firstOccurrence, nextOccurrence } from "~/domain/recurrence-schedule";
import { newId } from "~/lib/crypto";
import * as checklistModel from "~/models/checklists";
import * as recurrenceModel from "~/models/recurrence";
import * as historyModel from "~/models/task-history";
import type { ActorCtx } from "./context.server";
import { reminderStatements } from "./reminders.server";
import { toTaskDto, type TaskDto } from "./task-queries.server";

/**
 * Recurring tasks (ADR 021): the next occurrence a completion (or a "this one" delete) makes, exactly once, in the
 * same batch as the change, and "this and the following". Every completion path (the task page, the list, the
 * API, bulk status, Slack's 'Mark done') goes through `updateTask` or `bulkUpdateTasks`, which call these.
 */

/** A new recurring task's series fields and, when nothing dated it, its first occurrence from today as due date. */
export function recurringFields(ctx: ActorCtx, id: string, recurrence: string | null, dueDate: string | null) {
  if (!recurrence) return { recurrence: null, seriesId: null, occurrence: null, dueDate };
  const today = todayIn(ctx.actor.workspace.timezone, ctx.now);
  return { recurrence, seriesId: id, occurrence: 1, dueDate: dueDate ?? firstOccurrence(recurrence, today) };
}

export interface NextOccurrencePlan {
  task: TaskDto;
  /**
   * The insert, the parent's mark, the new task's history and its reminders, in this order (results[0] is `[]` if
   * nothing went in).
   */
  statements: BatchItem<"sqlite">[];
}

/**
 * The statements making the occurrence after `parent` (the task as it will be once the batch's change is
 * written), or null when it has no rule or its series ends here. The new task copies the parent's fields (title,
 * description, assignee, priority, category, estimate, rule, and any field added later such as reminders) with the
 * next due date, pending, and says in its history whose next occurrence it is.
 */
export function nextOccurrenceStatements(
  ctx: ActorCtx,
  parent: TaskRow,
  mustBe: "completed" | "present",
  /** The new task's "created" history entry, as the acting member's (`historyEvent` of the task service). */
  createdEvent: (taskId: string) => historyModel.NewTaskEvent,
): NextOccurrencePlan | null {
  const { db } = ctx;
  const { workspace, user, plan } = ctx.actor;
  if (!parent.recurrence || parent.nextOccurrenceId) return null;
  const occurrence = parent.occurrence ?? 1;
  const dueDate = nextOccurrence({
    recurrence: parent.recurrence,
    dueDate: parent.dueDate,
    occurrence,
    today: todayIn(workspace.timezone, ctx.now),
    // No occurrence after the show's last day.
    lastDay: lastShowDayOf(workspace),
  });
  if (!dueDate) return null;
  const nowIso = ctx.now.toISOString();
  const id = newId();
  const row: TaskRow = {
    ...parent,
    id,
    dueDate,
    status: "pending",
    completedAt: null,
    createdBy: user.id,
    createdAt: nowIso,
    updatedAt: nowIso,
    seriesId: parent.seriesId ?? parent.id,
    occurrence: occurrence + 1,
    nextOccurrenceId: null,
    // Counted again by the triggers as its checklist is copied below.
    checklistTotal: 0,
    checklistDone: 0,
  };
  const created = createdEvent(id);
  return {
    task: toTaskDto(row),
    statements: [
      recurrenceModel.insertNextOccurrenceStatement(db, { id: parent.id, mustBe }, row, plan.entitlements.taskLimit),
      recurrenceModel.markNextOccurrenceStatement(db, workspace.id, parent.id, id),
      historyModel.insertEventStatement(db, {
        ...created,
        changes: { occurrenceOf: [parent.id, parent.title] },
      }),
      // Its reminders (ADR 022), planned only if the insert went in (each holds while the task exists).
      ...reminderStatements(ctx, row, workspace.timezone, { fresh: true }),
      // The same checklist, nothing ticked (ADR 035): a weekly checklist starts again each week.
      checklistModel.copyItemsStatement(db, {
        workspaceId: workspace.id,
        fromTaskId: parent.id,
        toTaskId: id,
        at: nowIso,
      }),
    ],
  };
}

/** Whether a batch result of `nextOccurrenceStatements`' insert holds the new task. */
export function inserted(result: unknown) {
  return Array.isArray(result) && result.length > 0;
}
