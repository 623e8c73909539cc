import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { notAllowed } from "~/http/api.server";
import { signOut } from "~/services/auth.server";
import { clearSessionCookie, requestToken } from "~/http/auth.server";

/**
 * The spec's browser navigation to /api/logout: ends the session, clears the cookie and goes to `/`.
 * A GET, so a cross-site link can sign someone out; it cannot do anything else, and the app's own
 * Sign Out button posts to /logout instead.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await signOut(context, requestToken(request));
  return new Response(null, {
    status: 302,
    headers: { Location: "/", "Set-Cookie": clearSessionCookie(request), "Cache-Control": "no-store" },
  });
}

export const action = () => notAllowed(["GET"]);
