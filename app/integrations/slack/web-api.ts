/**
 * A small typed client for the Slack Web API methods we call, over plain fetch. The base URL comes from
 * `SLACK_API_URL` (tests point it at a local fake); tokens go in the Authorization header, never in URLs.
 * Replies to a `response_url` go only under `SLACK_RESPONSE_URL_BASE` (Slack's hooks host unless a test
 * points it at the fake): the URL arrives in the request body, and nothing else may steer our requests.
 */

export const DEFAULT_SLACK_API_URL = "https://slack.com/api/";
export const DEFAULT_SLACK_RESPONSE_URL_BASE = "https://hooks.slack.com/";

/** Slack answered `ok: false`, or HTTP failed. `retryAfterSeconds` is set on 429 (rate limited). */
export class SlackApiError extends Error {
  constructor(
    readonly method: string,
    readonly code: string,
    readonly status: number,
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(`Slack ${method} failed: ${code}`);
    this.name = "SlackApiError";
  }

  /** Worth trying again later: rate limits, Slack's own 5xx, network failures. */
  get transient() {
    return this.status === 429 || this.status >= 500 || this.status === 0;
  }
}

export interface MessageContent {
  text: string;
  blocks?: unknown[];
}

export interface ResponseUrlMessage extends MessageContent {
  response_type?: "ephemeral" | "in_channel";
  replace_original?: boolean;
  delete_original?: boolean;
}

export interface OauthV2AccessResult {
  access_token: string;
  bot_user_id: string;
  app_id: string;
  scope?: string;
  team: { id: string; name: string };
  authed_user: { id: string };
}

/** The parts of `users.info`'s user we read. */
export interface SlackUserInfo {
  id: string;
  team_id?: string;
  /** The handle (`@name`). */
  name?: string;
  real_name?: string;
  deleted?: boolean;
  profile?: { display_name?: string; real_name?: string };
}

/** The parts of a message from conversations.replies / conversations.history we read. */
export interface SlackMessageInfo {
  ts: string;
  text?: string;
  user?: string;
  /** Set on a thread's parent (equal to `ts`) and its replies. */
  thread_ts?: string;
}

export interface AuthTestResult {
  team: string;
  team_id: string;
  user_id: string;
  bot_id?: string;
}

function retryAfter(res: Response) {
  const value = Number(res.headers.get("retry-after"));
  return Number.isFinite(value) && value >= 0 ? Math.ceil(value) : 1;
}

async function readResult<T>(method: string, res: Response): Promise<T> {
  if (res.status === 429) throw new SlackApiError(method, "ratelimited", 429, retryAfter(res));
  let data: { ok?: boolean; error?: string } & Record<string, unknown>;
  try {
    data = await res.json();
  } catch {
    throw new SlackApiError(method, `http_${res.status}`, res.status || 502);
  }
  if (!res.ok || !data.ok) throw new SlackApiError(method, data.error ?? `http_${res.status}`, res.ok ? 400 : res.status);
  return data as T;
}

async function send(method: string, url: string, init: RequestInit) {
  try {
    return await fetch(url, init);
  } catch {
    throw new SlackApiError(method, "network_error", 0);
  }
}

export function slackApiBase(env: { SLACK_API_URL?: string }) {
  const base = env.SLACK_API_URL?.trim() || DEFAULT_SLACK_API_URL;
  return base.endsWith("/") ? base : `${base}/`;
}

/** Whether a `response_url` from a payload is one we may post to: under the allowed base, no credentials. */
export function isAllowedResponseUrl(responseUrl: string, base: string) {
  let url: URL;
  let allowed: URL;
  try {
    url = new URL(responseUrl);
    allowed = new URL(base);
  } catch {
    return false;
  }
  return (
    url.origin === allowed.origin &&
    url.pathname.startsWith(allowed.pathname) &&
    url.username === "" &&
    url.password === ""
  );
}

export function slackResponseUrlBase(env: { SLACK_RESPONSE_URL_BASE?: string }) {
  return env.SLACK_RESPONSE_URL_BASE?.trim() || DEFAULT_SLACK_RESPONSE_URL_BASE;
}

/** Slack's host for files shared in messages (`url_private_download`). */
export const SLACK_FILES_ORIGIN = "https://files.slack.com";

/**
 * Whether a file URL from an event may be fetched with the bot token: Slack's files host, or the API's own origin
 * (a test's fake). The token goes nowhere else.
 */
export function isAllowedFileUrl(fileUrl: string, apiBase: string) {
  try {
    const url = new URL(fileUrl);
    if (url.username || url.password) return false;
    return url.origin === SLACK_FILES_ORIGIN || url.origin === new URL(apiBase).origin;
  } catch {
    return false;
  }
}

