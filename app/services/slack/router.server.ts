import { badRequest } from "~/domain/errors";
import { COMMENT_REPLY_VIEW, CREATE_TASK_SHORTCUT, DAY_SHEET_OPEN_ACTION, TASK_ACTIONS } from "~/domain/slack-blocks";
import { decryptSecret, secretKeys } from "~/lib/secrets.server";
import {
  eventEnvelopeSchema,
  idsFromForm,
  idsFromJson,
  interactionSchema,
  slashCommandSchema,
  type BlockActions,
  type EventEnvelope,
  type MessageAction,
  type SlackRequestIds,
  type SlashCommand,
  type ViewSubmission,
} from "~/integrations/slack/payloads";
import * as slackModel from "~/models/slack";
import {
  assignTaskToMe,
  createAnyway,
  createTaskFromMessage,
  deleteTaskButton,
  markTaskDone,
  snoozeTask,
  undoDeleteButton,
} from "./actions.server";
import {
  askAssistant,
  createTasksFromCommand,
  listOpenTasks,
  listOverdueTasks,
  showCurrentCue,
  showHelp,
  unknownCommand,
} from "./commands.server";
import type { Ctx } from "~/services/context.server";
import { logSlackFailure, type SlackAck, type SlackCtx, type SlackHandler } from "./context.server";
import { captureReaction, isCapture } from "./capture.server";
import { openCommentReply, submitCommentReply } from "./comment-actions.server";
import { answerMention, forgetInstallation, forgetRevokedTokens } from "./events.server";
import { isThreadMessage, syncThreadMessage } from "./threads.server";
import { openTaskLink, snoozeReminderButton } from "./reminder-actions.server";
import { secretContext } from "./setup.server";

/** Everything Slack can ask of us, in one table per request kind. */
const slashCommands: Record<string, SlackHandler<SlashCommand>> = {
  "/tasks": listOpenTasks,
  "/new": createTasksFromCommand,
  "/overdue": listOverdueTasks,
  "/assistant": askAssistant,
  "/cue": showCurrentCue,
  "/help": showHelp,
};

const buttons: Record<string, SlackHandler<BlockActions>> = {
  [TASK_ACTIONS.markDone]: markTaskDone,
  [TASK_ACTIONS.snooze]: snoozeTask,
  [TASK_ACTIONS.assignToMe]: assignTaskToMe,
  [TASK_ACTIONS.delete]: deleteTaskButton,
  [TASK_ACTIONS.undoDelete]: undoDeleteButton,
  [TASK_ACTIONS.createAnyway]: createAnyway,
  [TASK_ACTIONS.snoozeReminder]: snoozeReminderButton,
  [TASK_ACTIONS.openTask]: openTaskLink,
  [TASK_ACTIONS.replyToComment]: openCommentReply,
  // A link button: Slack opens the day sheet; the click is acknowledged.
  [DAY_SHEET_OPEN_ACTION]: openTaskLink,
};

const messageShortcuts: Record<string, SlackHandler<MessageAction>> = {
  [CREATE_TASK_SHORTCUT]: createTaskFromMessage,
};

const viewSubmissions: Record<string, SlackHandler<ViewSubmission>> = {
  [COMMENT_REPLY_VIEW]: submitCommentReply,
};

const events: Record<string, SlackHandler<EventEnvelope>> = {
  app_mention: answerMention,
  reaction_added: captureReaction,
  app_uninstalled: forgetInstallation,
  tokens_revoked: forgetRevokedTokens,
  message: syncThreadMessage,
};

/**
 * Events that come for much more than we act on (every reaction and message in the bot's channels): only those
 * that pass are recorded against retries and handled.
 */
const eventFilters: Record<string, (ctx: SlackCtx, envelope: EventEnvelope) => boolean> = {
  reaction_added: isCapture,
  message: isThreadMessage,
};

const has = <T>(table: Record<string, T>, key: string) => Object.prototype.hasOwnProperty.call(table, key);

/** What Slack is answered: JSON (an empty 200 when `json` is absent), or plain text (the url_verification challenge). */
export type SlackReply = { json?: unknown } | { text: string };

/** Where the installation that must verify a request is named: by its app and team, or (url_verification) a workspace. */
export type SlackLocator = SlackRequestIds | { workspaceId: string | null };

/** What an endpoint read from the raw body before verification. */
export type IncomingSlack =
  /** Answered without verification: Slack's ssl_check names no app and changes nothing. */
  | { early: SlackReply }
  | { locate: SlackLocator; dispatch: (ctx: SlackCtx) => Promise<SlackReply> };

export type SlackEndpoint = "command" | "interaction" | "event";

