import {
  CLOSE_MEMBERSHIP_ENDED,
  CLOSE_MESSAGE_TOO_BIG,
  CLOSE_SESSION_ENDED,
  CLOSE_SHARE_REVOKED,
  MAX_CLIENT_MESSAGE_BYTES,
  MAX_CONNECTIONS_PER_PERSON,
  MAX_CREW_SOCKETS_PER_WORKSPACE,
  MAX_DEVICES_PER_SHARE_LINK,
  MAX_MEMBER_SOCKETS_PER_WORKSPACE,
  PING,
  PONG,
  type HelloMessage,
  type LiveEvent,
  type LiveMessage,
  type LiveWorkspace,
  type NotificationsSignal,
  type ShowSignal,
} from "~/domain/live";
import {
  applyShowAction,
  beginsRun,
  idleShow,
  parseShowState,
  type ShowLiveState,
  type ShowTransition,
} from "~/domain/show-live";
import type { ShowActionInput } from "./show-live.server";
import { eventWallClock } from "~/domain/event-settings";
import { AppError, forbidden } from "~/domain/errors";
import type { WorkspaceRow } from "~/db/schema";
import { findMembership } from "~/models/teams";
import type { ActorCtx, Ctx } from "./context.server";
import { workspaceTaskStats } from "./task-queries.server";

/**
 * The workspace a live connection follows: the session's current one, or the one the page names if the caller is
 * a member of it (a tab still showing the workspace another tab switched away from keeps following the one it
 * shows); any other is refused.
 */
export async function liveWorkspaceFor(ctx: ActorCtx, requested: string | null) {
  const workspaceId = requested || ctx.actor.workspace.id;
  if (workspaceId !== ctx.actor.workspace.id) {
    const member = workspaceId.length <= 64 && (await findMembership(ctx.db, workspaceId, ctx.actor.user.id));
    if (!member) throw forbidden("You are not a member of that workspace");
  }
  return workspaceId;
}

/**
 * Who a socket belongs to, as the Worker tells the object; the object keeps it with the socket across
 * hibernation. Sockets are also tagged with their user and session, so closing or counting one person's sockets
 * does not read every attachment.
 */
export interface Attachment {
  userId: string;
  sessionId: string;
  /** When the session expires (epoch ms): the object's alarm closes the socket then. */
  expiresAt: number;
}

/** A crew share link's socket (ADR 025): no person, no session, no expiry; it hears show mode only. */
export interface ShareAttachment {
  shareId: string;
  expiresAt: number;
  /** The stages the link shows (ADR 037): it hears only their shows; null or absent: every show. */
  stageIds?: string[] | null;
}

/** Whether a socket may hear the show of `stageId`: members' always, a crew link's when it shows that stage. */
function hearsStage(socket: WebSocket, stageId: string | null) {
  const attachment = socket.deserializeAttachment() as Partial<ShareAttachment> | null;
  const stageIds = attachment?.stageIds;
  return !stageIds || (stageId !== null && stageIds.includes(stageId));
}

const userTag = (userId: string) => `user:${userId}`;
const sessionTag = (sessionId: string) => `session:${sessionId}`;
const shareTag = (shareId: string) => `share:${shareId}`;
const crewLinkTag = (linkId: string) => `crew-link:${linkId}`;
/** Every share link's (and personal crew link's) sockets also carry this tag: task and settings changes (titles and all) are never sent to them. */
const CREW_TAG = "crew";

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
 * Show mode's state of the cues on no stage keeps the key it always had, so a state stored before stages is still
 * found; each stage's show is kept under `show:{stageId}` (ADR 037).
 */
const SHOW_KEY = "show";
const STAGE_SHOW_PREFIX = "show:";
const showKey = (stageId: string | null) => (stageId === null ? SHOW_KEY : `${STAGE_SHOW_PREFIX}${stageId}`);
/** Stage shows loaded: a workspace has at most 12 stages; removed stages' states may linger, never past this. */
const MAX_STORED_SHOWS = 64;

/**
 * The logic of one workspace's live object (the class in workers/workspace-live.ts only delegates).
 * Sockets use the hibernation API: an idle page costs nothing, pings are answered without waking the object.
 */
export class LiveHub {
  private version = 0;
  /** Each sheet's show by storage key (`showKey`): the cues on no stage's, and every stage's that has run. */
  private shows = new Map<string, ShowLiveState>();

  constructor(private readonly state: DurableObjectState) {
    state.setWebSocketAutoResponse(new WebSocketRequestResponsePair(PING, PONG));
    // Nothing else runs until the version and the show are loaded, so two first publishes cannot both take
    // version 1 and no show action reads a state older than the stored one.
    void state.blockConcurrencyWhile(async () => {
      const stored = await state.storage.get([VERSION_KEY, SHOW_KEY]);
      this.version = (stored.get(VERSION_KEY) as number | undefined) ?? 0;
      const stageShows = await state.storage.list({ prefix: STAGE_SHOW_PREFIX, limit: MAX_STORED_SHOWS });
      this.shows.set(SHOW_KEY, { ...(parseShowState(stored.get(SHOW_KEY)) ?? idleShow(null)), stageId: null });
      for (const [key, value] of stageShows) {
        const stageId = key.slice(STAGE_SHOW_PREFIX.length);
        this.shows.set(key, { ...(parseShowState(value) ?? idleShow(stageId)), stageId });
      }
    });
  }

