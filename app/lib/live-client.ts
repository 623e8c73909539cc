import type { LiveMessage } from "~/domain/live";
import type { ShowLiveState } from "~/domain/show-live";
import type { LiveSocket } from "./live-socket";

export type LiveStatus = "connecting" | "open" | "offline";
/** "apply": a change to show in place; "resync": changes were missed, refetch the page's data once. */
export type LiveAction = "apply" | "resync";
type LiveListener = (message: LiveMessage, action: LiveAction) => void;

/**
 * What the page knows of the live connection: its status, the server clock's offset, the last show state, and the
 * listeners of messages, unread counts and show changes. The socket itself (app/lib/live-socket.ts, with the
 * messages' parsers) loads when the first page retains it, after hydration, so it is not part of a page's first
 * load; no message can arrive before it, and each connect starts with the server's version, so a page that missed
 * changes meanwhile refetches its data. Pages never depend on it: without it they keep their loader data.
 */
export class LiveHub {
  status: LiveStatus = "offline";
  /** The last show state received of each stage (ADR 037; key "" for the cues on no stage), sent on connect and change. */
  readonly shows = new Map<string, ShowLiveState>();
  /** The server's clock minus the local one, measured on connect. */
  offset = 0;
  private socket: Promise<LiveSocket> | null = null;
  private readonly listeners = new Set<LiveListener>();
  private readonly statusListeners = new Set<(status: LiveStatus) => void>();
  private readonly unreadListeners = new Set<(unread: number) => void>();
  private readonly showListeners = new Set<(state: ShowLiveState) => void>();

  retain(workspaceId: string) {
    return this.retainTarget(`workspace=${encodeURIComponent(workspaceId)}`);
  }

  /** Follows show mode through a crew share link (ADR 025): the socket hears show changes only. */
  retainShare(token: string) {
    return this.retainTarget(`share=${encodeURIComponent(token)}`);
  }

  /** Follows show mode through a personal crew link (ADR 045): the socket hears show changes only. */
  retainCrewLink(token: string) {
    return this.retainTarget(`crew=${encodeURIComponent(token)}`);
  }

  /**
   * Retains the socket once its code has loaded, unless released first. Loads resolve in order, so a navigation's
   * release and retain reach the socket in the order the pages made them. A failed load leaves the page as it is,
   * and the next retain tries again.
   */
  private retainTarget(target: string) {
    this.socket ??= import("./live-socket").then(
      ({ LiveSocket }) => new LiveSocket(this),
      (error: unknown) => {
        this.socket = null;
        throw error;
      },
    );
    let release: (() => void) | undefined;
    let released = false;
    this.socket.then(
      (socket) => {
        if (!released) release = socket.retain(target);
      },
      () => {},
    );
    return () => {
      released = true;
      release?.();
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

  /** The socket's reports. */
  setStatus(status: LiveStatus) {
    this.status = status;
    for (const listener of this.statusListeners) listener(status);
  }

  setShow(state: ShowLiveState) {
    this.shows.set(state.stageId ?? "", state);
    for (const listener of this.showListeners) listener(state);
  }

  setUnread(unread: number) {
    for (const listener of this.unreadListeners) listener(unread);
  }

  deliver(message: LiveMessage, action: LiveAction) {
    for (const listener of this.listeners) listener(message, action);
  }
}

let connection: LiveHub | null = null;

/** The shared connection (browser only). */
export function liveConnection() {
  connection ??= new LiveHub();
  return connection;
}
