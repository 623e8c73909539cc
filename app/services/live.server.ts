import type { AppLoadContext } from "@remix-run/cloudflare";
import {
  CLOSE_MEMBERSHIP_ENDED,
  CLOSE_MESSAGE_TOO_BIG,
  CLOSE_SESSION_ENDED,
  MAX_CLIENT_MESSAGE_BYTES,
  MAX_CONNECTIONS_PER_PERSON,
  MAX_CONNECTIONS_PER_WORKSPACE,
  PING,
  PONG,
  type HelloMessage,
  type LiveEvent,
  type LiveMessage,
  type LiveWorkspace,
} from "~/domain/live";
import { eventWallClock } from "~/domain/event-settings";
import { forbidden, unauthorized } from "~/domain/errors";
import type { WorkspaceRow } from "~/db/schema";
import { handleApi, jsonError, notAllowed } from "~/http/api.server";
import { findMembership } from "~/models/teams";
import { assertSameOrigin, authenticate } from "~/http/auth.server";
import { stubFor } from "./live-notifier.server";
import { getTaskStats, type TaskScope } from "./tasks.server";

export const LIVE_PATH = "/api/live";

/**
 * GET /api/live: a WebSocket to a workspace's object. Everything is checked before the upgrade, so a refused
 * caller gets a plain JSON 4xx: a session (cookie or `x-demo-token`) with a live membership (401) and a browser
 * Origin of our own (403). The workspace is the session's current one, or the one `?workspace=` names if the
 * caller is a member of it (403 otherwise): a tab still showing the workspace another tab switched away from
 * keeps following the one it shows.
 */
export function handleLiveRequest(request: Request, context: AppLoadContext) {
  return handleApi(async () => {
    if (request.method !== "GET") return notAllowed(["GET"]);
    const auth = await authenticate(request, context);
    if (!auth) throw unauthorized();
    assertSameOrigin(request);
    const requested = new URL(request.url).searchParams.get("workspace");
    const workspaceId = requested || auth.workspace.id;
    if (workspaceId !== auth.workspace.id) {
      const member = workspaceId.length <= 64 && (await findMembership(context.db, workspaceId, auth.user.id));
      if (!member) throw forbidden("You are not a member of that workspace");
    }
    if (request.headers.get("upgrade")?.toLowerCase() !== "websocket") {
      return jsonError(426, "Expected a WebSocket upgrade");
    }
    const namespace = context.env.WORKSPACE_LIVE;
    if (!namespace) return jsonError(503, "Live updates are not available here");
    // The object trusts the Worker: it learns who connected, and until when, from headers only this Worker sets.
    const headers = new Headers(request.headers);
    headers.set(USER_HEADER, auth.user.id);
    headers.set(SESSION_HEADER, auth.sessionId);
    headers.set(EXPIRES_HEADER, String(Date.parse(auth.sessionExpiresAt)));
    return stubFor(namespace, workspaceId).fetch(new Request(request.url, { headers }));
  });
}

const USER_HEADER = "x-live-user";
const SESSION_HEADER = "x-live-session";
const EXPIRES_HEADER = "x-live-expires";

/**
 * What the object keeps with each socket across hibernation. Sockets are also tagged with their user and
 * session, so closing or counting one person's sockets does not read every attachment.
 */
interface Attachment {
  userId: string;
  sessionId: string;
  /** When the session expires (epoch ms): the object's alarm closes the socket then. */
  expiresAt: number;
}

const userTag = (userId: string) => `user:${userId}`;
const sessionTag = (sessionId: string) => `session:${sessionId}`;

function closeAll(sockets: WebSocket[], code: number, reason: string) {
  let closed = 0;
  for (const socket of sockets) {
    try {
      socket.close(code, reason);
      closed += 1;
    } catch {
      // Already closing.
    }
  }
  return closed;
}

const VERSION_KEY = "version";

/**
 * The logic of one workspace's live object (the class in workers/workspace-live.ts only delegates).
 * Sockets use the hibernation API: an idle page costs nothing, pings are answered without waking the object.
 */
export class LiveHub {
  private version = 0;

