import { badRequest } from "~/domain/errors";
import type { PreviewTask } from "~/domain/parsed-task-rows";
import type { ParsedTasksConfirm } from "~/domain/schemas";
import { findNearNotSame } from "~/domain/similarity";
import { assertFeature } from "~/domain/tiers";
import { enforceRateLimit, userKey } from "~/lib/rate-limit.server";
import { listNames } from "~/models/lists";
import { listOpenTaskTitles } from "~/models/tasks";
import { previewOwners } from "./assignees.server";
import { lastShowDayOf } from "~/domain/event-settings";
import type { ActorCtx } from "./context.server";
import { entitledAi, parseTaskText } from "./parse.server";
import { createTasks, type SkippedTask } from "./task-commands.server";
import { similarAmong } from "./task-queries.server";

/**
 * Reads `text` into tasks without saving anything (`POST /api/tasks/parse`, the 'Add with AI' preview):
 * the one parser with the workspace's categories and timezone, each task with the open tasks it may
 * duplicate and its typed owner resolved as creating it would (a member, or the question an ambiguous name asks). `now` and `timezone` (what an API client says its words mean) default to the request's instant and
 * the workspace's zone. Counted per user; 'Add with AI' is a plan feature (forbidden without it).
 */
export async function previewTaskText(ctx: ActorCtx, input: { text: string; now?: Date; timezone?: string }) {
  const { db, actor } = ctx;
  await enforceRateLimit(ctx.env, "taskParse", userKey(actor.user.id));
  assertFeature(actor.plan.tier, "aiTasks");
  const [categoryRows, open] = await db.batch([
    listNames(db, actor.workspace.id, "categories"),
    listOpenTaskTitles(db, actor.workspace.id),
  ]);
  const categories = categoryRows.map((r) => r.name);
  const { tasks, source } = await parseTaskText(input.text, {
    now: input.now ?? ctx.now,
    timezone: input.timezone ?? actor.workspace.timezone,
    categories,
    eventDay: lastShowDayOf(actor.workspace),
    ai: entitledAi(actor.plan, ctx.env.AI),
  });
  const owned = await previewOwners(ctx, tasks);
  const previewed: PreviewTask[] = owned.map((task) => ({ ...task, similar: similarAmong(task.title, open) }));
  return { tasks: previewed, source, categories };
}

export interface SkippedParsedTask extends SkippedTask {
  /** True when the match was near rather than the same title. */
  near: boolean;
}

/**
 * Creates the confirmed rows of an 'Add with AI' preview in one D1 batch, marked as AI-generated with the
 * text they came from. A row that is a near-duplicate of an open task is skipped unless its 'Create anyway'
 * was ticked: the check runs again here because the board may have changed since the preview (and the
 * no-JavaScript form sends every row). A row with an open task's very title is createTasks' to skip. An owner
 * that names several members is refused with the row's title, before anything is created.
 */
export async function createParsedTasks(ctx: ActorCtx, confirm: ParsedTasksConfirm) {
  assertFeature(ctx.actor.plan.tier, "aiTasks");
  const unclear = (await previewOwners(ctx, confirm.tasks)).find((row) => row.ownerNote);
  if (unclear) throw badRequest(`“${unclear.title}”: ${unclear.ownerNote}. Write the owner's full name.`);
  const open = await listOpenTaskTitles(ctx.db, ctx.actor.workspace.id);
  const skipped: SkippedParsedTask[] = [];
  const rows = confirm.tasks.filter((row) => {
    if (row.allowDuplicate) return true;
    const [match] = findNearNotSame(row.title, open, 1);
    if (match) skipped.push({ title: row.title, duplicateOf: { id: match.id, title: match.title }, near: true });
    return !match;
  });
  const result = await createTasks(
    ctx,
    rows.map((row) => ({ ...row, isAiGenerated: true, originalPrompt: confirm.prompt })),
  );
  return {
    created: result.created,
    skipped: [...skipped, ...result.skipped.map((s) => ({ ...s, near: false }))],
    overLimit: result.overLimit,
  };
}
