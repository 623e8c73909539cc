import { CREATE_TASK_SHORTCUT, SLASH_COMMANDS } from "~/domain/slack-blocks";

/**
 * Bot scopes, each for something we do: slash commands and the message shortcut (`commands`), replies, thread
 * answers and digests (`chat:write`), digests in public channels the bot was not invited to
 * (`chat:write.public`), @mentions (`app_mentions:read`), and naming the Slack user on the account-link
 * page (`users:read`, for users.info). For tasks that keep their conversation (ADR 040): the capture emoji
 * (`reactions:read`), reading the reacted message and its thread's replies in public and private channels
 * (`channels:history`, `groups:history`), naming the channel on the task (`channels:read`, `groups:read`, for
 * conversations.info) and files shared in a task's thread (`files:read`).
 */
export const BOT_SCOPES = [
  "commands",
  "chat:write",
  "chat:write.public",
  "app_mentions:read",
  "users:read",
  "reactions:read",
  "channels:history",
  "groups:history",
  "channels:read",
  "groups:read",
  "files:read",
] as const;

/**
 * Bot events: mentions, the uninstall and revoked tokens; the capture emoji (`reaction_added`); and messages in
 * the public and private channels the bot is in (`message.channels`, `message.groups`), whose thread replies, files
 * included, the task's conversation follows. Messages outside a task's thread are acknowledged and dropped.
 */
export const BOT_EVENTS = [
  "app_mention",
  "app_uninstalled",
  "tokens_revoked",
  "reaction_added",
  "message.channels",
  "message.groups",
] as const;

export function slackUrls(origin: string, workspaceId: string) {
  return {
    commands: `${origin}/api/slack/commands`,
    // Slack's url_verification carries neither team nor app id; the workspace id finds the signing secret.
    events: `${origin}/api/slack/events?workspace=${encodeURIComponent(workspaceId)}`,
    interactions: `${origin}/api/slack/interactions`,
    redirect: `${origin}/api/slack/oauth/callback`,
  };
}

/** The app manifest a workspace pastes into Slack's "Create an app → From a manifest" (JSON). */
export function buildSlackManifest(origin: string, workspaceId: string) {
  const urls = slackUrls(origin, workspaceId);
  return {
    _metadata: { major_version: 1, minor_version: 1 },
    display_information: {
      name: "Cueboard",
      description: "Tasks, deadlines and a morning digest for your event production team.",
      background_color: "#1f2937",
    },
    features: {
      bot_user: { display_name: "Cueboard", always_online: true },
      slash_commands: SLASH_COMMANDS.map((c) => ({
        command: c.command,
        url: urls.commands,
        description: c.description,
        ...(c.usageHint ? { usage_hint: c.usageHint } : {}),
        should_escape: false,
      })),
      shortcuts: [
        {
          name: "Create task from message",
          type: "message",
          callback_id: CREATE_TASK_SHORTCUT,
          description: "Turn this message into a Cueboard task with a link back to it",
        },
      ],
    },
    oauth_config: {
      redirect_urls: [urls.redirect],
      scopes: { bot: [...BOT_SCOPES] },
    },
    settings: {
      event_subscriptions: { request_url: urls.events, bot_events: [...BOT_EVENTS] },
      interactivity: { is_enabled: true, request_url: urls.interactions },
      org_deploy_enabled: false,
      socket_mode_enabled: false,
      token_rotation_enabled: false,
    },
  };
}
