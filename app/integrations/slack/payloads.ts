import { z } from "zod";

/**
 * The parts of Slack's request payloads we read. Parsing is lenient (unknown fields pass): Slack adds fields
 * over time, and a payload we cannot read is acknowledged and ignored rather than retried forever.
 */

/** Slash command (application/x-www-form-urlencoded). */
export const slashCommandSchema = z.object({
  command: z.string(),
  text: z.string().default(""),
  team_id: z.string(),
  api_app_id: z.string(),
  user_id: z.string(),
  channel_id: z.string(),
  response_url: z.string().url(),
  trigger_id: z.string().optional(),
});
export type SlashCommand = z.infer<typeof slashCommandSchema>;

const idOnly = z.object({ id: z.string() });

const blockActionsSchema = z.object({
  type: z.literal("block_actions"),
  api_app_id: z.string(),
  team: idOnly,
  user: idOnly,
  channel: idOnly.optional(),
  response_url: z.string().url().optional(),
  /** Opens a modal in answer to this click (views.open), for 3 seconds. */
  trigger_id: z.string().optional(),
  actions: z.array(z.object({ action_id: z.string(), value: z.string().optional() })).min(1),
});

const messageActionSchema = z.object({
  type: z.literal("message_action"),
  callback_id: z.string(),
  api_app_id: z.string(),
  team: idOnly,
  user: idOnly,
  channel: idOnly.extend({ name: z.string().optional() }),
  response_url: z.string().url(),
  message_ts: z.string().optional(),
  message: z.object({
    ts: z.string(),
    text: z.string().default(""),
    user: z.string().optional(),
    thread_ts: z.string().optional(),
  }),
});

/** A modal's submission: its callback_id, what it carried (private_metadata) and the values of its inputs. */
const viewSubmissionSchema = z.object({
  type: z.literal("view_submission"),
  api_app_id: z.string(),
  team: idOnly,
  user: idOnly,
  view: z.object({
    callback_id: z.string(),
    private_metadata: z.string().default(""),
    state: z
      .object({
        values: z.record(z.record(z.object({ value: z.string().nullish() }).passthrough())),
      })
      .default({ values: {} }),
  }),
});

/** An interaction (form field `payload`, JSON): a button click, a message shortcut or a modal's submission. */
export const interactionSchema = z.discriminatedUnion("type", [
  blockActionsSchema,
  messageActionSchema,
  viewSubmissionSchema,
]);
export type ViewSubmission = z.infer<typeof viewSubmissionSchema>;
export type BlockActions = z.infer<typeof blockActionsSchema>;
export type MessageAction = z.infer<typeof messageActionSchema>;

const appMentionSchema = z.object({
  type: z.literal("app_mention"),
  user: z.string(),
  text: z.string().default(""),
  ts: z.string(),
  channel: z.string(),
  thread_ts: z.string().optional(),
});

/** A reaction; only one on a message (`item.type` "message") can make a task. */
const reactionAddedSchema = z.object({
  type: z.literal("reaction_added"),
  user: z.string(),
  reaction: z.string(),
  item: z.object({ type: z.string(), channel: z.string().optional(), ts: z.string().optional() }),
});

const appUninstalledSchema = z.object({ type: z.literal("app_uninstalled") });

const tokensRevokedSchema = z.object({
  type: z.literal("tokens_revoked"),
  tokens: z.object({ oauth: z.array(z.string()).optional(), bot: z.array(z.string()).optional() }).default({}),
});

export const slackEventSchema = z.discriminatedUnion("type", [
  appMentionSchema,
  reactionAddedSchema,
  appUninstalledSchema,
  tokensRevokedSchema,
]);

/** The Events API envelope. The inner event stays unparsed until a handler for its type exists. */
export const eventEnvelopeSchema = z.object({
  type: z.literal("event_callback"),
  team_id: z.string(),
  api_app_id: z.string(),
  event_id: z.string(),
  event: z.object({ type: z.string() }).passthrough(),
});
export type EventEnvelope = z.infer<typeof eventEnvelopeSchema>;

/** Which installation a request names, read before verification so we know whose signing secret to use. */
export interface SlackRequestIds {
  appId: string | null;
  teamId: string | null;
}

const str = (v: unknown) => (typeof v === "string" && v ? v : null);

export function idsFromForm(form: URLSearchParams): SlackRequestIds {
  return { appId: form.get("api_app_id") || null, teamId: form.get("team_id") || null };
}

export function idsFromJson(data: unknown): SlackRequestIds {
  const o = (data ?? {}) as { api_app_id?: unknown; team_id?: unknown; team?: { id?: unknown } | null };
  return { appId: str(o.api_app_id), teamId: str(o.team_id) ?? str(o.team?.id) };
}
