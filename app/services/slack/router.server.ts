import type { AppLoadContext } from "@remix-run/cloudflare";
import { badRequest } from "~/domain/errors";
import { CREATE_TASK_SHORTCUT, TASK_ACTIONS } from "~/domain/slack-blocks";
import { handleApi, json, jsonError, MAX_BODY_BYTES, notAllowed, readCapped } from "~/http/api.server";
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
} from "~/integrations/slack/payloads";
import { verifySlackSignature } from "~/integrations/slack/signature";
import * as slackModel from "~/models/slack";
import { assignTaskToMe, createAnyway, createTaskFromMessage, markTaskDone, snoozeTask } from "./actions.server";
import {
  askAssistant,
  createTasksFromCommand,
  listOpenTasks,
  listOverdueTasks,
  showHelp,
  unknownCommand,
} from "./commands.server";
import { logSlackFailure, type SlackAck, type SlackCall, type SlackHandler } from "./context.server";
import { answerMention, forgetInstallation, forgetRevokedTokens } from "./events.server";
import { secretContext } from "./setup.server";

/** Everything Slack can ask of us, in one table per request kind. */
const slashCommands: Record<string, SlackHandler<SlashCommand>> = {
  "/tasks": listOpenTasks,
  "/new": createTasksFromCommand,
  "/overdue": listOverdueTasks,
  "/assistant": askAssistant,
  "/help": showHelp,
};

const buttons: Record<string, SlackHandler<BlockActions>> = {
  [TASK_ACTIONS.markDone]: markTaskDone,
  [TASK_ACTIONS.snooze]: snoozeTask,
  [TASK_ACTIONS.assignToMe]: assignTaskToMe,
  [TASK_ACTIONS.createAnyway]: createAnyway,
};

const messageShortcuts: Record<string, SlackHandler<MessageAction>> = {
  [CREATE_TASK_SHORTCUT]: createTaskFromMessage,
};

const events: Record<string, SlackHandler<EventEnvelope>> = {
  app_mention: answerMention,
  app_uninstalled: forgetInstallation,
  tokens_revoked: forgetRevokedTokens,
};

const has = <T>(table: Record<string, T>, key: string) => Object.prototype.hasOwnProperty.call(table, key);

/** What an endpoint read from the raw body before verification. */
type Incoming =
  /** Answered without verification: Slack's ssl_check names no app and changes nothing. */
  | { early: Response }
  | {
      /** Whose signing secret verifies the request: the app and team it names, or (url_verification) a workspace. */
      locate: SlackRequestIds | { workspaceId: string | null };
      dispatch: (call: SlackCall<undefined>) => Promise<SlackAck | Response>;
    };

const UNVERIFIED = "Slack request verification failed";

async function findInstallation(context: AppLoadContext, target: SlackRequestIds | { workspaceId: string | null }) {
  if ("workspaceId" in target) {
    return target.workspaceId ? ((await slackModel.findSlackAppByWorkspace(context.db, target.workspaceId)) ?? null) : null;
  }
  if (!target.appId) return null;
  const rows = await slackModel.findSlackAppByIds(context.db, target.appId, target.teamId);
  return rows.length === 1 ? rows[0] : null;
}

/**
 * The pipeline of every Slack endpoint: read the raw body (64 KB cap), find the installation the request
 * names, verify Slack's signature with that app's signing secret (401 otherwise), dispatch, answer at once and
 * leave slow work to `waitUntil`.
 */
function slackEndpoint(request: Request, context: AppLoadContext, read: (raw: string, url: URL) => Incoming) {
  return handleApi(async () => {
    if (request.method !== "POST") return notAllowed(["POST"]);
    const now = new Date();
    const url = new URL(request.url);
    const raw = await readCapped(request, MAX_BODY_BYTES);
    let incoming: Incoming;
    try {
      incoming = read(raw, url);
    } catch {
      throw badRequest("Malformed Slack request");
    }
    if ("early" in incoming) return incoming.early;

    const found = await findInstallation(context, incoming.locate);
    if (!found) return jsonError(401, UNVERIFIED);
    const keys = await secretKeys(context.env);
    const signingSecret = await decryptSecret(keys, found.app.signingSecretEnc, secretContext(found.app.workspaceId, "signing_secret"));
    const verified = await verifySlackSignature({
      signingSecret,
      timestamp: request.headers.get("x-slack-request-timestamp"),
      signature: request.headers.get("x-slack-signature"),
      rawBody: raw,
      now,
    });
    if (!verified) return jsonError(401, UNVERIFIED);

    const ack = await incoming.dispatch({ payload: undefined, ...found, keys, env: context.env, db: context.db, live: context.live, origin: url.origin, now });
    if (ack instanceof Response) return ack;
    if (ack.later) context.waitUntil(ack.later().catch((err) => logSlackFailure("deferred work", err)));
    return ack.body === undefined ? new Response(null, { status: 200 }) : json(ack.body);
  });
}

export function handleSlackCommand(request: Request, context: AppLoadContext) {
  return slackEndpoint(request, context, (raw) => {
    const form = new URLSearchParams(raw);
    if (form.get("ssl_check") === "1") return { early: new Response(null, { status: 200 }) };
    return {
      locate: idsFromForm(form),
      dispatch: async (call) => {
        const parsed = slashCommandSchema.safeParse(Object.fromEntries(form));
        if (!parsed.success) return {};
        const handler = has(slashCommands, parsed.data.command) ? slashCommands[parsed.data.command] : unknownCommand;
        return handler({ ...call, payload: parsed.data });
      },
    };
  });
}

export function handleSlackInteraction(request: Request, context: AppLoadContext) {
  return slackEndpoint(request, context, (raw) => {
    const data: unknown = JSON.parse(new URLSearchParams(raw).get("payload") ?? "");
    return {
      locate: idsFromJson(data),
      dispatch: async (call) => {
        const parsed = interactionSchema.safeParse(data);
        if (!parsed.success) return {};
        const payload = parsed.data;
        if (payload.type === "message_action") {
          return has(messageShortcuts, payload.callback_id) ? messageShortcuts[payload.callback_id]({ ...call, payload }) : {};
        }
        const actionId = payload.actions[0].action_id;
        return has(buttons, actionId) ? buttons[actionId]({ ...call, payload }) : {};
      },
    };
  });
}

export function handleSlackEvent(request: Request, context: AppLoadContext) {
  return slackEndpoint(request, context, (raw, url) => {
    const data = JSON.parse(raw) as { type?: unknown; challenge?: unknown };
    if (data.type === "url_verification") {
      return {
        locate: { workspaceId: url.searchParams.get("workspace") },
        dispatch: async () =>
          new Response(typeof data.challenge === "string" ? data.challenge : "", { headers: { "content-type": "text/plain" } }),
      };
    }
    return {
      locate: idsFromJson(data),
      dispatch: async (call) => {
        const parsed = eventEnvelopeSchema.safeParse(data);
        if (!parsed.success || !has(events, parsed.data.event.type)) return {};
        // Slack redelivers an event (X-Slack-Retry-Num) when our ack was slow or lost; its event_id stays the same.
        const first = await slackModel.markSlackProcessed(call.db, call.workspace.id, `event:${parsed.data.event_id}`, call.now.toISOString());
        if (!first) return {};
        return events[parsed.data.event.type]({ ...call, payload: parsed.data });
      },
    };
  });
}