  private hello(now: Date, socket?: WebSocket): string {
    const heard = [...this.shows.values()].filter((show) => !socket || hearsStage(socket, show.stageId));
    const main = heard.find((show) => show.stageId === null);
    const message: HelloMessage = {
      type: "hello",
      version: this.version,
      serverTime: now.getTime(),
      ...(main ? { show: main } : {}),
      shows: heard.filter((show) => show.stageId !== null),
    };
    return JSON.stringify(message);
  }

  /**
   * Admits a member's socket for `attachment`, or refuses it (rate_limited) when the members' slots or the person's
   * are full (crew sockets take neither); returns the client's end. It is greeted with a hello and closes when its
   * session expires.
   */
  async admit(ctx: Ctx, attachment: Attachment) {
    const memberSockets = this.state.getWebSockets().length - this.state.getWebSockets(CREW_TAG).length;
    if (memberSockets >= MAX_MEMBER_SOCKETS_PER_WORKSPACE) {
      throw new AppError(
        "rate_limited",
        `Too many live connections to this workspace (limit ${MAX_MEMBER_SOCKETS_PER_WORKSPACE})`,
      );
    }
    if (this.state.getWebSockets(userTag(attachment.userId)).length >= MAX_CONNECTIONS_PER_PERSON) {
      throw new AppError(
        "rate_limited",
        `Too many live pages of this workspace open at once (limit ${MAX_CONNECTIONS_PER_PERSON}); close some tabs`,
      );
    }
    const { 0: client, 1: server } = new WebSocketPair();
    this.state.acceptWebSocket(server, [userTag(attachment.userId), sessionTag(attachment.sessionId)]);
    server.serializeAttachment(attachment);
    server.send(this.hello(ctx.now));
    await this.scheduleExpiry(ctx.now.getTime());
    return client;
  }

  /**
   * Admits a crew share link's socket (the caller has checked that the link is active and this workspace's), or
   * refuses it (rate_limited) when the crew's slots or the link's devices are full. It is greeted with a hello (the
   * clock, and the show's state).
   */
  admitShare(ctx: Ctx, attachment: ShareAttachment) {
    if (this.state.getWebSockets(shareTag(attachment.shareId)).length >= MAX_DEVICES_PER_SHARE_LINK) {
      throw new AppError(
        "rate_limited",
        `This share link is open on too many devices (up to ${MAX_DEVICES_PER_SHARE_LINK} devices at once)`,
      );
    }
    if (this.state.getWebSockets(CREW_TAG).length >= MAX_CREW_SOCKETS_PER_WORKSPACE) {
      throw new AppError(
        "rate_limited",
        `Too many crew pages follow this workspace's share links (limit ${MAX_CREW_SOCKETS_PER_WORKSPACE})`,
      );
    }
    const { 0: client, 1: server } = new WebSocketPair();
    this.state.acceptWebSocket(server, [shareTag(attachment.shareId), CREW_TAG]);
    server.serializeAttachment(attachment);
    server.send(this.hello(ctx.now, server));
    return client;
  }

  /**
   * Admits a personal crew link's socket (ADR 045; the caller has checked that the link is active and this
   * workspace's): a crew socket like a share link's, which hears every stage's show, within the same limits.
   */
  admitCrewLink(ctx: Ctx, linkId: string) {
    if (this.state.getWebSockets(crewLinkTag(linkId)).length >= MAX_DEVICES_PER_SHARE_LINK) {
      throw new AppError(
        "rate_limited",
        `This personal link is open on too many devices (up to ${MAX_DEVICES_PER_SHARE_LINK} devices at once)`,
      );
    }
    if (this.state.getWebSockets(CREW_TAG).length >= MAX_CREW_SOCKETS_PER_WORKSPACE) {
      throw new AppError(
        "rate_limited",
        `Too many crew pages follow this workspace's links (limit ${MAX_CREW_SOCKETS_PER_WORKSPACE})`,
      );
    }
    const { 0: client, 1: server } = new WebSocketPair();
    this.state.acceptWebSocket(server, [crewLinkTag(linkId), CREW_TAG]);
    server.serializeAttachment({ crewLinkId: linkId, expiresAt: Infinity });
    server.send(this.hello(ctx.now, server));
    return client;
  }

  /** Closes every socket of a revoked (or ended) personal crew link; returns how many were open. */
  revokeCrewLink(linkId: string) {
    return closeAll(this.state.getWebSockets(crewLinkTag(linkId)), CLOSE_SHARE_REVOKED, "Personal link revoked");
  }

  /** Closes every socket of a revoked share link; returns how many were open. */
  revokeShare(shareId: string) {
    return closeAll(this.state.getWebSockets(shareTag(shareId)), CLOSE_SHARE_REVOKED, "Share link revoked");
  }

