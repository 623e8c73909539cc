import { todayIn } from "~/domain/dates";
import { badRequest } from "~/domain/errors";
import { eventWallClock, lastShowDayOf } from "~/domain/event-settings";
import {
  chosenTaskDependencies,
  getTemplate,
  planTemplateTasks,
  resolveTemplateId,
  type ProjectTemplate,
  type TemplatePlanMode,
} from "~/domain/templates";
import { normalizeTitle } from "~/domain/title";
import { findOpenTasksByTitleKeys } from "~/models/tasks";
import type { ActorCtx } from "./context.server";
import { createTasks, type NewBatchTaskInput } from "./task-commands.server";

/**
 * The template planned for this workspace's event: each task's due date (by template index) and, when the
 * template's usual length does not fit the days left, what `mode` costs (app/domain/templates/schedule.ts). The
 * page previews exactly the dates `applyTemplate` then gives.
 */
export function planTemplate(ctx: ActorCtx, input: { template: ProjectTemplate; mode: TemplatePlanMode }) {
  const { workspace } = ctx.actor;
  return planTemplateTasks({
    tasks: input.template.tasks,
    today: todayIn(workspace.timezone, ctx.now),
    eventDay: eventWallClock(workspace.eventDate, workspace.timezone)?.date ?? null,
    lastShowDay: lastShowDayOf(workspace),
    estimatedDays: input.template.estimatedDays,
    mode: input.mode,
  });
}

/**
 * Copies the chosen tasks of a template (by index) into the workspace in template order, in one D1 batch, with
 * the due dates of `planTemplate` in the chosen mode. Tasks whose title matches an open task are skipped and
 * reported; without an event date the tasks are undated.
 *
 * A task depends on the tasks its `after` names: the copies made in the same batch or, for a prerequisite that
 * was not chosen, this workspace's open task with that title when there is one (otherwise no dependency). A
 * chosen prerequisite skipped as a duplicate is stood in for by the open task it duplicates (createTasks).
 */
export async function applyTemplate(
  ctx: ActorCtx,
  input: { template: ProjectTemplate; indexes: readonly number[]; mode?: TemplatePlanMode },
) {
  const { template } = input;
  const unknown = input.indexes.filter((i) => !(i in template.tasks));
  if (unknown.length) {
    throw badRequest(`Unknown task number: ${unknown.join(", ")}`, {
      indexes: [`${template.name} has ${template.tasks.length} tasks`],
    });
  }
  // Template order, so every chosen prerequisite comes earlier in the batch than the tasks waiting for it.
  const indexes = [...new Set(input.indexes)].sort((a, b) => a - b);
  const plan = planTemplate(ctx, { template, mode: input.mode ?? "compress" });
  const dependencies = chosenTaskDependencies(template, indexes);
  const standIns = await openTasksTitled(
    ctx,
    dependencies.flatMap((d) => d.notChosen),
  );
  const inputs: NewBatchTaskInput[] = indexes.map((i, position) => {
    const task = template.tasks[i];
    const { earlier, notChosen } = dependencies[position];
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
      dependsOn: notChosen.flatMap((title) => standIns.get(normalizeTitle(title)) ?? []),
      dependsOnEarlier: earlier,
    };
  });
  return createTasks(ctx, inputs);
}

/** This workspace's open tasks with these titles, as title key → id (the oldest when several share a title). */
async function openTasksTitled(ctx: ActorCtx, titles: readonly string[]) {
  const keys = [...new Set(titles.map(normalizeTitle))];
  const open = keys.length ? await findOpenTasksByTitleKeys(ctx.db, ctx.actor.workspace.id, keys) : [];
  const ids = new Map<string, string>();
  for (const task of [...open].sort((a, b) => a.createdAt.localeCompare(b.createdAt))) {
    if (!ids.has(task.titleKey)) ids.set(task.titleKey, task.id);
  }
  return ids;
}

/** The template for a current or former id (see resolveTemplateId); null when there is none. */
export function findTemplate(id: string): ProjectTemplate | null {
  const current = resolveTemplateId(id);
  return current ? getTemplate(current) : null;
}
