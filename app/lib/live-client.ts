import {
  CLOSE_MEMBERSHIP_ENDED,
  CLOSE_SESSION_ENDED,
  clockOffset,
  parseLiveMessage,
  parseNotificationsSignal,
  PING,
  reconnectDelay,
  versionAction,
  type LiveMessage,
} from "~/domain/live";

export type LiveStatus = "connecting" | "open" | "offline";
/** "apply": a change to show in place; "resync": changes were missed, refetch the page's data once. */
type LiveAction = "apply" | "resync";
type LiveListener = (message: LiveMessage, action: LiveAction) => void;

const PING_EVERY_MS = 30_000;
/** A page navigation unmounts one shell and mounts the next: keep the socket through that gap. */
const RELEASE_GRACE_MS = 5_000;

/**
 * The browser's one socket to /api/live, shared by every mounted shell. It follows the workspace the page shows
 * (a switch reconnects), measures the server clock, tracks the workspace version and reconnects with backoff and
 * jitter; pages never depend on it.
 */
class LiveConnection {
  private socket: WebSocket | null = null;
  private workspaceId: string | null = null;
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

  retain(workspaceId: string) {
    this.users += 1;
    clearTimeout(this.releaseTimer);
    if (workspaceId !== this.workspaceId) this.follow(workspaceId);
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

  onStatus(listener: (status: LiveStatus) => void) {
    this.statusListeners.add(listener);
    return () => void this.statusListeners.delete(listener);
  }

  private setStatus(status: LiveStatus) {
    this.status = status;
    for (const listener of this.statusListeners) listener(status);
  }

  /** Another workspace's changes from now on: a fresh socket and version (versions are per workspace). */
  private follow(workspaceId: string) {
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    const previous = this.socket;
    this.socket = null;
    previous?.close(1000, "Switched workspace");
    this.workspaceId = workspaceId;
    this.known = null;
    this.attempt = 0;
    this.ended = false;
    this.open();
  }

  private open() {
    this.retryTimer = undefined;
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const query = this.workspaceId ? `?workspace=${encodeURIComponent(this.workspaceId)}` : "";
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
      if (event.code === CLOSE_MEMBERSHIP_ENDED || event.code === CLOSE_SESSION_ENDED) {
        // Removed from this workspace (the server has moved the session on) or signed out: the page reloads its
        // data, which sends a signed-out page to sign in; reconnecting would only be refused.
        this.ended = true;
        const resync: LiveMessage = { type: "hello", version: this.known ?? 0, serverTime: Date.now() };
        for (const listener of this.listeners) listener(resync, "resync");
        return;
      }
      if (this.users > 0) this.scheduleRetry();
    });
  }

  private receive(data: unknown) {
    const signal = parseNotificationsSignal(data);
    if (signal) {
      for (const listener of this.unreadListeners) listener(signal.unread);
      return;
    }
    const message = parseLiveMessage(data);
    if (!message) return;
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
