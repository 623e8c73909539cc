import { ownerKey } from "~/domain/assignees";
import { todayIn } from "~/domain/dates";
import { isAppError } from "~/domain/errors";
import {
  decodeCreateAnyway,
  decodeTaskAction,
  encodeTaskAction,
  formatDay,
  noticeMessage,
  taskCardMessage,
  undoableNoticeMessage,
  type SlackMessage,
  type TaskDraft,
  type TaskView,
} from "~/domain/slack-blocks";
import { snoozedDueDate } from "~/domain/task-triage";
import { COMPLETED } from "~/domain/tasks";
import type { BlockActions, MessageAction } from "~/integrations/slack/payloads";
import { mentionedUserIds, slackTextToPlain } from "~/integrations/slack/text";
import * as slackModel from "~/models/slack";
import { updateTask } from "~/services/task-commands.server";
import { deleteTask, restoreTasks } from "~/services/task-deletion.server";
import { getTask, type TaskDto } from "~/services/task-queries.server";
import {
  findMember,
  linkAccountReply,
  replyLater,
  requireBotApi,
  respond,
  type MemberCtx,
  type SlackAck,
  type SlackCtx,
  type SlackHandler,
} from "./context.server";
import { describeMessage, isCaptureConflict } from "./messages.server";
import { createDrafts, parseDrafts, taskListView } from "./tasks.server";

/** Button and shortcut handlers: acknowledge, then change the task and redraw the message via response_url. */

/** Buttons act as the linked member who clicked; an unknown clicker gets the link message instead. */
export function forMember(
  handler: (ctx: MemberCtx, click: BlockActions, responseUrl: string) => Promise<void>,
): SlackHandler<BlockActions> {
  return async (ctx, click) => {
    const responseUrl = click.response_url;
    if (!responseUrl) return {};
    const member = await findMember(ctx, click.user.id);
    if (!member) {
      const reply = await linkAccountReply(ctx, click.user.id, click.channel?.id ?? null);
      return { later: () => respond(ctx, responseUrl, reply) };
    }
    return { later: () => handler(member, click, responseUrl) };
  };
}

/** What a task button did: the task as it is now (null once deleted), a line saying so, and maybe its 'Undo'. */
interface ButtonOutcome {
  task: TaskDto | null;
  notice: string;
  /** The 'Undo' button's value (a delete). */
  undo?: string;
}

/** The message a task button sat in, drawn again after the change, with a line saying what happened. */
async function redraw(ctx: MemberCtx, view: TaskView, outcome: ButtonOutcome): Promise<SlackMessage> {
  const { task, notice, undo } = outcome;
  if (view !== "single") return taskListView(ctx, { view, notice, undo });
  if (!task) return undo ? undoableNoticeMessage(notice, undo) : noticeMessage(notice);
  return taskCardMessage(task, todayIn(ctx.workspace.timezone, ctx.now), notice);
}

/** A button on a task: after the ack, `outcome` acts on the task it carries and the message it sat in is redrawn. */
function onTask(outcome: (ctx: MemberCtx, target: { id: string; view: TaskView }) => Promise<ButtonOutcome>) {
  return forMember(async (ctx, click, responseUrl) => {
    const target = decodeTaskAction(click.actions[0].value);
    if (!target) return;
    await replyLater(ctx, click.actions[0].action_id, responseUrl, async () => redraw(ctx, target.view, await outcome(ctx, target)), {
      replaceOriginal: true,
    });
  });
}

/** Defines a task button: `change` applies the update to the task as it is now and says what it did. */
function taskButton(change: (ctx: MemberCtx, task: TaskDto, view: TaskView) => Promise<ButtonOutcome>) {
  return onTask(async (ctx, target) => {
    let current: TaskDto;
    try {
      current = await getTask(ctx, target.id);
    } catch (err) {
      if (isAppError(err, "not_found")) return { task: null, notice: "That task no longer exists." };
      throw err;
    }
    return change(ctx, current, target.view);
  });
}

export const markTaskDone = taskButton(async (ctx, task) => {
  if (task.status === COMPLETED) return { task, notice: `"${task.title}" was already done.` };
  const updated = await updateTask(ctx, { id: task.id, changes: { status: COMPLETED } });
  return { task: updated, notice: `${ctx.actor.user.name} marked "${task.title}" done.` };
});

export const snoozeTask = taskButton(async (ctx, task) => {
  const dueDate = snoozedDueDate(task.dueDate, todayIn(ctx.workspace.timezone, ctx.now));
  const updated = await updateTask(ctx, { id: task.id, changes: { dueDate } });
  return { task: updated, notice: `${ctx.actor.user.name} snoozed "${task.title}" to ${formatDay(dueDate.slice(0, 10))}.` };
});

