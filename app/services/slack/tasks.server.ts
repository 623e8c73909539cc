import { dueDay, todayIn } from "~/domain/dates";
import { AppError } from "~/domain/errors";
import { taskCreateSchema } from "~/domain/schemas";
import {
  encodeCreateAnyway,
  newTasksMessage,
  noticeMessage,
  taskListMessage,
  type DuplicateDraft,
  type SlackMessage,
  type TaskDraft,
} from "~/domain/slack-blocks";
import { callerFirst } from "~/domain/task-triage";
import { COMPLETED, TITLE_MAX } from "~/domain/tasks";
import { newToken } from "~/lib/crypto";
import { listNames } from "~/models/lists";
import { entitledAi, parseTaskText } from "~/services/parse.server";
import { findNearNotSame, type DuplicateCandidate } from "~/domain/similarity";
import { listOpenTaskTitles } from "~/models/tasks";
import { lastShowDayOf } from "~/domain/event-settings";
import { createTask } from "~/services/task-commands.server";
import { getTask, listTasks, type TaskDto } from "~/services/task-queries.server";
import { insertTaskSlackMessageStatement, releaseDeletedCaptureStatement } from "~/models/task-slack-messages";
import type { MemberCtx } from "./context.server";
import type { SlackMessageSource } from "./messages.server";

/** Task use cases as Slack needs them, on top of the same task service the API uses. */

/** A task list for the member acting in Slack: their own tasks first, then the rest. */
export async function taskListView(
  ctx: MemberCtx,
  input: { view: "open" | "overdue"; notice?: string; undo?: string },
): Promise<SlackMessage> {
  const { view, notice, undo } = input;
  const today = todayIn(ctx.workspace.timezone, ctx.now);
  const open = (await listTasks(ctx)).filter((t) => t.status !== COMPLETED);
  const shown = view === "overdue" ? open.filter((t) => t.dueDate && dueDay(t.dueDate) < today) : open;
  const { tasks, mine } = callerFirst(shown, ctx.actor.user.id);
  return taskListMessage({ view, tasks, today, notice, undo, appUrl: ctx.origin, yours: mine });
}

/**
 * Reads free text into drafts with the one parser service, in the workspace's timezone and categories; with
 * Workers AI only when the workspace's plan includes it.
 */
export async function parseDrafts(ctx: MemberCtx, text: string): Promise<TaskDraft[]> {
  const categories = (await listNames(ctx.db, ctx.workspace.id, "categories")).map((c) => c.name);
  const { tasks } = await parseTaskText(text, {
    now: ctx.now,
    timezone: ctx.workspace.timezone,
    categories,
    eventDay: lastShowDayOf(ctx.workspace),
    ai: entitledAi(ctx.actor.plan, ctx.env.AI),
  });
  return tasks;
}

/** A title over the limit is shortened; the full wording moves into the description so nothing is lost. */
function fitTitle(draft: TaskDraft): TaskDraft {
  if (draft.title.length <= TITLE_MAX) return draft;
  const description = [draft.title, draft.description].filter(Boolean).join("\n\n");
  return { ...draft, title: `${draft.title.slice(0, TITLE_MAX - 1).trimEnd()}…`, description };
}

/**
 * Creates each draft with the task service. A draft matching an open task (the same title, or a similar one as
 * the near-duplicate rule reads it) is not created: it comes back as a possible duplicate with a 'Create
 * anyway' button. Other refusals (an impossible date…) are reported in the reply. With `source`, each task
 * remembers the Slack message it was made from, written with the task (ADR 040); `note` says so in the reply.
 */
export async function createDrafts(ctx: MemberCtx, input: DraftsInput & { note?: string }): Promise<SlackMessage> {
  return draftsMessage(ctx, await createDraftTasks(ctx, input), input.note);
}

interface DraftsInput {
  drafts: readonly TaskDraft[];
  allowDuplicate?: boolean;
  source?: SlackMessageSource;
}

export interface DraftsOutcome {
  created: TaskDto[];
  duplicates: DuplicateDraft[];
  problems: string[];
}

/** createDrafts' work without its reply: what was created, what matched an open task and what was refused. */
export async function createDraftTasks(ctx: MemberCtx, input: DraftsInput): Promise<DraftsOutcome> {
  const { drafts, allowDuplicate = false, source } = input;
  const workspaceId = ctx.workspace.id;
  const remember = source
    ? {
        alongside: (taskId: string) => [
          ...(source.via === "reaction"
            ? [releaseDeletedCaptureStatement(ctx.db, workspaceId, source.channelId, source.messageTs)]
            : []),
          insertTaskSlackMessageStatement(ctx.db, { ...source, workspaceId, taskId }, ctx.now.toISOString()),
        ],
      }
    : {};
  const created: TaskDto[] = [];
  const duplicates: DuplicateDraft[] = [];
  const problems: string[] = [];
  // Open titles for the near-duplicate rule, read once; tasks created by this same message join them.
  const open: DuplicateCandidate[] = allowDuplicate ? [] : await listOpenTaskTitles(ctx.db, ctx.workspace.id);
  for (const raw of drafts) {
    const draft = fitTitle(raw);
    if (!allowDuplicate) {
      // The same title (once normalised) is the task service's exact rule below; this is the "similar" one.
      const [similar] = findNearNotSame(draft.title, open, 1);
      if (similar) {
        const existing = await getTask(ctx, similar.id);
        duplicates.push({ draft, existing, similar: true, createAnywayValue: encodeCreateAnyway(newToken(), draft, source) });
        continue;
      }
    }
    const parsed = taskCreateSchema.safeParse({
      title: draft.title,
      description: draft.description,
      dueDate: draft.dueDate,
      assigneeName: draft.assigneeName,
      category: draft.category,
      estimatedHours: draft.estimatedHours,
      recurrence: draft.recurrence ?? null,
      ...(draft.priority ? { priority: draft.priority } : {}),
      ...(draft.reminders ? { reminders: draft.reminders } : {}),
      allowDuplicate,
    });
    if (!parsed.success) {
      problems.push(`Could not create "${draft.title}": ${parsed.error.issues[0]?.message ?? "Invalid input"}`);
      continue;
    }
    try {
      const task = await createTask(ctx, parsed.data, remember);
      created.push(task);
      open.push({ id: task.id, title: task.title, status: task.status });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      const existing = err.code === "duplicate" ? (err.extra.duplicateOf as TaskDto | undefined) : undefined;
      if (existing) duplicates.push({ draft, existing, createAnywayValue: encodeCreateAnyway(newToken(), draft, source) });
      else problems.push(`Could not create "${draft.title}": ${err.message}`);
    }
  }
  return { created, duplicates, problems };
}

/** The reply to createDraftTasks: the created tasks with their buttons and 'Open', duplicates, refusals. */
export function draftsMessage(ctx: MemberCtx, outcome: DraftsOutcome, note?: string): SlackMessage {
  const { created, duplicates, problems } = outcome;
  if (created.length === 0 && duplicates.length === 0 && problems.length === 0) {
    return noticeMessage("There was nothing to create. Try `/new Book caterer for VIP dinner 2026-12-04 @sam`.");
  }
  const today = todayIn(ctx.workspace.timezone, ctx.now);
  return newTasksMessage({ created, duplicates, problems, today, appUrl: ctx.origin, note });
}
