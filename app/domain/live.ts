import type { ListedTask } from "./live-list";
import type { ShowLiveState } from "./show-live";
import type { TaskStats } from "./stats";

// Socket slots of one workspace's object (issue 32): members and crew links have separate pools, so crew pages
// (links in outside hands) never take the slots the team needs on show day. Past a cap the upgrade is a 429.

/** Members' pages of one workspace (a team with a few tabs each). Crew sockets never count here. */
export const MAX_MEMBER_SOCKETS_PER_WORKSPACE = 100;
/** Open sockets one person may hold to one workspace, so nobody can take the members' whole allowance. */
export const MAX_CONNECTIONS_PER_PERSON = 10;
/** Crew pages of one workspace, over all its share links together. */
export const MAX_CREW_SOCKETS_PER_WORKSPACE = 100;
/** Devices (open pages) one crew share link may hold, so one link cannot take the other links' slots. */
export const MAX_DEVICES_PER_SHARE_LINK = 50;
/** Clients only ever send a ping or a hello request; anything larger closes the socket. */
export const MAX_CLIENT_MESSAGE_BYTES = 256;
/** Close code for an oversized frame (RFC 6455 "message too big"). */
export const CLOSE_MESSAGE_TOO_BIG = 1009;
/** Close code for the sockets of someone removed from the workspace: the page reloads its data, no reconnect. */
export const CLOSE_MEMBERSHIP_ENDED = 4403;
/** Close code for the sockets of a session that ended (signed out, revoked, expired): no reconnect either. */
export const CLOSE_SESSION_ENDED = 4401;
/** Close code for the sockets of a crew share link that was revoked: the page says so, no reconnect. */
export const CLOSE_SHARE_REVOKED = 4404;
/** The client's keep-alive text; the object answers it without waking (hibernation auto-response). */
export const PING = "ping";
export const PONG = "pong";

export type TaskChange = "created" | "updated" | "deleted";

/** What a task service hands the workspace's object after a write; the object stamps the version. */
export type LiveEvent<Task = unknown> =
  | { type: "task"; change: TaskChange; taskId: string; task?: Task; previous?: ListedTask; stats: TaskStats }
  | { type: "workspace"; workspace: LiveWorkspace; stats: TaskStats }
  /** The run of show of `day` changed (a cue written, removed or moved): open show pages refetch it. */
  | { type: "rundown"; day: string }
  /** A task's comments changed (added, edited, removed; ADR 038): its open pages refetch them. */
  | { type: "comments"; taskId: string };

/** The event settings every open page shows (the settings DTO's fields, in app/services/workspace.server.ts). */
export interface LiveWorkspace {
  name: string;
  eventName: string | null;
  /** The event as a UTC instant, and as the venue's wall clock in its timezone. */
  eventDate: string | null;
  eventLocalDate: string | null;
  eventLocalTime: string | null;
  /** The last show day, load-in and load-out: local days (`YYYY-MM-DD`), null when not set (ADR 026). */
  eventEndDate: string | null;
  loadInDate: string | null;
  loadOutDate: string | null;
  timezone: string;
  /** Hours the plan assumes for a task without an estimate. */
  assumedEstimateHours: number;
}

/**
 * A member's unread notification count, sent only to that member's sockets (ADR 022). Not part of the workspace's
 * versioned stream: it carries no version and no text, and a client only shows the number.
 */
export interface NotificationsSignal {
  type: "notifications";
  unread: number;
}

/** Parses a notifications signal; null for anything else (never throws). */
export function parseNotificationsSignal(data: unknown): NotificationsSignal | null {
  if (typeof data !== "string" || !data.startsWith('{"type":"notifications"')) return null;
  try {
    const value = JSON.parse(data) as { type?: unknown; unread?: unknown };
    if (value.type !== "notifications" || typeof value.unread !== "number" || !Number.isInteger(value.unread))
      return null;
    return { type: "notifications", unread: value.unread };
  } catch {
    return null;
  }
}

/**
 * Show mode's state (ADR 025), sent to every socket of the workspace, share links' included, after each change (and
 * in every hello). Not part of the versioned stream: it is the whole state each time, so a missed one needs no resync.
 */
export interface ShowSignal {
  type: "show";
  state: ShowLiveState;
}

/**
 * Parses a show signal; null for anything else (never throws). Only its shape is checked: it comes from our own
 * object, and every page ships this parser (show-live.ts stays out of pages without show mode).
 */
export function parseShowSignal(data: unknown): ShowSignal | null {
  if (typeof data !== "string" || !data.startsWith('{"type":"show"')) return null;
  try {
    const { state } = JSON.parse(data) as { state?: { runs?: unknown } };
    return state && Array.isArray(state.runs) ? { type: "show", state: state as ShowLiveState } : null;
  } catch {
    return null;
  }
}

export interface HelloMessage {
  type: "hello";
  version: number;
  /** The object's clock (epoch ms) when it sent this, for the client's clock offset. */
  serverTime: number;
  /**
   * Show mode's state (ADR 025), so a page that connects or reconnects knows it without asking: the cues on no
   * stage's in `show`, each stage's that has run in `shows` (ADR 037); a crew link hears only its stages'.
   */
  show?: ShowLiveState;
  shows?: ShowLiveState[];
}

/** A broadcast: an event with the workspace's version after it. */
export type LiveMessage<Task = unknown> = HelloMessage | (LiveEvent<Task> & { version: number });

/**
 * What a client does with a message's version, given the last version it applied (null before the
 * first hello). A hello after a reconnect with a newer version means changes were missed: resync.
 * A change right after the last one is applied; an older or repeated one is ignored; a jump past the next
 * one means one or more were missed, so the page refetches once instead of showing stale figures.
 */
export function versionAction(known: number | null, message: { type: string; version: number }) {
  if (message.type === "hello") {
    return known !== null && message.version !== known ? "resync" : "adopt";
  }
  if (known === null) return "resync";
  if (message.version <= known) return "ignore";
  if (message.version === known + 1) return "apply";
  return "resync";
}

/**
 * The client's clock offset (server minus local, ms) from one hello: the server stamped its time
 * somewhere between sending the upgrade and receiving the hello, so the midpoint is the best guess.
 */
export function clockOffset(serverTime: number, sentAt: number, receivedAt: number) {
  return Math.round(serverTime - (sentAt + receivedAt) / 2);
}

const BASE_DELAY_MS = 500;
const MAX_DELAY_MS = 30_000;

/**
 * Reconnect delay after `attempt` failures (0-based): exponential with full jitter, so a restart of
 * the object does not bring every page back in the same millisecond. `random` is in [0, 1).
 */
export function reconnectDelay(attempt: number, random: number) {
  const ceiling = Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** Math.min(attempt, 16));
  return Math.round(ceiling / 2 + (ceiling / 2) * random);
}

/** Parses a server message; null for anything that is not one of ours (never throws). */
export function parseLiveMessage(data: unknown): LiveMessage | null {
  if (typeof data !== "string" || data === PONG) return null;
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return null;
  }
  if (!value || typeof value !== "object") return null;
  const message = value as { type?: unknown; version?: unknown };
  if (!["hello", "task", "workspace", "rundown", "comments"].includes(message.type as string)) return null;
  if (typeof message.version !== "number" || !Number.isInteger(message.version)) return null;
  return value as LiveMessage;
}
