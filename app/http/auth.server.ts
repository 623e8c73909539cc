import { redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { adminAccess } from "~/domain/crm";
import { apiTokenRefusal, isPersonalToken } from "~/domain/api-tokens";
import { AppError, forbidden, unauthorized } from "~/domain/errors";
import { actorForApiToken } from "~/services/api-tokens.server";
import { sessionForToken, SESSION_DAYS, type Auth } from "~/services/auth.server";
import {
  sendWaitingReads,
  withActor,
  withNextBatch,
  type Actor,
  type ActorCtx,
  type Ctx,
} from "~/services/context.server";
import { unreadCount } from "~/services/notifications.server";
import { clearCookie, readCookie, setCookie } from "./cookies.server";

/**
 * Who a request is. A session's bearer token arrives in the `x-demo-token` header (API clients) or the `cb_session`
 * cookie (browsers); on /api routes also as `Authorization: Bearer`, which carries personal API tokens (`cbt_…`,
 * ADR 048) too. Only this module reads any of them. The session itself is the auth service's.
 */
export const DEMO_TOKEN_HEADER = "x-demo-token";
const MAX_TOKEN_LENGTH = 200;

function tokenFrom(request: Request): { token: string; via: Auth["via"] } | null {
  const header = request.headers.get(DEMO_TOKEN_HEADER)?.trim();
  if (header) return { token: header, via: "header" };
  const cookie = readCookie(request, "cb_session", MAX_TOKEN_LENGTH);
  return cookie ? { token: cookie, via: "cookie" } : null;
}

/** The request's bearer token (header or cookie), for signing out. */
export const requestToken = (request: Request) => tokenFrom(request)?.token ?? null;

export const sessionCookie = (request: Request, token: string) =>
  setCookie(request, "cb_session", token, SESSION_DAYS * 86400);

export const clearSessionCookie = (request: Request) => clearCookie(request, "cb_session");

/** A read (GET or HEAD): it may trust a session seen lately and check it alongside its own reads. */
const isRead = (request: Request) => request.method === "GET" || request.method === "HEAD";

/**
 * The caller behind the request's token, or null. With `reuse`, a read request may start from a session seen
 * lately, checked in its first D1 batch; the Worker answers it only once that check agrees (workers/app.ts).
 */
export async function authenticate(
  request: Request,
  context: Ctx,
  options: { reuse?: boolean } = {},
): Promise<Auth | null> {
  const found = tokenFrom(request);
  if (!found || found.token.length > MAX_TOKEN_LENGTH) return null;
  const reuse = options.reuse === true && isRead(request);
  return sessionForToken(context, { token: found.token, via: found.via, reuse });
}

/**
 * Browsers send Origin on every cross-site write; a cookie-authenticated write from another origin is a
 * forgery. Token-in-header callers cannot be forged this way and are not checked.
 */
export function assertSameOrigin(request: Request) {
  const origin = request.headers.get("origin");
  if (origin && origin !== new URL(request.url).origin) {
    throw new AppError("forbidden", "Cross-site request refused");
  }
}

/**
 * `Authorization: Bearer <token>`: the token, "" for a header that is not a Bearer of one token (a 401), or null
 * without the header.
 */
function bearerFrom(request: Request) {
  const header = request.headers.get("authorization");
  if (header === null) return null;
  const match = /^Bearer +([!-~]{1,200})$/i.exec(header.trim());
  return match ? match[1] : "";
}

const INVALID_API_TOKEN = "This API token is not valid: it may have been revoked or have expired";
const NEEDS_SESSION = "This needs a signed-in session; API tokens cannot do it";

/**
 * The /api caller: a personal API token's member (with its scope), or a session's caller. A Bearer that is not a
 * personal token is read as a session token, as `x-demo-token` is (ADR 048). Header credentials cannot be sent by
 * another site's page, so only cookie-authenticated writes must come from our origin.
 */
async function apiCaller(request: Request, context: AppLoadContext): Promise<Auth | Actor> {
  const bearer = bearerFrom(request);
  if (bearer === "") throw unauthorized();
  if (bearer !== null && isPersonalToken(bearer)) {
    const actor = await actorForApiToken(context, bearer);
    if (!actor) throw new AppError("unauthenticated", INVALID_API_TOKEN);
    return actor;
  }
  const auth =
    bearer !== null
      ? await sessionForToken(context, { token: bearer, via: "header", reuse: isRead(request) })
      : await authenticate(request, context, { reuse: true });
  if (!auth) throw unauthorized();
  if (auth.via === "cookie" && !isRead(request)) assertSameOrigin(request);
  return auth;
}

const isSession = (caller: Auth | Actor): caller is Auth => "sessionId" in caller;

/** What a personal token's scope refuses this request (ADR 048), thrown as a 403. */
function assertTokenScope(request: Request, actor: Actor) {
  if (!actor.tokenScope) return;
  const refusal = apiTokenRefusal(actor.tokenScope, { method: request.method, path: new URL(request.url).pathname });
  if (refusal) throw forbidden(refusal);
}

/**
 * For /api routes that act on the session itself (switching its workspace, accepting an invite, billing): the
 * session's caller or a 401; a personal API token is refused with a 403.
 */
export async function requireApiAuth(request: Request, context: AppLoadContext) {
  const caller = await apiCaller(request, context);
  if (isSession(caller)) return caller;
  assertTokenScope(request, caller);
  throw forbidden(NEEDS_SESSION);
}

/**
 * For /api routes: the caller's context, from a session or a personal API token whose scope allows the request
 * (403 otherwise: a read token writing, a show-control token off `/api/show/live`). The one place every /api
 * request becomes an actor, so the scopes hold on every route.
 */
export async function requireApiActor(request: Request, context: AppLoadContext): Promise<ActorCtx> {
  const caller = await apiCaller(request, context);
  if (!isSession(caller)) {
    assertTokenScope(request, caller);
    return withActor(context, caller);
  }
  // A token in a header is an API client; the cookie is the web app calling its own API.
  return withActor(context, { ...caller, source: caller.via === "header" ? "api" : "web" });
}

/** Admin API calls: 401 without an identity-provider session (demo sessions included), 403 for non-admins. */
export async function requireAdminApi(request: Request, context: AppLoadContext): Promise<ActorCtx> {
  const auth = await authenticate(request, context);
  const access = adminAccess(auth?.user ?? null, context.env.ADMIN_EMAILS);
  if (access === "sign-in") throw unauthorized();
  if (access === "forbidden") throw forbidden("Admin access required");
  return withActor(context, auth!);
}

/** The admin page: who is asking, and whether they may see it; the page shows its access screen otherwise. */
export async function adminPageAccess(request: Request, context: AppLoadContext) {
  const auth = await authenticate(request, context);
  return { auth, access: adminAccess(auth?.user ?? null, context.env.ADMIN_EMAILS) };
}

/** Page loaders: the signed-in caller, or null (the page then shows the landing component). */
export function getPageAuth(request: Request, context: AppLoadContext) {
  return authenticate(request, context, { reuse: true });
}

/** The unread counts asked for the app shell of a page, by its caller (see getShellPageAuth). */
const shellUnread = new WeakMap<Auth, { context: AppLoadContext; unread: Promise<number | undefined> }>();

/**
 * Loaders of pages framed by the app shell: `getPageAuth`, and the caller's unread count for the header's bell goes
 * to D1 with the page's own first batch (`withNextBatch`) instead of a request of its own from every page view. A
 * failed count leaves the bell to fetch it.
 */
export async function getShellPageAuth(request: Request, context: AppLoadContext) {
  const auth = await getPageAuth(request, context);
  if (auth) {
    const unread = withNextBatch(context, () => unreadCount(context, auth.workspace.id, auth.user.id));
    shellUnread.set(auth, { context, unread: unread.catch(() => undefined) });
  }
  return auth;
}

/**
 * Page actions (form posts): a cross-site post is refused with 403; a post whose session has ended is
 * sent back to `signedOutTo`, which shows the landing page with the signup form.
 */
export async function requirePageActionAuth(request: Request, context: Ctx, signedOutTo: string) {
  assertPageSameOrigin(request);
  const auth = await authenticate(request, context);
  if (!auth) throw redirect(signedOutTo, 303);
  return auth;
}

/** assertSameOrigin for pages: the AppError becomes a thrown 403 response for the error boundary. */
export function assertPageSameOrigin(request: Request) {
  try {
    assertSameOrigin(request);
  } catch (error) {
    if (error instanceof AppError) throw new Response(error.message, { status: 403 });
    throw error;
  }
}

/**
 * True when a form post is a plain browser navigation (no JavaScript, or before hydration): it gets
 * Post/Redirect/Get. Fetcher submissions are fetch() calls (Sec-Fetch-Mode: cors) and get data back.
 * A browser that sends no Sec-Fetch-Mode is treated as a navigation; a fetcher then just follows the
 * redirect, so both paths stay correct.
 */
export function isDocumentRequest(request: Request) {
  const mode = request.headers.get("sec-fetch-mode");
  return mode === null || mode === "navigate";
}

/** The header's unread count asked by getShellPageAuth, sent now if the page read nothing after it. */
function shellUnreadOf(auth: Auth) {
  const asked = shellUnread.get(auth);
  if (!asked) return undefined;
  sendWaitingReads(asked.context);
  return asked.unread;
}

/**
 * Who the app shell shows as signed in, where, the workspace's plan (its badge) and the caller's own tier (what
 * the upgrade dialog offers them); demo users are offered to sign in with a real account.
 */
export async function shellUser(auth: Auth) {
  return {
    userId: auth.user.id,
    name: auth.user.name,
    workspaceId: auth.workspace.id,
    workspaceName: auth.workspace.name,
    timezone: auth.workspace.timezone,
    role: auth.role,
    demo: auth.user.authType === "demo",
    tier: auth.tier,
    planTier: auth.plan.tier,
    /** The header bell's count, when the loader started it (getShellPageAuth); the bell fetches it otherwise. */
    unread: await shellUnreadOf(auth),
  };
}

/**
 * `shellUser`, started on the first call and shared by the next: a page loader hands it to `pageDataRead` (which
 * asks for it first only to answer a conditional request) and reads it with the page's data either way.
 */
export function shellUserOnce(auth: Auth) {
  let user: ReturnType<typeof shellUser> | undefined;
  return () => (user ??= shellUser(auth));
}