export const assignTaskToMe = taskButton(async (ctx, task) => {
  const updated = await updateTask(ctx, { id: task.id, changes: { assigneeId: ctx.actor.user.id } });
  return { task: updated, notice: `"${task.title}" is now assigned to ${ctx.actor.user.name}.` };
});

/** 'Delete' (after Slack's confirm): deleted as the clicking member, kept for undo; the reply offers 'Undo'. */
export const deleteTaskButton = taskButton(async (ctx, task, view) => {
  await deleteTask(ctx, task.id);
  return { task: null, notice: `Deleted “${task.title}”`, undo: encodeTaskAction(task.id, view) };
});

/**
 * 'Undo' under a Slack delete: brings the task back with its dependencies (any linked member may, as the web's
 * Undo), and redraws the message it came from.
 */
export const undoDeleteButton = onTask(async (ctx, target) => {
  try {
    const [task] = (await restoreTasks(ctx, [target.id])).restored;
    return { task, notice: `${ctx.actor.user.name} restored "${task.title}".` };
  } catch (err) {
    if (!isAppError(err, "not_found", "plan_limit")) throw err;
    return { task: null, notice: isAppError(err, "plan_limit") ? err.message : "That task is no longer in the recently deleted." };
  }
});

/** 'Create anyway' on a duplicate warning: creates the draft it carries, once however often it is clicked. */
export const createAnyway = forMember(async (ctx, click, responseUrl) => {
  const decoded = decodeCreateAnyway(click.actions[0].value);
  if (!decoded) return;
  const first = await slackModel.markSlackProcessed(ctx.db, ctx.workspace.id, `action:${decoded.nonce}`, ctx.now.toISOString());
  if (!first) return;
  await replyLater(
    ctx,
    "create anyway",
    responseUrl,
    async () => {
      // The draft's Slack message, if it came from one, is remembered as on the first try (ADR 040).
      const { message } = decoded;
      const source = message ? await describeMessage(ctx, await requireBotApi(ctx), message) : undefined;
      try {
        return await createDrafts(ctx, { drafts: [decoded.draft], allowDuplicate: true, source });
      } catch (err) {
        if (!isCaptureConflict(err)) throw err;
        return noticeMessage("This message became a task meanwhile, so no second one was made.");
      }
    },
    { replaceOriginal: true },
  );
});

/**
 * Linked members mentioned in a message: `nameOf` makes `<@U…>` read as `@Sam` for the parser, and `withOwners`
 * turns an owner read as such a first name back into that member's full name, so a mention of Sam Patel is his
 * task even where the team has another Sam (two mentioned Sams stay as typed, and the task service asks which).
 */
export async function mentionedMembers(ctx: SlackCtx, text: string) {
  const ids = mentionedUserIds(text);
  const rows = ctx.app.teamId ? await slackModel.listMembersBySlackUsers(ctx.db, ctx.workspace.id, ctx.app.teamId, ids) : [];
  const names = new Map(rows.map((r) => [r.slackUserId, r.name]));
  const byFirstName = new Map<string, string | null>();
  for (const { name } of rows) {
    const key = ownerKey(name).split(" ", 1)[0];
    byFirstName.set(key, byFirstName.has(key) && byFirstName.get(key) !== name ? null : name);
  }
  return {
    nameOf: (id: string) => names.get(id) ?? null,
    withOwners: (drafts: TaskDraft[]) =>
      drafts.map((draft) => {
        const full = draft.assigneeName ? byFirstName.get(ownerKey(draft.assigneeName)) : undefined;
        return full ? { ...draft, assigneeName: full } : draft;
      }),
  };
}

/**
 * The 'Create task from message' shortcut: tasks from the message that remember it and its thread (ADR 040), so
 * the task page links back to it.
 */
export const createTaskFromMessage: SlackHandler<MessageAction> = async (ctx, shortcut): Promise<SlackAck> => {
  const member = await findMember(ctx, shortcut.user.id);
  if (!member) {
    const reply = await linkAccountReply(ctx, shortcut.user.id, shortcut.channel.id);
    return { later: () => respond(ctx, shortcut.response_url, reply) };
  }
  return {
    later: () =>
      replyLater(ctx, "message shortcut", shortcut.response_url, async () => {
        const mentioned = await mentionedMembers(ctx, shortcut.message.text);
        const text = slackTextToPlain(shortcut.message.text, mentioned.nameOf);
        if (!text) return noticeMessage("This message has no text to make a task from.");
        const drafts = mentioned.withOwners(await parseDrafts(member, text));
        const { message, channel } = shortcut;
        const source = await describeMessage(ctx, await requireBotApi(ctx), {
          channelId: channel.id,
          channelName: channel.name,
          messageTs: message.ts,
          threadTs: message.thread_ts ?? message.ts,
          via: "shortcut",
        });
        return createDrafts(member, { drafts, source });
      }),
  };
};
