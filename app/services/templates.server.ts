import { todayIn } from "~/domain/dates";
import { badRequest } from "~/domain/errors";
import { eventWallClock } from "~/domain/event-settings";
import {
  getTemplate,
  planTemplateTasks,
  resolveTemplateId,
  type ProjectTemplate,
  type TemplatePlanMode,
} from "~/domain/templates";
import type { ActorCtx } from "./context.server";
import { createTasks, type NewTaskInput } from "./task-commands.server";

/**
 * The template planned for this workspace's event: each task's due date (by template index) and, when the
 * template's usual length does not fit the days left, what `mode` costs (app/domain/templates/schedule.ts). The
 * page previews exactly the dates `applyTemplate` then gives.
 */
export function planTemplate(ctx: ActorCtx, input: { template: ProjectTemplate; mode: TemplatePlanMode }) {
  const { timezone, eventDate } = ctx.actor.workspace;
  return planTemplateTasks({
    tasks: input.template.tasks,
    today: todayIn(timezone, ctx.now),
    eventDay: eventWallClock(eventDate, timezone)?.date ?? null,
    estimatedDays: input.template.estimatedDays,
    mode: input.mode,
  });
}

/**
 * Copies the chosen tasks of a template (by index, in template order) into the workspace in one D1 batch, with
 * the due dates of `planTemplate` in the chosen mode. Tasks whose title matches an open task are skipped and
 * reported; without an event date the tasks are undated.
 */
export async function applyTemplate(
  ctx: ActorCtx,
  input: { template: ProjectTemplate; indexes: readonly number[]; mode?: TemplatePlanMode },
) {
  const { template, indexes } = input;
  const unknown = indexes.filter((i) => !(i in template.tasks));
  if (unknown.length) {
    throw badRequest(`Unknown task number: ${unknown.join(", ")}`, {
      indexes: [`${template.name} has ${template.tasks.length} tasks`],
    });
  }
  const plan = planTemplate(ctx, { template, mode: input.mode ?? "compress" });
  const inputs: NewTaskInput[] = indexes.map((i) => {
    const task = template.tasks[i];
    return {
      title: task.title,
      description: task.description,
      priority: task.priority,
      category: task.category,
      dueDate: plan.tasks[i].dueDate,
      assigneeName: null,
      estimatedHours: task.estimatedHours,
      isAiGenerated: false,
      originalPrompt: `From the template “${template.name}”`,
      allowDuplicate: false,
    };
  });
  return createTasks(ctx, inputs);
}

/** The template for a current or former id (see resolveTemplateId); null when there is none. */
export function findTemplate(id: string): ProjectTemplate | null {
  const current = resolveTemplateId(id);
  return current ? getTemplate(current) : null;
}
