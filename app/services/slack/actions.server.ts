import { todayIn } from "~/domain/dates";
import { AppError, isAppError } from "~/domain/errors";
import {
  decodeCreateAnyway,
  decodeTaskAction,
  formatDay,
  noticeMessage,
  taskCardMessage,
  type SlackMessage,
  type TaskView,
} from "~/domain/slack-blocks";
import { snoozedDueDate } from "~/domain/task-triage";
import { COMPLETED } from "~/domain/tasks";
import type { BlockActions, MessageAction } from "~/integrations/slack/payloads";
import { mentionedUserIds, slackTextToPlain } from "~/integrations/slack/text";
import * as slackModel from "~/models/slack";
import { getTask, updateTask, type TaskDto } from "~/services/tasks.server";
import {
  findMember,
  linkAccountReply,
  logSlackFailure,
  replyLater,
  requireBotApi,
  respond,
  type Member,
  type SlackAck,
  type SlackCall,
  type SlackHandler,
} from "./context.server";
import { createDrafts, parseDrafts, taskListView } from "./tasks.server";

/** Button and shortcut handlers: acknowledge, then change the task and redraw the message via response_url. */

type Click = SlackCall<BlockActions>;

/** Buttons act as the linked member who clicked; an unknown clicker gets the link message instead. */
function forMember(handler: (call: Click, member: Member, responseUrl: string) => Promise<void>): SlackHandler<BlockActions> {
  return async (call) => {
    const responseUrl = call.payload.response_url;
    if (!responseUrl) return {};
    const member = await findMember(call, call.payload.user.id);
    if (!member) {
      const reply = await linkAccountReply(call, call.payload.user.id, call.payload.channel?.id ?? null);
      return { later: () => respond(call, responseUrl, reply) };
    }
    return { later: () => handler(call, member, responseUrl) };
  };
}

/** The message a task button sat in, drawn again after the change, with a line saying what happened. */
async function redraw(call: Click, member: Member, view: TaskView, task: TaskDto | null, notice: string): Promise<SlackMessage> {
  if (view !== "single") return taskListView(member.scope, view, call.now, call.origin, notice);
  if (!task) return noticeMessage(notice);
  return taskCardMessage(task, todayIn(call.workspace.timezone, call.now), notice);
}

/** Defines a task button: `change` applies the update and says what it did. */
function taskButton(change: (call: Click, member: Member, task: TaskDto) => Promise<{ task: TaskDto; notice: string }>) {
  return forMember(async (call, member, responseUrl) => {
    const target = decodeTaskAction(call.payload.actions[0].value);
    if (!target) return;
    await replyLater(
      call,
      call.payload.actions[0].action_id,
      responseUrl,
      async () => {
        let current: TaskDto;
        try {
          current = await getTask(member.scope, target.id);
        } catch (err) {
          if (isAppError(err, "not_found")) return redraw(call, member, target.view, null, "That task no longer exists.");
          throw err;
        }
        const { task, notice } = await change(call, member, current);
        return redraw(call, member, target.view, task, notice);
      },
      { replaceOriginal: true },
    );
  });
}

export const markTaskDone = taskButton(async (call, member, task) => {
  if (task.status === COMPLETED) return { task, notice: `"${task.title}" was already done.` };
  const updated = await updateTask(member.scope, task.id, { status: COMPLETED }, call.now);
  return { task: updated, notice: `${member.user.name} marked "${task.title}" done.` };
});

export const snoozeTask = taskButton(async (call, member, task) => {
  const dueDate = snoozedDueDate(task.dueDate, todayIn(call.workspace.timezone, call.now));
  const updated = await updateTask(member.scope, task.id, { dueDate }, call.now);
  return { task: updated, notice: `${member.user.name} snoozed "${task.title}" to ${formatDay(dueDate.slice(0, 10))}.` };
});

export const assignTaskToMe = taskButton(async (call, member, task) => {
  const updated = await updateTask(member.scope, task.id, { assigneeId: member.user.id }, call.now);
  return { task: updated, notice: `"${task.title}" is now assigned to ${member.user.name}.` };
});

/** 'Create anyway' on a duplicate warning: creates the draft it carries, once however often it is clicked. */
export const createAnyway = forMember(async (call, member, responseUrl) => {
  const decoded = decodeCreateAnyway(call.payload.actions[0].value);
  if (!decoded) return;
  const first = await slackModel.markSlackProcessed(call.db, call.workspace.id, `action:${decoded.nonce}`, call.now.toISOString());
  if (!first) return;
  await replyLater(call, "create anyway", responseUrl, () => createDrafts(member.scope, [decoded.draft], call.now, { allowDuplicate: true }), {
    replaceOriginal: true,
  });
});

/** Names of linked members mentioned in a message, so `<@U…>` reads as `@Sam` for the parser. */
export async function mentionNames(call: SlackCall<unknown>, text: string) {
  const ids = mentionedUserIds(text);
  const rows = call.app.teamId ? await slackModel.listMembersBySlackUsers(call.db, call.workspace.id, call.app.teamId, ids) : [];
  const names = new Map(rows.map((r) => [r.slackUserId, r.name]));
  return (id: string) => names.get(id) ?? null;
}

/** The 'Create task from message' shortcut: a task from the message, with the message's permalink. */
export const createTaskFromMessage: SlackHandler<MessageAction> = async (call): Promise<SlackAck> => {
  const { payload } = call;
  const member = await findMember(call, payload.user.id);
  if (!member) {
    const reply = await linkAccountReply(call, payload.user.id, payload.channel.id);
    return { later: () => respond(call, payload.response_url, reply) };
  }
  return {
    later: () =>
      replyLater(call, "message shortcut", payload.response_url, async () => {
        const text = slackTextToPlain(payload.message.text, await mentionNames(call, payload.message.text));
        if (!text) return noticeMessage("This message has no text to make a task from.");
        const permalink = await messagePermalink(call, payload.channel.id, payload.message.ts);
        const source = permalink ? `From Slack: ${permalink}` : "From a Slack message";
        const drafts = (await parseDrafts(member.scope, text, call.now, call.env.AI)).map((draft) => ({
          ...draft,
          description: [draft.description, source].filter(Boolean).join("\n\n"),
        }));
        return createDrafts(member.scope, drafts, call.now);
      }),
  };
};

async function messagePermalink(call: SlackCall<unknown>, channel: string, messageTs: string) {
  try {
    const api = await requireBotApi(call);
    return (await api.getPermalink({ channel, message_ts: messageTs })).permalink;
  } catch (err) {
    logSlackFailure("chat.getPermalink", err);
    return null;
  }
}
