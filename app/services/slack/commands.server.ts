import { assistantMessage, helpMessage, noticeMessage } from "~/domain/slack-blocks";
import type { SlashCommand } from "~/integrations/slack/payloads";
import { slackTextToPlain } from "~/integrations/slack/text";
import { askAssistant as askWorkspaceAssistant } from "~/services/assistant.server";
import { cueStatus } from "~/services/show-live.server";
import {
  ephemeral,
  findMember,
  linkAccountReply,
  replyLater,
  type MemberCtx,
  type SlackAck,
  type SlackHandler,
} from "./context.server";
import { createDrafts, parseDrafts, taskListView } from "./tasks.server";

/** Slash command handlers. Each answers at once and does any database or parsing work after the ack. */

/** Commands that act on the workspace need a linked member; anyone else is told how to link. */
function forMember(handler: (ctx: MemberCtx, command: SlashCommand) => Promise<SlackAck>): SlackHandler<SlashCommand> {
  return async (ctx, command) => {
    const member = await findMember(ctx, command.user_id);
    if (!member) return { body: ephemeral(await linkAccountReply(ctx, command.user_id, command.channel_id)) };
    return handler(member, command);
  };
}

export const showHelp: SlackHandler<SlashCommand> = async (ctx) => ({
  body: ephemeral(helpMessage(ctx.workspace.slackCaptureEmoji)),
});

export const listOpenTasks = forMember(async (ctx, command) => ({
  later: () => replyLater(ctx, "/tasks", command.response_url, () => taskListView(ctx, { view: "open" })),
}));

export const listOverdueTasks = forMember(async (ctx, command) => ({
  later: () => replyLater(ctx, "/overdue", command.response_url, () => taskListView(ctx, { view: "overdue" })),
}));

export const createTasksFromCommand = forMember(async (ctx, command) => {
  const text = slackTextToPlain(command.text);
  if (!text) {
    return {
      body: ephemeral(noticeMessage("Describe the task, e.g. `/new Book caterer for VIP dinner 2026-12-04 @sam`")),
    };
  }
  return {
    later: () =>
      replyLater(ctx, "/new", command.response_url, async () =>
        createDrafts(ctx, { drafts: await parseDrafts(ctx, text) }),
      ),
  };
});

export const askAssistant = forMember(async (ctx, command) => {
  const question = slackTextToPlain(command.text);
  return {
    later: () =>
      replyLater(ctx, "/assistant", command.response_url, async () => {
        const { answer } = await askWorkspaceAssistant(ctx, question);
        return assistantMessage(question, answer);
      }),
  };
});

/**
 * `/cue [stage]`: the current and next cue with their times and callers, privately (ADR 025): one stage's when the
 * text names it, else every stage's (ADR 037).
 */
export const showCurrentCue = forMember(async (ctx, command) => ({
  later: () =>
    replyLater(ctx, "/cue", command.response_url, () =>
      cueStatus(ctx, { stageName: slackTextToPlain(command.text ?? "").slice(0, 100) }),
    ),
}));

/** A command our manifest does not define (renamed in Slack's settings): say which ones we know. */
export const unknownCommand: SlackHandler<SlashCommand> = async (_ctx, command) => ({
  body: ephemeral(noticeMessage(`Cueboard does not know ${command.command}. Try /help.`)),
});
