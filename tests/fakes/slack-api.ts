import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { readBody } from "./read-body";

/**
 * A local fake of the Slack Web API (and of response_url hooks) for the Workers integration tests.
 *
 * - `POST /api/<method>` answers like Slack for the methods we call. Everything is derived from the OAuth code
 *   a test chooses, so parallel test files never collide: code `X` installs team `TX` (`Team X`), app `AX`,
 *   bot user `UBOTX`, installing user `UX` and bot token `xoxb-X`. A code starting with `BAD` is refused.
 *   `users.info` (form arguments, as Slack's read methods take them) describes any user id `U…` of the token's
 *   team as `Slack U…` (display name) with handle `u…`; other ids are `user_not_found`.
 * - Any other `POST` (a response_url such as `/hooks/<id>`) is accepted with 200.
 * - Every request is recorded; `GET /__requests?token=&path=` lists them (filtered by bearer token and path
 *   prefix), so tests running inside workerd can read what the Worker sent. With `atLeast=N` the answer is held
 *   until N matching requests have arrived: a test waits for the Worker's request itself, not for time.
 * - `POST /__script {path, token?, status, headers?, body?, times?}` makes the next `times` matching calls
 *   answer with that response instead (e.g. a 429 with Retry-After).
 * - `POST /__messages {token, channel, ts, text, user?, thread_ts?}` puts a message in a channel as the bot with
 *   that token sees it: `conversations.replies` and `conversations.history` answer from these, per token, so one
 *   installation's bot cannot read another team's messages (`channel_not_found`, as Slack answers a bot outside
 *   the channel). `conversations.info` names any channel id `C…`/`G…` after its id (`CPRODUCTION` is
 *   `production`).
 * - `GET /files/<id>/<name>?size=N` serves a shared file (N bytes of `x`; 5 unless said) to a bot token, as Slack's
 *   `url_private_download` does; without one it answers 404 (Slack answers a login page).
 * - `chat.update` and `chat.delete` answer with the message's channel and ts.
 */

interface StoredMessage {
  channel: string;
  ts: string;
  text: string;
  user?: string;
  thread_ts?: string;
}

interface RecordedRequest {
  seq: number;
  path: string;
  token: string | null;
  contentType: string;
  body: Record<string, unknown>;
}

interface Scripted {
  path: string;
  token?: string;
  status: number;
  headers?: Record<string, string>;
  body?: unknown;
  times: number;
}

function parseBody(contentType: string, raw: string): Record<string, unknown> {
  if (contentType.includes("application/x-www-form-urlencoded")) return Object.fromEntries(new URLSearchParams(raw));
  try {
    return raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
  } catch {
    return { raw };
  }
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { "content-type": "application/json; charset=utf-8", ...headers });
  res.end(typeof body === "string" ? body : JSON.stringify(body));
}

/** What conversations.replies / conversations.history answer from the messages a bot can read. */
function readMessages(method: string, stored: StoredMessage[], body: Record<string, unknown>) {
  const channel = String(body.channel ?? "");
  const inChannel = stored.filter((m) => m.channel === channel);
  if (inChannel.length === 0) return { ok: false, error: "channel_not_found" };
  const oldest = String(body.oldest ?? "0");
  const latest = String(body.latest ?? "9999999999.999999");
  const inRange = (m: StoredMessage) => Number(m.ts) >= Number(oldest) && Number(m.ts) <= Number(latest);
  if (method === "conversations.history") {
    const limit = Number(body.limit ?? 100);
    const messages = inChannel.filter((m) => (!m.thread_ts || m.thread_ts === m.ts) && inRange(m)).slice(0, limit);
    return { ok: true, messages, has_more: false };
  }
  const asked = inChannel.find((m) => m.ts === String(body.ts ?? ""));
  if (!asked) return { ok: false, error: "thread_not_found" };
  const threadTs = asked.thread_ts ?? asked.ts;
  const parent = inChannel.find((m) => m.ts === threadTs);
  const replies = inChannel.filter((m) => m.thread_ts === threadTs && m.ts !== threadTs && inRange(m));
  const messages = [...(parent ? [parent] : []), ...replies].slice(0, Number(body.limit ?? 1000));
  return { ok: true, messages, has_more: false };
}