  constructor(private readonly ctx: DurableObjectState) {
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair(PING, PONG));
    // Nothing else runs until the version is loaded, so two first publishes cannot both take version 1.
    void ctx.blockConcurrencyWhile(async () => {
      this.version = (await ctx.storage.get<number>(VERSION_KEY)) ?? 0;
    });
  }

  private hello(): string {
    const message: HelloMessage = { type: "hello", version: this.version, serverTime: Date.now() };
    return JSON.stringify(message);
  }

  async connect(request: Request) {
    if (request.headers.get("upgrade")?.toLowerCase() !== "websocket") {
      return jsonError(426, "Expected a WebSocket upgrade");
    }
    const attachment: Attachment = {
      userId: request.headers.get(USER_HEADER) ?? "",
      sessionId: request.headers.get(SESSION_HEADER) ?? "",
      expiresAt: Number(request.headers.get(EXPIRES_HEADER)),
    };
    if (!attachment.userId || !attachment.sessionId || !Number.isFinite(attachment.expiresAt)) {
      return jsonError(400, "Live connections come through the Worker");
    }
    if (this.ctx.getWebSockets().length >= MAX_CONNECTIONS_PER_WORKSPACE) {
      return jsonError(429, `Too many live connections to this workspace (limit ${MAX_CONNECTIONS_PER_WORKSPACE})`);
    }
    if (this.ctx.getWebSockets(userTag(attachment.userId)).length >= MAX_CONNECTIONS_PER_PERSON) {
      return jsonError(
        429,
        `Too many live pages of this workspace open at once (limit ${MAX_CONNECTIONS_PER_PERSON}); close some tabs`,
      );
    }
    const { 0: client, 1: server } = new WebSocketPair();
    this.ctx.acceptWebSocket(server, [userTag(attachment.userId), sessionTag(attachment.sessionId)]);
    server.serializeAttachment(attachment);
    server.send(this.hello());
    await this.scheduleExpiry(Date.now());
    return new Response(null, { status: 101, webSocket: client });
  }

  /**
   * Sets the alarm to the earliest session expiry among the open sockets. Computed from the sockets themselves
   * (not from the alarm already set), so two connects in a row cannot leave a later time in place.
   */
  private async scheduleExpiry(now: number) {
    let earliest = Infinity;
    for (const socket of this.ctx.getWebSockets()) {
      const { expiresAt } = socket.deserializeAttachment() as Attachment;
      if (expiresAt > now) earliest = Math.min(earliest, expiresAt);
    }
    if (earliest !== Infinity) await this.ctx.storage.setAlarm(earliest);
  }

  /** The alarm: closes the sockets whose session has expired, then waits for the next expiry. */
  async expire() {
    const now = Date.now();
    const expired = this.ctx
      .getWebSockets()
      .filter((socket) => (socket.deserializeAttachment() as Attachment).expiresAt <= now);
    closeAll(expired, CLOSE_SESSION_ENDED, "Session expired");
    await this.scheduleExpiry(now);
  }

  /** Stamps the next version on an event (kept in storage so it survives eviction) and sends it to every socket. */
  async publish(event: LiveEvent) {
    const version = this.version + 1;
    this.version = version;
    await this.ctx.storage.put(VERSION_KEY, version);
    const text = JSON.stringify({ ...event, version } satisfies LiveMessage);
    for (const socket of this.ctx.getWebSockets()) {
      try {
        socket.send(text);
      } catch {
        // A socket closing as we send: its close handler tidies up.
      }
    }
    return version;
  }

  /** Closes every socket of one user (removed from the workspace); returns how many were open. */
  disconnect(userId: string) {
    return closeAll(this.ctx.getWebSockets(userTag(userId)), CLOSE_MEMBERSHIP_ENDED, "Membership ended");
  }

  /** Closes every socket of one session (signed out or revoked); returns how many were open. */
  endSession(sessionId: string) {
    return closeAll(this.ctx.getWebSockets(sessionTag(sessionId)), CLOSE_SESSION_ENDED, "Session ended");
  }

  /** Clients send nothing but a hello request (to re-measure their clock); anything oversized closes the socket. */
  message(socket: WebSocket, data: string | ArrayBuffer) {
    const size = typeof data === "string" ? new TextEncoder().encode(data).byteLength : data.byteLength;
    if (size > MAX_CLIENT_MESSAGE_BYTES) {
      socket.close(CLOSE_MESSAGE_TOO_BIG, "Message too big");
      return;
    }
    if (data !== "hello") return;
    try {
      socket.send(this.hello());
    } catch {
      // Closed meanwhile (its session ended, say): nobody is left to answer. Thrown out of the handler, this error
      // broke the object's in-flight connections, and under wrangler dev took its proxy and the server down.
    }
  }

  close(socket: WebSocket, code: number) {
    try {
      // 1005/1006 are not valid close codes to send back; answer those with a normal closure.
      socket.close(code === 1005 || code === 1006 ? 1000 : code, "Closed");
    } catch {
      // The runtime already answered the close.
    }
  }
}

/**
 * Sends a workspace's settings (event name, date, timezone) with fresh stats to its open pages, so every
 * countdown follows a changed event date. Call it after the settings write commits, with the updated row.
 */
export function notifyWorkspaceChanged(scope: TaskScope) {
  const { workspace } = scope;
  scope.live?.publish(workspace.id, async () => ({
    type: "workspace",
    workspace: liveWorkspace(workspace),
    stats: await getTaskStats(scope),
  }));
}

/** A workspace's event settings as open pages show them. */
export function liveWorkspace(workspace: WorkspaceRow): LiveWorkspace {
  const local = eventWallClock(workspace.eventDate, workspace.timezone);
  return {
    name: workspace.name,
    eventName: workspace.eventName,
    eventDate: workspace.eventDate,
    eventLocalDate: local?.date ?? null,
    eventLocalTime: local?.time ?? null,
    timezone: workspace.timezone,
  };
}