/** The Web API as one installation's bot sees it. */
export function createSlackWebApi(baseUrl: string, token: string) {
  async function call<T>(method: string, args: object) {
    const res = await send(method, `${baseUrl}${method}`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json; charset=utf-8" },
      body: JSON.stringify(args),
    });
    // `return await`: workerd reports a promise rejected before anyone awaits it as unhandled.
    return await readResult<T>(method, res);
  }
  /** Slack's read methods (users.info) take form arguments, not JSON. */
  async function read<T>(method: string, args: Record<string, string>) {
    const res = await send(method, `${baseUrl}${method}`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(args),
    });
    return await readResult<T>(method, res);
  }
  return {
    authTest: () => call<AuthTestResult>("auth.test", {}),
    postMessage: (args: MessageContent & { channel: string; thread_ts?: string }) =>
      call<{ channel: string; ts: string }>("chat.postMessage", { ...args, unfurl_links: false }),
    /** Changes a message the bot posted (Slack refuses others' with `cant_update_message`). */
    updateMessage: (args: { channel: string; ts: string; text: string }) =>
      call<{ channel: string; ts: string }>("chat.update", args),
    /** Removes a message the bot posted (Slack refuses others' with `cant_delete_message`). */
    deleteMessage: (args: { channel: string; ts: string }) =>
      call<{ channel: string; ts: string }>("chat.delete", args),
    postEphemeral: (args: MessageContent & { channel: string; user: string; thread_ts?: string }) =>
      call<{ message_ts: string }>("chat.postEphemeral", args),
    getPermalink: (args: { channel: string; message_ts: string }) =>
      call<{ permalink: string }>("chat.getPermalink", args),
    usersInfo: (user: string) => read<{ user: SlackUserInfo }>("users.info", { user }),
    /** Opens a modal for the user who clicked (`trigger_id` lives 3 s). */
    viewsOpen: (args: { trigger_id: string; view: object }) => call<{ view: { id: string } }>("views.open", args),
    /** One message of a thread (or one without a thread), asked for by its own ts: Slack puts the parent first. */
    conversationsReplies: (args: { channel: string; ts: string }) =>
      read<{ messages?: SlackMessageInfo[] }>("conversations.replies", {
        channel: args.channel,
        ts: args.ts,
        oldest: args.ts,
        latest: args.ts,
        inclusive: "true",
        limit: "2",
      }),
    /** A channel's top-level message at exactly `ts`. */
    conversationsHistory: (args: { channel: string; ts: string }) =>
      read<{ messages?: SlackMessageInfo[] }>("conversations.history", {
        channel: args.channel,
        oldest: args.ts,
        latest: args.ts,
        inclusive: "true",
        limit: "1",
      }),
    /** A file shared in a message, fetched with the bot token (`files:read`); only from Slack (isAllowedFileUrl). */
    downloadFile: async (fileUrl: string) => {
      if (!isAllowedFileUrl(fileUrl, baseUrl)) throw new SlackApiError("files.download", "file_url_refused", 400);
      const res = await send("files.download", fileUrl, { headers: { authorization: `Bearer ${token}` } });
      if (!res.ok || !res.body) {
        await res.body?.cancel();
        throw new SlackApiError("files.download", `http_${res.status}`, res.status || 502);
      }
      return res;
    },
    conversationsInfo: (channel: string) =>
      read<{ channel: { id: string; name?: string; is_im?: boolean } }>("conversations.info", { channel }),
  };
}

export type SlackWebApi = ReturnType<typeof createSlackWebApi>;

/** Exchanges an OAuth code for the bot token (`oauth.v2.access`); the client secret travels in the form body. */
export async function oauthV2Access(
  baseUrl: string,
  args: { clientId: string; clientSecret: string; code: string; redirectUri: string },
) {
  const body = new URLSearchParams({
    client_id: args.clientId,
    client_secret: args.clientSecret,
    code: args.code,
    redirect_uri: args.redirectUri,
  });
  const res = await send("oauth.v2.access", `${baseUrl}oauth.v2.access`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body,
  });
  return await readResult<OauthV2AccessResult>("oauth.v2.access", res);
}

/**
 * Posts to a `response_url` Slack gave us with a command or an interaction (valid 30 minutes, 5 uses); one
 * outside `base` (see isAllowedResponseUrl) is refused without a request.
 */
export async function postToResponseUrl(base: string, responseUrl: string, message: ResponseUrlMessage) {
  if (!isAllowedResponseUrl(responseUrl, base)) throw new SlackApiError("response_url", "untrusted_response_url", 400);
  const res = await send("response_url", responseUrl, {
    method: "POST",
    headers: { "content-type": "application/json; charset=utf-8" },
    body: JSON.stringify(message),
  });
  if (res.status === 429) throw new SlackApiError("response_url", "ratelimited", 429, retryAfter(res));
  if (!res.ok) throw new SlackApiError("response_url", `http_${res.status}`, res.status);
}
