import { assistantMessage, helpMessage, noticeMessage } from "~/domain/slack-blocks";
import type { SlashCommand } from "~/integrations/slack/payloads";
import { slackTextToPlain } from "~/integrations/slack/text";
import { askAssistant as askWorkspaceAssistant } from "~/services/assistant.server";
import {
  ephemeral,
  findMember,
  linkAccountReply,
  replyLater,
  type Member,
  type SlackAck,
  type SlackCall,
  type SlackHandler,
} from "./context.server";
import { createDrafts, parseDrafts, taskListView } from "./tasks.server";

/** Slash command handlers. Each answers at once and does any database or parsing work after the ack. */

type Command = SlackCall<SlashCommand>;

/** Commands that act on the workspace need a linked member; anyone else is told how to link. */
function forMember(handler: (call: Command, member: Member) => Promise<SlackAck>): SlackHandler<SlashCommand> {
  return async (call) => {
    const member = await findMember(call, call.payload.user_id);
    if (!member) return { body: ephemeral(await linkAccountReply(call, call.payload.user_id, call.payload.channel_id)) };
    return handler(call, member);
  };
}

export const showHelp: SlackHandler<SlashCommand> = async () => ({ body: ephemeral(helpMessage()) });

export const listOpenTasks = forMember(async (call, member) => ({
  later: () => replyLater(call, "/tasks", call.payload.response_url, () => taskListView(member.scope, "open", call.now, call.origin)),
}));

export const listOverdueTasks = forMember(async (call, member) => ({
  later: () => replyLater(call, "/overdue", call.payload.response_url, () => taskListView(member.scope, "overdue", call.now, call.origin)),
}));

export const createTasksFromCommand = forMember(async (call, member) => {
  const text = slackTextToPlain(call.payload.text);
  if (!text) {
    return { body: ephemeral(noticeMessage("Describe the task, e.g. `/new Book caterer for VIP dinner 2026-12-04 @sam`")) };
  }
  return {
    later: () =>
      replyLater(call, "/new", call.payload.response_url, async () =>
        createDrafts(member.scope, await parseDrafts(member.scope, text, call.now, call.env.AI), call.now),
      ),
  };
});

export const askAssistant = forMember(async (call, member) => {
  const question = slackTextToPlain(call.payload.text);
  return {
    later: () =>
      replyLater(call, "/assistant", call.payload.response_url, async () => {
        const { answer } = await askWorkspaceAssistant(member.scope, question, { now: call.now, ai: call.env.AI });
        return assistantMessage(question, answer);
      }),
  };
});

/** A command our manifest does not define (renamed in Slack's settings): say which ones we know. */
export const unknownCommand: SlackHandler<SlashCommand> = async (call) => ({
  body: ephemeral(noticeMessage(`Cueboard does not know ${call.payload.command}. Try /help.`)),
});