  /** The show of one sheet (ADR 037): a stage's, or (null) the cues on no stage's. */
  getShow(stageId: string | null = null) {
    return this.shows.get(showKey(stageId)) ?? idleShow(stageId);
  }

  /**
   * Applies a show action to one stage's show at the object's clock. Calls are serialised (the transition is
   * synchronous and the state is replaced before the storage write), so of two GOs from the same cue exactly one
   * applies. An action on another day than the running show's is stale too. Other stages' shows are untouched. Every
   * applied change goes to every member's socket, and to the crew links that show that stage.
   */
  async showAction(ctx: Ctx, input: ShowActionInput): Promise<ShowTransition> {
    const stageId = input.stageId ?? null;
    const show = this.getShow(stageId);
    if (!beginsRun(input.action) && input.day !== show.day) {
      return { applied: false, state: show, reason: show.currentCueId ? "stale" : "not_running" };
    }
    const result = applyShowAction(show, { ...input, now: ctx.now });
    if (!result.applied) return result;
    this.shows.set(showKey(stageId), result.state);
    await this.state.storage.put(showKey(stageId), result.state);
    const text = JSON.stringify({ type: "show", state: result.state } satisfies ShowSignal);
    for (const socket of this.state.getWebSockets()) {
      if (!hearsStage(socket, stageId)) continue;
      try {
        socket.send(text);
      } catch {
        // A socket closing as we send.
      }
    }
    return result;
  }

  /**
   * Sets the alarm to the earliest session expiry among the open sockets. Computed from the sockets themselves
   * (not from the alarm already set), so two connects in a row cannot leave a later time in place.
   */
  private async scheduleExpiry(now: number) {
    let earliest = Infinity;
    for (const socket of this.state.getWebSockets()) {
      const { expiresAt } = socket.deserializeAttachment() as Attachment;
      if (expiresAt > now) earliest = Math.min(earliest, expiresAt);
    }
    if (earliest !== Infinity) await this.state.storage.setAlarm(earliest);
  }

  /** The alarm: closes the sockets whose session has expired, then waits for the next expiry. */
  async expire(ctx: Ctx) {
    const now = ctx.now.getTime();
    const expired = this.state
      .getWebSockets()
      .filter((socket) => (socket.deserializeAttachment() as Attachment).expiresAt <= now);
    closeAll(expired, CLOSE_SESSION_ENDED, "Session expired");
    await this.scheduleExpiry(now);
  }

  /** Stamps the next version on an event (kept in storage so it survives eviction) and sends it to every socket. */
  async publish(event: LiveEvent) {
    const version = this.version + 1;
    this.version = version;
    await this.state.storage.put(VERSION_KEY, version);
    const text = JSON.stringify({ ...event, version } satisfies LiveMessage);
    // Crew hear only that a day's rundown changed (no titles), so their sheet refetches; never a task.
    const crew = event.type === "rundown" ? new Set<WebSocket>() : new Set(this.state.getWebSockets(CREW_TAG));
    for (const socket of this.state.getWebSockets()) {
      if (crew.has(socket)) continue;
      try {
        socket.send(text);
      } catch {
        // A socket closing as we send: its close handler tidies up.
      }
    }
    return version;
  }

  /** Sends a member's notification count to their sockets only (no version: it is theirs, not the workspace's). */
  notifyUser(userId: string, signal: NotificationsSignal) {
    const text = JSON.stringify(signal);
    let sent = 0;
    for (const socket of this.state.getWebSockets(userTag(userId))) {
      try {
        socket.send(text);
        sent += 1;
      } catch {
        // A socket closing as we send.
      }
    }
    return sent;
  }

  /** Closes every socket of one user (removed from the workspace); returns how many were open. */
  disconnect(userId: string) {
    return closeAll(this.state.getWebSockets(userTag(userId)), CLOSE_MEMBERSHIP_ENDED, "Membership ended");
  }

  /** Closes every socket of one session (signed out or revoked); returns how many were open. */
  endSession(sessionId: string) {
    return closeAll(this.state.getWebSockets(sessionTag(sessionId)), CLOSE_SESSION_ENDED, "Session ended");
  }

  /** Clients send nothing but a hello request (to re-measure their clock); anything oversized closes the socket. */
  message(ctx: Ctx, socket: WebSocket, data: string | ArrayBuffer) {
    const size = typeof data === "string" ? new TextEncoder().encode(data).byteLength : data.byteLength;
    if (size > MAX_CLIENT_MESSAGE_BYTES) {
      socket.close(CLOSE_MESSAGE_TOO_BIG, "Message too big");
      return;
    }
    if (data !== "hello") return;
    try {
      socket.send(this.hello(ctx.now, socket));
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
export function notifyWorkspaceChanged(ctx: Ctx, workspace: WorkspaceRow) {
  ctx.live?.publish(workspace.id, async () => ({
    type: "workspace",
    workspace: liveWorkspace(workspace),
    stats: await workspaceTaskStats(ctx, workspace),
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
    eventEndDate: workspace.eventEndDate,
    loadInDate: workspace.loadInDate,
    loadOutDate: workspace.loadOutDate,
    timezone: workspace.timezone,
    assumedEstimateHours: workspace.assumedEstimateHours,
  };
}