/** A handler's ack as the reply; its slow part runs after the response (`waitUntil`), a failure logged. */
function acknowledge(ctx: SlackCtx, ack: SlackAck): SlackReply {
  if (ack.later) ctx.waitUntil(ack.later().catch((err) => logSlackFailure("deferred work", err)));
  return { json: ack.body };
}

function readCommand(raw: string): IncomingSlack {
  const form = new URLSearchParams(raw);
  if (form.get("ssl_check") === "1") return { early: {} };
  return {
    locate: idsFromForm(form),
    dispatch: async (ctx) => {
      const parsed = slashCommandSchema.safeParse(Object.fromEntries(form));
      if (!parsed.success) return {};
      const handler = has(slashCommands, parsed.data.command) ? slashCommands[parsed.data.command] : unknownCommand;
      return acknowledge(ctx, await handler(ctx, parsed.data));
    },
  };
}

function readInteraction(raw: string): IncomingSlack {
  const data: unknown = JSON.parse(new URLSearchParams(raw).get("payload") ?? "");
  return {
    locate: idsFromJson(data),
    dispatch: async (ctx) => {
      const parsed = interactionSchema.safeParse(data);
      if (!parsed.success) return {};
      const payload = parsed.data;
      if (payload.type === "message_action") {
        return has(messageShortcuts, payload.callback_id) ? acknowledge(ctx, await messageShortcuts[payload.callback_id](ctx, payload)) : {};
      }
      if (payload.type === "view_submission") {
        const callbackId = payload.view.callback_id;
        return has(viewSubmissions, callbackId) ? acknowledge(ctx, await viewSubmissions[callbackId](ctx, payload)) : {};
      }
      const actionId = payload.actions[0].action_id;
      return has(buttons, actionId) ? acknowledge(ctx, await buttons[actionId](ctx, payload)) : {};
    },
  };
}

function readEvent(raw: string, workspaceParam: string | null): IncomingSlack {
  const data = JSON.parse(raw) as { type?: unknown; challenge?: unknown };
  if (data.type === "url_verification") {
    return {
      locate: { workspaceId: workspaceParam },
      dispatch: async () => ({ text: typeof data.challenge === "string" ? data.challenge : "" }),
    };
  }
  return {
    locate: idsFromJson(data),
    dispatch: async (ctx) => {
      const parsed = eventEnvelopeSchema.safeParse(data);
      if (!parsed.success || !has(events, parsed.data.event.type)) return {};
      const type = parsed.data.event.type;
      if (has(eventFilters, type) && !eventFilters[type](ctx, parsed.data)) return {};
      // Slack redelivers an event (X-Slack-Retry-Num) when our ack was slow or lost; its event_id stays the same.
      const first = await slackModel.markSlackProcessed(ctx.db, ctx.workspace.id, `event:${parsed.data.event_id}`, ctx.now.toISOString());
      if (!first) return {};
      return acknowledge(ctx, await events[type](ctx, parsed.data));
    },
  };
}

/**
 * Reads what a Slack endpoint received (the raw body; `workspaceParam` is the events URL's `?workspace=`): what
 * to answer at once, or which installation must verify it and what to do once it has.
 */
export function readSlackRequest(endpoint: SlackEndpoint, raw: string, workspaceParam: string | null): IncomingSlack {
  try {
    if (endpoint === "command") return readCommand(raw);
    if (endpoint === "interaction") return readInteraction(raw);
    return readEvent(raw, workspaceParam);
  } catch {
    throw badRequest("Malformed Slack request");
  }
}

/**
 * The installation a request names, with its signing secret, as the context its handlers run in (`origin` is our
 * public one, for links back); null when it names none we know.
 */
export async function openInstallation(ctx: Ctx, target: SlackLocator, origin: string) {
  const found = await findInstallation(ctx, target);
  if (!found) return null;
  const keys = await secretKeys(ctx.env);
  const signingSecret = await decryptSecret(keys, found.app.signingSecretEnc, secretContext(found.app.workspaceId, "signing_secret"));
  const { db, env, now, waitUntil, live, sessionChecks } = ctx;
  const slackCtx: SlackCtx = { db, env, now, waitUntil, live, sessionChecks, ...found, keys, origin };
  return { ctx: slackCtx, signingSecret };
}

async function findInstallation(ctx: Ctx, target: SlackLocator) {
  if ("workspaceId" in target) {
    return target.workspaceId ? ((await slackModel.findSlackAppByWorkspace(ctx.db, target.workspaceId)) ?? null) : null;
  }
  if (!target.appId) return null;
  const rows = await slackModel.findSlackAppByIds(ctx.db, target.appId, target.teamId);
  return rows.length === 1 ? rows[0] : null;
}
