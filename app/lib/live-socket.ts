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
import type { LiveHub } from "./live-client";

const PING_EVERY_MS = 30_000;
/** A page navigation unmounts one shell and mounts the next: keep the socket through that gap. */
const RELEASE_GRACE_MS = 5_000;

/**
 * The browser's one socket to /api/live, shared by every mounted shell, loaded after hydration by the first page
 * that wants live updates (app/lib/live-client.ts). It follows the workspace the page shows (a switch reconnects),
 * or a crew share link's show, measures the server clock, tracks the workspace version and reconnects with
 * backoff and jitter; what it hears goes to the hub's listeners.
 */
export class LiveSocket {
  private socket: WebSocket | null = null;
  /** What the socket follows, as its query: `workspace=…`, `share=…` or `crew=…`. */
  private target: string | null = null;
  /** The server closed the socket because the user left this workspace: no reconnecting to it. */
  private ended = false;
  private known: number | null = null;
  private attempt = 0;
  private users = 0;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private pingTimer: ReturnType<typeof setInterval> | undefined;
  private releaseTimer: ReturnType<typeof setTimeout> | undefined;
  private helloSentAt = 0;
  private readonly hub: LiveHub;

  constructor(hub: LiveHub) {
    this.hub = hub;
    // Back online (a venue's Wi-Fi returns): reconnect now rather than at the end of a long backoff.
    if (typeof window !== "undefined") window.addEventListener("online", () => this.reconnectNow());
  }

  private reconnectNow() {
    if (this.socket || this.ended || this.users === 0 || !this.target) return;
    clearTimeout(this.retryTimer);
    this.attempt = 0;
    this.open();
  }

  /** Keeps the socket following `target` (`workspace=…` or `share=…`) until the returned release. */
  retain(target: string) {
    this.users += 1;
    clearTimeout(this.releaseTimer);
    if (target !== this.target) this.follow(target);
    else if (!this.socket && this.retryTimer === undefined && !this.ended) this.open();
    return () => {
      this.users -= 1;
      if (this.users === 0) this.releaseTimer = setTimeout(() => this.stop(), RELEASE_GRACE_MS);
    };
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
    this.hub.shows.clear();
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
    this.hub.setStatus("connecting");
    socket.addEventListener("open", () => {
      this.attempt = 0;
      this.hub.setStatus("open");
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
      this.hub.setStatus("offline");
      if (
        event.code === CLOSE_MEMBERSHIP_ENDED ||
        event.code === CLOSE_SESSION_ENDED ||
        event.code === CLOSE_SHARE_REVOKED
      ) {
        // Removed from this workspace (the server has moved the session on), signed out, or the share link was
        // revoked: the page reloads its data, which sends a signed-out page to sign in (a revoked link's page says
        // so); reconnecting would only be refused.
        this.ended = true;
        const resync: LiveMessage = { type: "hello", version: this.known ?? 0, serverTime: Date.now() };
        this.hub.deliver(resync, "resync");
        return;
      }
      if (this.users > 0) this.scheduleRetry();
    });
  }

  private receive(data: unknown) {
    const show = parseShowSignal(data);
    if (show) return this.hub.setShow(show.state);
    const signal = parseNotificationsSignal(data);
    if (signal) return this.hub.setUnread(signal.unread);
    const message = parseLiveMessage(data);
    if (!message) return;
    if (message.type === "hello" && message.show) this.hub.setShow(message.show);
    if (message.type === "hello") for (const show of message.shows ?? []) this.hub.setShow(show);
    if (message.type === "hello" && this.helloSentAt) {
      this.hub.offset = clockOffset(message.serverTime, this.helloSentAt, Date.now());
      this.helloSentAt = 0;
    }
    const action = versionAction(this.known, message);
    if (action === "ignore") return;
    this.known = message.version;
    if (action === "adopt") return;
    this.hub.deliver(message, action);
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
    this.hub.setStatus("offline");
  }
}
