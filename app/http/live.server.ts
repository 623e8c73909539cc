import type { AppLoadContext } from "@remix-run/cloudflare";
import { badRequest, notFound, unauthorized } from "~/domain/errors";
import { withActor, type Ctx } from "~/services/context.server";
import { stubFor } from "~/services/live-notifier.server";
import { liveWorkspaceFor, type Attachment, type LiveHub } from "~/services/live.server";
import { activeCrewLinkOf, findActiveCrewLink } from "~/services/crew-links.server";
import { activeShareOf, findActiveShare } from "~/services/show-shares.server";
import { handleApi, jsonError, resource } from "./api.server";
import { assertSameOrigin, authenticate } from "./auth.server";

export const LIVE_PATH = "/api/live";

const USER_HEADER = "x-live-user";
const SESSION_HEADER = "x-live-session";
const EXPIRES_HEADER = "x-live-expires";
const SHARE_HEADER = "x-live-share";
const CREW_LINK_HEADER = "x-live-crew-link";
/** Every header the object reads starts so; the Worker forwards none of these from a client (issue 32). */
const LIVE_HEADER_PREFIX = "x-live-";

const isUpgrade = (request: Request) => request.headers.get("upgrade")?.toLowerCase() === "websocket";
const expectedUpgrade = () => jsonError(426, "Expected a WebSocket upgrade");

/**
 * The upgrade as the object gets it: the client's headers less any `x-live-*` (a client that sent `x-live-share`
 * would otherwise pass as a crew link), plus the ones this Worker vouches for.
 */
function requestForObject(request: Request, vouched: Record<string, string>) {
  const headers = new Headers();
  for (const [name, value] of request.headers) {
    if (!name.startsWith(LIVE_HEADER_PREFIX)) headers.append(name, value);
  }
  for (const [name, value] of Object.entries(vouched)) headers.set(name, value);
  return new Request(request.url, { headers });
}

/**
 * GET /api/live: a WebSocket to a workspace's object. Everything is checked before the upgrade, so a refused
 * caller gets a plain JSON 4xx: a session (cookie or `x-demo-token`) with a live membership (401), a browser
 * Origin of our own (403), and a workspace it may follow (`liveWorkspaceFor`, 403).
 */
const { loader: handleLive } = resource({
  GET: async ({ request, context }) => {
    const shareToken = new URL(request.url).searchParams.get("share");
    if (shareToken !== null) return connectShare(request, context, shareToken);
    const crewToken = new URL(request.url).searchParams.get("crew");
    if (crewToken !== null) return connectCrewLink(request, context, crewToken);
    const auth = await authenticate(request, context);
    if (!auth) throw unauthorized();
    assertSameOrigin(request);
    const workspaceId = await liveWorkspaceFor(
      withActor(context, auth),
      new URL(request.url).searchParams.get("workspace"),
    );
    if (!isUpgrade(request)) return expectedUpgrade();
    const namespace = context.env.WORKSPACE_LIVE;
    if (!namespace) return jsonError(503, "Live updates are not available here");
    // The object trusts the Worker: it learns who connected, and until when, from headers only this Worker sets.
    const vouched = {
      [USER_HEADER]: auth.user.id,
      [SESSION_HEADER]: auth.sessionId,
      [EXPIRES_HEADER]: String(Date.parse(auth.sessionExpiresAt)),
    };
    return stubFor(namespace, workspaceId).fetch(requestForObject(request, vouched));
  },
});

/**
 * GET /api/live?share={token}: a crew share link's socket (ADR 025), which hears show mode only. An unknown or
 * revoked token is a 404 that says nothing more.
 */
async function connectShare(request: Request, context: AppLoadContext, token: string) {
  assertSameOrigin(request);
  const share = await findActiveShare(context, token);
  if (!share) return jsonError(404, "Share link not found");
  if (!isUpgrade(request)) return expectedUpgrade();
  const namespace = context.env.WORKSPACE_LIVE;
  if (!namespace) return jsonError(503, "Live updates are not available here");
  return stubFor(namespace, share.workspaceId).fetch(requestForObject(request, { [SHARE_HEADER]: share.id }));
}

/**
 * GET /api/live?crew={token}: a personal crew link's socket (ADR 045), which hears show mode only. An unknown or
 * revoked token is a 404 that says nothing more.
 */
async function connectCrewLink(request: Request, context: AppLoadContext, token: string) {
  assertSameOrigin(request);
  const found = await findActiveCrewLink(context, token);
  if (!found) return jsonError(404, "Personal link not found");
  if (!isUpgrade(request)) return expectedUpgrade();
  const namespace = context.env.WORKSPACE_LIVE;
  if (!namespace) return jsonError(503, "Live updates are not available here");
  return stubFor(namespace, found.link.workspaceId).fetch(
    requestForObject(request, { [CREW_LINK_HEADER]: found.link.id }),
  );
}

/** The Worker's route for live sockets (outside Remix, which would rebuild the 101 response and drop the socket). */
export function handleLiveRequest(request: Request, context: AppLoadContext) {
  return handleLive({ request, context, params: {} });
}

/**
 * The object's side of the upgrade for `workspaceId` (the object's own): who connected (from the Worker's headers),
 * admitted by the hub, as a 101; full slots are a JSON 429. A crew socket's link is checked again here: only an
 * active link of this workspace gets one (404 otherwise), whatever reached the object.
 */
export function connectLiveSocket(request: Request, ctx: Ctx, hub: LiveHub, workspaceId: string) {
  return handleApi(async () => {
    if (!isUpgrade(request)) return expectedUpgrade();
    const crewLinkId = request.headers.get(CREW_LINK_HEADER);
    if (crewLinkId !== null) {
      const link = await activeCrewLinkOf(ctx, { workspaceId, linkId: crewLinkId });
      if (!link) throw notFound("Personal link not found");
      return new Response(null, { status: 101, webSocket: hub.admitCrewLink(ctx, crewLinkId) });
    }
    const shareId = request.headers.get(SHARE_HEADER);
    if (shareId !== null) {
      const share = await activeShareOf(ctx, { workspaceId, shareId });
      if (!share) throw notFound("Share link not found");
      // The link's stages go with its socket: it hears only their shows (ADR 037).
      const attachment = { shareId, expiresAt: Infinity, stageIds: share.stageIds };
      return new Response(null, { status: 101, webSocket: hub.admitShare(ctx, attachment) });
    }
    const attachment: Attachment = {
      userId: request.headers.get(USER_HEADER) ?? "",
      sessionId: request.headers.get(SESSION_HEADER) ?? "",
      expiresAt: Number(request.headers.get(EXPIRES_HEADER)),
    };
    if (!attachment.userId || !attachment.sessionId || !Number.isFinite(attachment.expiresAt)) {
      throw badRequest("Live connections come through the Worker");
    }
    return new Response(null, { status: 101, webSocket: await hub.admit(ctx, attachment) });
  });
}
