// Imported by load-context.ts, which vite.config.ts loads before the `~` alias exists: relative imports only.
import type { LiveEvent, NotificationsSignal } from "../domain/live";
import { errorSummary } from "../lib/log";

/**
 * Tells a workspace's live object about a committed change. `build` runs after the response (waitUntil),
 * so the write that triggered it never waits for the stats query or the object.
 */
export interface LiveNotifier {
  publish(workspaceId: string, build: () => Promise<LiveEvent>): void;
  /** Sends one member's open pages of a workspace their unread notification count (after the response). */
  notifyUser(workspaceId: string, userId: string, build: () => Promise<NotificationsSignal>): void;
  /** Closes a user's sockets to a workspace they no longer belong to (after the response). */
  disconnect(workspaceId: string, userId: string): void;
  /** Closes an ended session's sockets to each of these workspaces (after the response). */
  endSession(workspaceIds: string[], sessionId: string): void;
  /** Closes a revoked crew share link's open pages (after the response). */
  revokeShare(workspaceId: string, shareId: string): void;
  /** Closes a revoked or ended personal crew link's open pages (after the response). */
  revokeCrewLink(workspaceId: string, linkId: string): void;
}

type LiveNamespace = NonNullable<Env["WORKSPACE_LIVE"]>;

export function stubFor(namespace: LiveNamespace, workspaceId: string) {
  return namespace.get(namespace.idFromName(workspaceId));
}

/**
 * The per-request notifier; undefined where there is no live binding (e.g. `remix vite:dev`, whose proxy
 * cannot reach a Durable Object of this Worker). A failed push is logged and dropped: pages resync by version.
 */
export function createLiveNotifier(env: Env, waitUntil: (promise: Promise<unknown>) => void): LiveNotifier | undefined {
  const namespace = env.WORKSPACE_LIVE;
  if (!namespace) return undefined;
  return {
    publish(workspaceId, build) {
      waitUntil(
        (async () => {
          try {
            await stubFor(namespace, workspaceId).publish(await build());
          } catch (error) {
            logFailure("publish")(error);
          }
        })(),
      );
    },
    notifyUser(workspaceId, userId, build) {
      waitUntil(
        (async () => {
          try {
            await stubFor(namespace, workspaceId).notifyUser(userId, await build());
          } catch (error) {
            logFailure("notify user")(error);
          }
        })(),
      );
    },
    disconnect(workspaceId, userId) {
      waitUntil(stubFor(namespace, workspaceId).disconnect(userId).catch(logFailure("disconnect")));
    },
    endSession(workspaceIds, sessionId) {
      for (const workspaceId of workspaceIds) {
        waitUntil(stubFor(namespace, workspaceId).endSession(sessionId).catch(logFailure("end session")));
      }
    },
    revokeShare(workspaceId, shareId) {
      waitUntil(stubFor(namespace, workspaceId).revokeShare(shareId).catch(logFailure("revoke share")));
    },
    revokeCrewLink(workspaceId, linkId) {
      waitUntil(stubFor(namespace, workspaceId).revokeCrewLink(linkId).catch(logFailure("revoke crew link")));
    },
  };
}

const logFailure = (what: string) => (error: unknown) => {
  console.warn(`live ${what} failed: ${errorSummary(error)}`);
};
