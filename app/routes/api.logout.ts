import { resource } from "~/http/api.server";
import { clearSessionCookie, requestToken } from "~/http/auth.server";
import { signOut } from "~/services/auth.server";

const api = resource({
  /**
   * The spec's browser navigation to /api/logout: ends the session, clears the cookie and goes to `/`.
   * A GET, so a cross-site link can sign someone out; it cannot do anything else, and the app's own
   * Sign Out button posts to /logout instead.
   */
  GET: async ({ request, context }) => {
    await signOut(context, { token: requestToken(request) });
    return new Response(null, {
      status: 302,
      headers: { Location: "/", "Set-Cookie": clearSessionCookie(request), "Cache-Control": "no-store" },
    });
  },
});

export const loader = api.loader;
export const action = api.action;
