import { DurableObject } from "cloudflare:workers";
import type { LiveEvent, NotificationsSignal } from "../app/domain/live";
import { connectLiveSocket } from "../app/http/live.server";
import { createCtx } from "../app/services/context.server";
import { LiveHub } from "../app/services/live.server";
import type { ShowActionInput } from "../app/services/show-live.server";

/**
 * One instance per workspace (addressed by `idFromName(workspaceId)`): holds the open dashboard sockets and
 * the workspace's change version. Thin by design; the logic is LiveHub's.
 */
export class WorkspaceLive extends DurableObject<Env> {
  private readonly hub: LiveHub;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.hub = new LiveHub(ctx);
  }

  /** The call's context: its clock reads the instant the call came in. */
  private callCtx() {
    return createCtx(this.env, (promise) => this.ctx.waitUntil(promise), new Date());
  }

  fetch(request: Request) {
    return connectLiveSocket(request, this.callCtx(), this.hub, this.workspaceId());
  }

  /** The workspace this object serves: the name it is addressed by (`idFromName(workspaceId)`). */
  private workspaceId() {
    const { name } = this.ctx.id;
    if (!name) throw new Error("A workspace's live object is addressed by the workspace's id");
    return name;
  }

  /** RPC from the task services after a committed write; returns the new version. */
  publish(event: LiveEvent) {
    return this.hub.publish(event);
  }

  /** RPC after a member's notifications changed: their unread count, to their sockets only. */
  notifyUser(userId: string, signal: NotificationsSignal) {
    return this.hub.notifyUser(userId, signal);
  }

  /** RPC after a member leaves the workspace: their open pages stop receiving its changes. */
  disconnect(userId: string) {
    return this.hub.disconnect(userId);
  }

  /** RPC after a session ends (sign-out, or revoked by a new sign-in): its open pages stop at once. */
  endSession(sessionId: string) {
    return this.hub.endSession(sessionId);
  }

  /** RPC: show mode's state (ADR 025) of one stage (ADR 037; null: the cues on no stage). */
  getShow(stageId: string | null = null) {
    return this.hub.getShow(stageId);
  }

  /** RPC from the show service: one show action, applied only if the show has not moved since the caller looked. */
  showAction(input: ShowActionInput) {
    return this.hub.showAction(this.callCtx(), input);
  }

  /** RPC after a crew share link is revoked: its open pages stop at once. */
  revokeShare(shareId: string) {
    return this.hub.revokeShare(shareId);
  }

  /** RPC after a personal crew link is revoked or ends: its open pages stop at once. */
  revokeCrewLink(linkId: string) {
    return this.hub.revokeCrewLink(linkId);
  }

  /** Set to the earliest session expiry among the open sockets. */
  alarm() {
    return this.hub.expire(this.callCtx());
  }

  webSocketMessage(socket: WebSocket, message: string | ArrayBuffer) {
    return this.hub.message(this.callCtx(), socket, message);
  }

  webSocketClose(socket: WebSocket, code: number) {
    this.hub.close(socket, code);
  }
}
