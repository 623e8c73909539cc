import type { PreviewTask, SimilarTask } from "~/domain/parsed-task-rows";
import type { ParsedTasksConfirm } from "~/domain/schemas";
import { assertFeature } from "~/domain/tiers";
import { findNearDuplicates, type DuplicateCandidate } from "~/domain/similarity";
import type { AiBinding } from "~/integrations/ai/task-extractor";
import { listNames } from "~/models/lists";
import { listOpenTaskTitles } from "~/models/tasks";
import { entitledAi, parseTaskText } from "./parse.server";
import { createTasks, type PlanScope, type SkippedTask, type TaskScope } from "./tasks.server";

function similarAmong(title: string, open: readonly DuplicateCandidate[]): SimilarTask[] {
  return findNearDuplicates(title, open).map(({ id, title: match, score }) => ({
    id,
    title: match,
    score: Math.round(score * 100) / 100,
  }));
}

/** Open tasks similar to `title` (the create dialog's check, `GET /api/tasks/similar`). */
export async function findSimilarOpenTasks(scope: TaskScope, title: string) {
  return similarAmong(title, await listOpenTaskTitles(scope.db, scope.workspace.id));
}

/** Open tasks similar to each title, in one query (a confirm form shown again after an error). */
export async function findSimilarOpenTasksEach(scope: TaskScope, titles: readonly string[]) {
  const open = await listOpenTaskTitles(scope.db, scope.workspace.id);
  return titles.map((title) => similarAmong(title, open));
}

/**
 * Reads `text` into tasks without saving anything (`POST /api/tasks/parse`, the 'Add with AI' preview):
 * the one parser with the workspace's categories and timezone, each task with the open tasks it may
 * duplicate. `now` and `timezone` default to the clock and the workspace's zone. 'Add with AI' is a plan feature
 * (403 without it).
 */
export async function previewTaskText(
  scope: PlanScope,
  text: string,
  options: { now?: Date; timezone?: string; ai?: AiBinding } = {},
) {
  assertFeature(scope.plan.tier, "aiTasks");
  const { db, workspace } = scope;
  const [categoryRows, open] = await db.batch([
    listNames(db, workspace.id, "categories"),
    listOpenTaskTitles(db, workspace.id),
  ]);
  const categories = categoryRows.map((r) => r.name);
  const { tasks, source } = await parseTaskText(text, {
    now: options.now ?? new Date(),
    timezone: options.timezone ?? workspace.timezone,
    categories,
    ai: entitledAi(scope.plan, options.ai),
  });
  const previewed: PreviewTask[] = tasks.map((task) => ({ ...task, similar: similarAmong(task.title, open) }));
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
 * no-JavaScript form sends every row).
 */
export async function createParsedTasks(scope: PlanScope, confirm: ParsedTasksConfirm, now = new Date()) {
  assertFeature(scope.plan.tier, "aiTasks");
  const open = await listOpenTaskTitles(scope.db, scope.workspace.id);
  const skipped: SkippedParsedTask[] = [];
  const rows = confirm.tasks.filter((row) => {
    if (row.allowDuplicate) return true;
    const [match] = findNearDuplicates(row.title, open, 1);
    if (match) skipped.push({ title: row.title, duplicateOf: { id: match.id, title: match.title }, near: true });
    return !match;
  });
  const result = await createTasks(
    scope,
    rows.map((row) => ({ ...row, isAiGenerated: true, originalPrompt: confirm.prompt })),
    now,
  );
  return {
    created: result.created,
    skipped: [...skipped, ...result.skipped.map((s) => ({ ...s, near: false }))],
    overLimit: result.overLimit,
  };
}