/** Slack's answer to one Web API method, as the Worker's calls expect it. */
function slackMethod(method: string, token: string | null, body: Record<string, unknown>, stored: StoredMessage[] = []) {
  if (method === "oauth.v2.access") {
    const code = String(body.code ?? "");
    if (!code || code.startsWith("BAD") || !body.client_id || !body.client_secret) return { ok: false, error: "invalid_code" };
    return {
      ok: true,
      access_token: `xoxb-${code}`,
      token_type: "bot",
      scope: "commands,chat:write,chat:write.public,app_mentions:read,users:read,reactions:read,channels:history,groups:history,channels:read,groups:read,files:read",
      bot_user_id: `UBOT${code}`,
      app_id: `A${code}`,
      team: { id: `T${code}`, name: `Team ${code}` },
      authed_user: { id: `U${code}` },
    };
  }
  if (!token?.startsWith("xoxb-")) return { ok: false, error: "not_authed" };
  const suffix = token.slice(5);
  switch (method) {
    case "auth.test":
      return { ok: true, url: "https://fake.slack.test/", team: `Team ${suffix}`, team_id: `T${suffix}`, user_id: `UBOT${suffix}`, bot_id: `B${suffix}` };
    case "chat.postMessage":
      return { ok: true, channel: body.channel, ts: `${(Date.now() / 1000).toFixed(6)}` };
    case "chat.update":
    case "chat.delete":
      return { ok: true, channel: body.channel, ts: body.ts };
    case "chat.postEphemeral":
      return { ok: true, message_ts: `${(Date.now() / 1000).toFixed(6)}` };
    case "users.info": {
      const id = String(body.user ?? "");
      if (!/^[UW][A-Z0-9]+$/.test(id)) return { ok: false, error: "user_not_found" };
      return {
        ok: true,
        user: {
          id,
          team_id: `T${suffix}`,
          name: id.toLowerCase(),
          deleted: false,
          real_name: `Slack ${id}`,
          tz: "Europe/London",
          is_bot: false,
          profile: {
            real_name: `Slack ${id}`,
            real_name_normalized: `Slack ${id}`,
            display_name: `Slack ${id}`,
            display_name_normalized: `Slack ${id}`,
          },
        },
      };
    }
    case "conversations.replies":
    case "conversations.history":
      return readMessages(method, stored, body);
    case "conversations.info": {
      const id = String(body.channel ?? "");
      if (!/^[CG][A-Z0-9]+$/.test(id)) return { ok: false, error: "channel_not_found" };
      return { ok: true, channel: { id, name: id.slice(1).toLowerCase(), is_channel: id.startsWith("C"), is_private: id.startsWith("G") } };
    }
    case "chat.getPermalink":
      return { ok: true, channel: body.channel, permalink: `https://fake.slack.test/archives/${body.channel}/p${String(body.message_ts).replace(".", "")}` };
    default:
      return { ok: true };
  }
}

export async function startFakeSlackApi(port = 0) {
  const requests: RecordedRequest[] = [];
  const scripts: Scripted[] = [];
  /** Channel messages by bot token. */
  const messages = new Map<string, StoredMessage[]>();
  /** `atLeast` listings held until enough requests match; each new request re-checks them. */
  let held: Array<() => boolean> = [];
  let seq = 0;

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://fake");
    const raw = await readBody(req);
    if (req.method === "GET" && url.pathname === "/__requests") {
      const token = url.searchParams.get("token");
      const path = url.searchParams.get("path") ?? "";
      const atLeast = Number(url.searchParams.get("atLeast") ?? 0);
      const answer = () => {
        const found = requests.filter((r) => (!token || r.token === token) && r.path.startsWith(path));
        if (found.length < atLeast) return false;
        send(res, 200, found);
        return true;
      };
      if (!answer()) held.push(answer);
      return;
    }
    if (req.method === "POST" && url.pathname === "/__messages") {
      const { token, ...message } = JSON.parse(raw) as StoredMessage & { token: string };
      messages.set(token, [...(messages.get(token) ?? []), message]);
      return send(res, 200, { ok: true });
    }
    if (req.method === "POST" && url.pathname === "/__script") {
      const script = JSON.parse(raw) as Scripted;
      scripts.push({ ...script, times: script.times ?? 1 });
      return send(res, 200, { ok: true });
    }

    const auth = req.headers.authorization;
    const token = auth?.startsWith("Bearer ") ? auth.slice(7) : null;
    const contentType = req.headers["content-type"] ?? "";
    const body = parseBody(contentType, raw);
    requests.push({ seq: ++seq, path: url.pathname, token, contentType, body });
    held = held.filter((answer) => !answer());

    const scripted = scripts.find((s) => s.times > 0 && s.path === url.pathname && (!s.token || s.token === token));
    if (scripted) {
      scripted.times--;
      return send(res, scripted.status, scripted.body ?? { ok: false, error: "scripted" }, scripted.headers);
    }
    if (req.method === "GET" && url.pathname.startsWith("/files/")) {
      if (!token?.startsWith("xoxb-")) return send(res, 404, "not found", { "content-type": "text/html" });
      const size = Number(url.searchParams.get("size") ?? 5);
      res.writeHead(200, { "content-type": "application/octet-stream", "content-length": String(size) });
      return void res.end(Buffer.alloc(size, "x"));
    }
    if (url.pathname.startsWith("/api/")) {
      return send(res, 200, slackMethod(url.pathname.slice(5), token, body, (token && messages.get(token)) || []));
    }
    return send(res, 200, "ok", { "content-type": "text/plain" });
  });

  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${bound}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
