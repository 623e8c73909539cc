import { todayIn } from "~/domain/dates";
import { badRequest } from "~/domain/errors";
import { eventWallClock } from "~/domain/event-settings";
import { getTemplate, resolveTemplateId, scheduleTemplateTasks, type ProjectTemplate } from "~/domain/templates";
import type { ActorCtx } from "./context.server";
import { createTasks, type NewTaskInput } from "./task-commands.server";

/**
 * Copies the chosen tasks of a template (by index, in template order) into the workspace in one D1 batch.
 * Tasks whose title matches an open task are skipped and reported. With an event date, due dates are planned
 * back from the event (app/domain/templates/schedule.ts); without one, the tasks are undated.
 */
export async function applyTemplate(ctx: ActorCtx, input: { template: ProjectTemplate; indexes: readonly number[] }) {
  const { template, indexes } = input;
  const unknown = indexes.filter((i) => !(i in template.tasks));
  if (unknown.length) {
    throw badRequest(`Unknown task number: ${unknown.join(", ")}`, {
      indexes: [`${template.name} has ${template.tasks.length} tasks`],
    });
  }
  const chosen = indexes.map((i) => template.tasks[i]);
  const { timezone, eventDate } = ctx.actor.workspace;
  const dueDates = scheduleTemplateTasks({
    tasks: chosen,
    today: todayIn(timezone, ctx.now),
    eventDay: eventWallClock(eventDate, timezone)?.date ?? null,
    estimatedDays: template.estimatedDays,
  });
  const inputs: NewTaskInput[] = chosen.map((task, k) => ({
    title: task.title,
    description: task.description,
    priority: task.priority,
    category: task.category,
    dueDate: dueDates[k],
    assigneeName: null,
    estimatedHours: task.estimatedHours,
    isAiGenerated: false,
    originalPrompt: `From the template “${template.name}”`,
    allowDuplicate: false,
  }));
  return createTasks(ctx, inputs);
}

/** The template for a current or former id (see resolveTemplateId); null when there is none. */
export function findTemplate(id: string): ProjectTemplate | null {
  const current = resolveTemplateId(id);
  return current ? getTemplate(current) : null;
}
