import { redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { AppError } from "~/domain/errors";
import { assertSameOrigin, authenticate, type Auth } from "~/services/auth.server";
import type { PlanScope } from "~/services/tasks.server";

/** Page loaders: the signed-in caller, or null (the page then shows the landing component). */
export function getPageAuth(request: Request, context: AppLoadContext) {
  return authenticate(request, context);
}

/**
 * Page actions (form posts): a cross-site post is refused with 403; a post whose session has ended is
 * sent back to `signedOutTo`, which shows the landing page with the signup form.
 */
export async function requirePageActionAuth(request: Request, context: AppLoadContext, signedOutTo: string) {
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
    if (error instanceof AppError) throw new Response(error.message, { status: error.status });
    throw error;
  }
}

export function taskScope(auth: Auth, context: AppLoadContext): PlanScope {
  return {
    db: context.db,
    workspace: auth.workspace,
    userId: auth.user.id,
    plan: auth.plan,
    limits: context.env,
    live: context.live,
  };
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

/**
 * Who the app shell shows as signed in, where, the workspace's plan (its badge) and the caller's own tier (what
 * the upgrade dialog offers them); demo users are offered to sign in with a real account.
 */
export function shellUser(auth: Auth) {
  return {
    userId: auth.user.id,
    name: auth.user.name,
    workspaceId: auth.workspace.id,
    workspaceName: auth.workspace.name,
    role: auth.role,
    demo: auth.user.authType === "demo",
    tier: auth.tier,
    planTier: auth.plan.tier,
  };
}
