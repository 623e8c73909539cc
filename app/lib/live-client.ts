import {
  CLOSE_MEMBERSHIP_ENDED,
  CLOSE_SESSION_ENDED,
  CLOSE_SHARE_REVOKED,
  clockOffset,
  parseLiveMessage,
  parseNotificationsSignal,
  parseShowSignal,
  PING,
  reconnectDelay,
  versionAction,
  type LiveMessage,
} from "~/domain/live";
import type { ShowLiveState } from "~/domain/show-live";

export type LiveStatus = "connecting" | "open" | "offline";
/** "apply": a change to show in place; "resync": changes were missed, refetch the page's data once. */
type LiveAction = "apply" | "resync";
type LiveListener = (message: LiveMessage, action: LiveAction) => void;

const PING_EVERY_MS = 30_000;
/** A page navigation unmounts one shell and mounts the next: keep the socket through that gap. */
const RELEASE_GRACE_MS = 5_000;

/**
 * The browser's one socket to /api/live, shared by every mounted shell. It follows the workspace the page shows
 * (a switch reconnects), or a crew share link's show (`retainShare`), measures the server clock, tracks the
 * workspace version and reconnects with backoff and jitter; pages never depend on it.
 */
class LiveConnection {
  private socket: WebSocket | null = null;
  /** What the socket follows, as its query: `workspace=…` or `share=…`. */
  private target: string | null = null;
  /** The server closed the socket because the user left this workspace: no reconnecting to it. */
  private ended = false;
  private known: number | null = null;
  private offset = 0;
  private attempt = 0;
  private users = 0;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private pingTimer: ReturnType<typeof setInterval> | undefined;
  private releaseTimer: ReturnType<typeof setTimeout> | undefined;
  private helloSentAt = 0;
  status: LiveStatus = "offline";
  private readonly listeners = new Set<LiveListener>();
  private readonly statusListeners = new Set<(status: LiveStatus) => void>();
  private readonly unreadListeners = new Set<(unread: number) => void>();
  private readonly showListeners = new Set<(state: ShowLiveState) => void>();
  /** The last show state received (sent on every connect and change). */
  show: ShowLiveState | null = null;

  retain(workspaceId: string) {
    return this.retainTarget(`workspace=${encodeURIComponent(workspaceId)}`);
  }

  /** Follows show mode through a crew share link (ADR 025): the socket hears show changes only. */
  retainShare(token: string) {
    return this.retainTarget(`share=${encodeURIComponent(token)}`);
  }

  private retainTarget(target: string) {
    this.users += 1;
    clearTimeout(this.releaseTimer);
    if (target !== this.target) this.follow(target);
    else if (!this.socket && this.retryTimer === undefined && !this.ended) this.open();
    return () => {
      this.users -= 1;
      if (this.users === 0) this.releaseTimer = setTimeout(() => this.stop(), RELEASE_GRACE_MS);
    };
  }

  /** The server's clock now (epoch ms), from the offset measured on connect. */
  serverNow = () => Date.now() + this.offset;

  onMessage(listener: LiveListener) {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  /** The signed-in member's unread notification count, whenever their notifications change. */
  onUnread(listener: (unread: number) => void) {
    this.unreadListeners.add(listener);
    return () => void this.unreadListeners.delete(listener);
  }

  /** Show mode's state, on connect and after every change. */
  onShow(listener: (state: ShowLiveState) => void) {
    this.showListeners.add(listener);
    return () => void this.showListeners.delete(listener);
  }

  onStatus(listener: (status: LiveStatus) => void) {
    this.statusListeners.add(listener);
    return () => void this.statusListeners.delete(listener);
  }

  private setStatus(status: LiveStatus) {
    this.status = status;
    for (const listener of this.statusListeners) listener(status);
  }

  /** Another workspace's changes from now on: a fresh socket and version (versions are per workspace). */
  private follow(target: string) {
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    const previous = this.socket;
    this.socket = null;
    previous?.close(1000, "Switched workspace");
    this.target = target;
    this.known = null;
    this.show = null;
    this.attempt = 0;
    this.ended = false;
    this.open();
  }

  private open() {
    this.retryTimer = undefined;
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const query = this.target ? `?${this.target}` : "";
    let socket: WebSocket;
    try {
      socket = new WebSocket(`${scheme}://${location.host}/api/live${query}`);
    } catch {
      this.scheduleRetry();
      return;
    }
    this.socket = socket;
    this.setStatus("connecting");
    socket.addEventListener("open", () => {
      this.attempt = 0;
      this.setStatus("open");
      // A hello round trip of its own gives a clean clock offset (the upgrade's includes the auth lookup).
      this.helloSentAt = Date.now();
      socket.send("hello");
      this.pingTimer = setInterval(() => socket.readyState === WebSocket.OPEN && socket.send(PING), PING_EVERY_MS);
    });
    socket.addEventListener("message", (event) => this.receive(event.data));
    socket.addEventListener("close", (event) => {
      clearInterval(this.pingTimer);
      if (this.socket !== socket) return;
      this.socket = null;
      this.setStatus("offline");
      if (event.code === CLOSE_MEMBERSHIP_ENDED || event.code === CLOSE_SESSION_ENDED || event.code === CLOSE_SHARE_REVOKED) {
        // Removed from this workspace (the server has moved the session on), signed out, or the share link was
        // revoked: the page reloads its data, which sends a signed-out page to sign in (a revoked link's page says
        // so); reconnecting would only be refused.
        this.ended = true;
        const resync: LiveMessage = { type: "hello", version: this.known ?? 0, serverTime: Date.now() };
        for (const listener of this.listeners) listener(resync, "resync");
        return;
      }
      if (this.users > 0) this.scheduleRetry();
    });
  }

  private setShow(state: ShowLiveState) {
    this.show = state;
    for (const listener of this.showListeners) listener(state);
  }

  private receive(data: unknown) {
    const show = parseShowSignal(data);
    if (show) return this.setShow(show.state);
    const signal = parseNotificationsSignal(data);
    if (signal) {
      for (const listener of this.unreadListeners) listener(signal.unread);
      return;
    }
    const message = parseLiveMessage(data);
    if (!message) return;
    if (message.type === "hello" && message.show) this.setShow(message.show);
    if (message.type === "hello" && this.helloSentAt) {
      this.offset = clockOffset(message.serverTime, this.helloSentAt, Date.now());
      this.helloSentAt = 0;
    }
    const action = versionAction(this.known, message);
    if (action === "ignore") return;
    this.known = message.version;
    if (action === "adopt") return;
    for (const listener of this.listeners) listener(message, action);
  }

  private scheduleRetry() {
    this.retryTimer = setTimeout(() => this.open(), reconnectDelay(this.attempt, Math.random()));
    this.attempt += 1;
  }

  private stop() {
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    const socket = this.socket;
    this.socket = null;
    socket?.close(1000, "Page closed");
    this.setStatus("offline");
  }
}

let connection: LiveConnection | null = null;

/** The shared connection (browser only). */
export function liveConnection() {
  connection ??= new LiveConnection();
  return connection;
}
